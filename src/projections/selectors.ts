/**
 * The named selectors: what `engine.subscribe(name, cb)` delivers, one view model per name. The
 * engine delivers a value only when it differs (deep equality) from the last one delivered.
 *
 * Where things are (src/projections):
 * - `select/`: domain selectors, state → facts (`activeNamespace`, `activeAccount`,
 *   `activeNetworkId`, `sendTokens`, `connectRows`, `accountNeeds`), used by view models,
 *   reducers and effects alike.
 * - `view-models/`: one `*-model.ts` per view model (`AccountModel`, `accountModel`…): what a view
 *   or the host is shown, small plain JSON. Named `…Model` so they never share a name with the
 *   React views (`AccountView`).
 * - this file: the record of names the engine serves (the views' and the host's: `engine`,
 *   `walletList`), and the view-model types for the page.
 */
import { accountActionsModel } from './view-models/account-actions-model.js'
import { approvalModel } from './view-models/approval-model.js'
import { accountModel } from './view-models/account-model.js'
import { accountTabsModel } from './view-models/account-tabs-model.js'
import { allWalletsModel } from './view-models/all-wallets-model.js'
import { connectModel } from './view-models/connect-model.js'
import { connectionsModel } from './view-models/connections-model.js'
import { engineModel } from './view-models/engine-model.js'
import { modalModel } from './view-models/modal-model.js'
import { namesModel } from './view-models/names-model.js'
import { networkListModel } from './view-models/network-list-model.js'
import { networkModel } from './view-models/network-model.js'
import { openingModel } from './view-models/opening-model.js'
import { profileWalletsModel } from './view-models/profile-wallets-model.js'
import { sendModel } from './view-models/send-model.js'
import { swapModel } from './view-models/swap-model.js'
import { onrampModel } from './view-models/onramp-model.js'
import { snackbarModel } from './view-models/snackbar-model.js'
import { walletConnectModel } from './view-models/wallet-connect-model.js'
import { walletListModel } from './view-models/wallet-list-model.js'

export type { AccountActionsModel, AccountAction } from './view-models/account-actions-model.js'
export type { AccountModel } from './view-models/account-model.js'
export type { AccountTabsModel, NftRow } from './view-models/account-tabs-model.js'
export type { AllWalletsModel, WalletRow } from './view-models/all-wallets-model.js'
export type { ApprovalModel } from './view-models/approval-model.js'
export type { ConnectModel } from './view-models/connect-model.js'
export type { ConnectionsModel } from './view-models/connections-model.js'
export type { EngineModel } from './view-models/engine-model.js'
export type { ModalModel } from './view-models/modal-model.js'
export type { NamesModel } from './view-models/names-model.js'
export type { NetworkListModel } from './view-models/network-list-model.js'
export type { NetworkModel } from './view-models/network-model.js'
export type { OpeningModel } from './view-models/opening-model.js'
export type { ProfileWalletsModel, ProfileNamespace, ProfileConnectionRow, ProfileAccountRow } from './view-models/profile-wallets-model.js'
export type { SendModel, SendTokenRow, TradeResult } from './view-models/send-model.js'
export type { SwapModel, SwapTokenRow, SwapDetails, SwapReview, SwapAssetChange } from './view-models/swap-model.js'
export type { OnrampModel, OnrampCurrencyRow, OnrampProviderRow } from './view-models/onramp-model.js'
export type { SnackbarModel } from './view-models/snackbar-model.js'
export type { WalletConnectModel } from './view-models/wallet-connect-model.js'
export type { WalletItem, WalletItemGroup, WalletListModel } from './view-models/wallet-list-model.js'
export type { TxPreviewModel, TxCallRow, TxChangeRow, TxApprovalRow, TxTokenRef } from './view-models/tx-preview-model.js'

/**
 * The selectors the views follow, name → the function computing its view model from the state. The
 * page makes one signal per name (ui/client/signals.ts), from the names the engine's `start` gives
 * (`views`): a new view model is its file and one entry here.
 */
export const viewSelectors = {
  modal: modalModel,
  account: accountModel,
  network: networkModel,
  networkList: networkListModel,
  connect: connectModel,
  allWallets: allWalletsModel,
  walletConnect: walletConnectModel,
  opening: openingModel,
  send: sendModel,
  swap: swapModel,
  onramp: onrampModel,
  connections: connectionsModel,
  snackbar: snackbarModel,
  accountTabs: accountTabsModel,
  accountActions: accountActionsModel,
  profileWallets: profileWalletsModel,
  names: namesModel,
  approval: approvalModel,
} as const

/**
 * The host's selectors, which no view follows: the page makes no signal for them, and the engine
 * computes one only while something subscribes to it (`engine.subscribe(name, cb)`).
 * - `engine`: the engine's mode and the seq of its last event, for the host and the debugging
 *   tools (it changes with every event, so the views do not follow it: in worker mode that would
 *   be a message for every event).
 * - `walletList`: the wallet list for a site that draws its own (docs/behaviour.md §2, §5, §9;
 *   view-models/wallet-list-model.ts).
 */
export const hostSelectors = { engine: engineModel, walletList: walletListModel } as const

/** Subscription name → the function computing its view model from the state: the views' selectors and the host's. */
export const selectors = { ...viewSelectors, ...hostSelectors } as const

/** Names accepted by `engine.subscribe`. */
export type SelectorName = keyof typeof selectors
/** The names the views follow (`viewSelectors`): all but the host's (`hostSelectors`). */
export type ViewSelectorName = keyof typeof viewSelectors
/** The names only the host subscribes to (`hostSelectors`): `engine`, `walletList`. */
export type HostSelectorName = keyof typeof hostSelectors
/** The value a named selector delivers. */
export type Selected<N extends SelectorName> = ReturnType<(typeof selectors)[N]>
