import { balanceFailedEffect, balanceFetchEffect, balanceTriggerEffect, newBlockEffect, profileBalancesEffect } from './balance.js'
import { accountTabsTriggerEffect, historyFailedEffect } from './account-tabs.js'
import { afterSendEffect } from './after-send.js'
import { analyticsEffect } from './analytics.js'
import { connectEffect } from './connect.js'
import { authDeviceEffect, authEmailEffect, authEmailUpdateEffect } from './auth-email.js'
import { authConnectEffect } from './auth-connect.js'
import { authAccountTypeEffect } from './auth-account-type.js'
import { authSmartAccountDeployedEffect } from './auth-deployed.js'
import { siwxCheckEffect } from './siwx-check.js'
import { siwxSignEffect } from './siwx-sign.js'
import { siwxCancelEffect } from './siwx-cancel.js'
import { siwxSignOutEffect } from './siwx-sign-out.js'
import { nameRegisterEffect, nameResolveEffect, nameSuggestionsEffect } from './names.js'
import { lazyEffect } from './lazy.js'
import type { GangwayEvent } from '../../events/types.js'
import type { State } from '../../projections/state.js'
import { authSocialFailedEffect, farcasterLeaveEffect } from './auth-social.js'
import { socialReturnEffect, telegramExpiryEffect } from './auth-social-return.js'
import { authRefusedEffect } from './auth-rpc.js'
import type { Effect } from './context.js'
import { disconnectEffect, walletDisconnectEffect } from './disconnect.js'
import { historyFetchEffect } from './history.js'
import { identityFetchEffect } from './identity.js'
import { nftsFetchEffect } from './nfts.js'
import { originsEffect } from './origins.js'
import { portfolioFetchEffect } from './portfolio.js'
import { remoteConfigEffect } from './remote-config.js'
import { restoreEffect } from './restore.js'
import { supportedChainsEffect } from './supported-chains.js'
import { switchNetworkEffect } from './switch-network.js'
import { handOverEffect, switchConnectionEffect } from './switch-connection.js'
import { tokensFetchEffect, tokensTriggerEffect } from './tokens.js'
import { sendEffect } from './send.js'
import { callsFallbackEffect } from './calls-fallback.js'
import { shakeEffect, snackbarEffect } from './ui-timers.js'
import { testErrorEffect } from './test-error.js'
import { watchEffect } from './watch.js'
import { walletConnectCancelEffect, walletConnectEventsEffect, walletConnectPrepareEffect, walletConnectPreloadEffect } from './walletconnect.js'
import { walletImagePrefetchEffect, walletListsEffect, walletPagesEffect, walletSearchEffect } from './wallets.js'

/** The views of swapping and buying: showing one is reaching for them. */
const TRADE_VIEWS: readonly string[] = ['Swap', 'SwapSelectToken', 'SwapPreview', 'OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect', 'BuyInProgress']
/** A swap or on-ramp view shows, or a swap or on-ramp event was logged (another tab's, or a replayed one). */
const reachesTrade = (s: State, e: GangwayEvent) => (s.modal.open && TRADE_VIEWS.includes(s.modal.view)) || e.type.startsWith('swap/') || e.type.startsWith('onramp/')
/** One of trade.ts's effects, loaded with that chunk once a visitor reaches for Swap or Buy. */
const trade = (name: keyof typeof import('./trade.js')) => lazyEffect(reachesTrade, () => import('./trade.js').then((m) => m[name]))

/** The first transaction an approval waits on, or WalletSendPreview showing: the transaction preview is needed. */
const reachesPreview = (s: State, e: GangwayEvent) => e.type === 'tx-preview/requested' || (s.modal.open && s.modal.view === 'WalletSendPreview')
/** One of tx-preview.ts's effects, loaded with that chunk once a transaction is previewed. */
const txPreview = (name: keyof typeof import('./tx-preview.js')) => lazyEffect(reachesPreview, () => import('./tx-preview.js').then((m) => m[name]))

/**
 * Every effect the engine runs, in order, each under its source name: the build shortens function
 * names, so each gets its own back here (`Function.name`), and an `engine/effect-failed` names the
 * effect that failed ('connectEffect#0'), in the built package too.
 */
export const effects: readonly Effect[] = Object.entries({
  connectEffect,
  authEmailEffect,
  authDeviceEffect,
  authEmailUpdateEffect,
  authConnectEffect,
  authRefusedEffect,
  authAccountTypeEffect,
  authSmartAccountDeployedEffect,
  siwxCheckEffect,
  siwxSignEffect,
  siwxCancelEffect,
  siwxSignOutEffect,
  nameSuggestionsEffect,
  nameRegisterEffect,
  nameResolveEffect,
  callsFallbackEffect,
  approvalPreviewEffect: txPreview('approvalPreviewEffect'),
  sendPreviewEffect: txPreview('sendPreviewEffect'),
  swapQuoteEffect: trade('swapQuoteEffect'),
  onrampOptionsEffect: trade('onrampOptionsEffect'),
  onrampQuoteEffect: trade('onrampQuoteEffect'),
  onrampBuyEffect: trade('onrampBuyEffect'),
  onrampWatchEffect: trade('onrampWatchEffect'),
  swapCheckEffect: trade('swapCheckEffect'),
  swapExecuteEffect: trade('swapExecuteEffect'),
  swapTokensEffect: trade('swapTokensEffect'),
  authSocialFailedEffect,
  farcasterLeaveEffect,
  socialReturnEffect,
  telegramExpiryEffect,
  restoreEffect,
  supportedChainsEffect,
  switchNetworkEffect,
  tokensTriggerEffect,
  tokensFetchEffect,
  sendEffect,
  disconnectEffect,
  walletDisconnectEffect,
  switchConnectionEffect,
  handOverEffect,
  watchEffect,
  balanceTriggerEffect,
  newBlockEffect,
  balanceFetchEffect,
  balanceFailedEffect,
  profileBalancesEffect,
  shakeEffect,
  snackbarEffect,
  walletConnectEventsEffect,
  walletConnectCancelEffect,
  walletConnectPreloadEffect,
  walletConnectPrepareEffect,
  walletListsEffect,
  walletPagesEffect,
  walletSearchEffect,
  walletImagePrefetchEffect,
  originsEffect,
  remoteConfigEffect,
  accountTabsTriggerEffect,
  portfolioFetchEffect,
  identityFetchEffect,
  nftsFetchEffect,
  historyFetchEffect,
  historyFailedEffect,
  afterSendEffect,
  analyticsEffect,
  testErrorEffect,
}).map(([name, effect]) => Object.defineProperty(effect, 'name', { value: name }))

