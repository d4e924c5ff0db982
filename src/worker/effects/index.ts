import { balanceFailedEffect, balanceFetchEffect, balanceTriggerEffect, newBlockEffect, profileBalancesEffect } from './account-data/balance.js'
import { accountTabsTriggerEffect, historyFailedEffect } from './account-data/account-tabs.js'
import { afterSendEffect } from './account-data/after-send.js'
import { analyticsEffect } from './infra/analytics.js'
import { connectEffect } from './connection/connect.js'
import { passkeyAddEffect } from './connection/passkey-add.js'
import { passkeyConnectEffect } from './connection/passkey-connect.js'
import { authDeviceEffect, authEmailEffect, authEmailUpdateEffect } from './auth/auth-email.js'
import { authConnectEffect } from './auth/auth-connect.js'
import { authAccountTypeEffect } from './auth/auth-account-type.js'
import { bitcoinAccountTypeEffect } from './connection/bitcoin-account-type.js'
import { authSmartAccountDeployedEffect } from './auth/auth-deployed.js'
import { siwxCheckEffect } from './siwx/siwx-check.js'
import { siwxSignEffect } from './siwx/siwx-sign.js'
import { siwxCancelEffect } from './siwx/siwx-cancel.js'
import { siwxSignOutEffect } from './siwx/siwx-sign-out.js'
import { lazyEffect } from './lazy.js'
import type { GangwayEvent } from '../../events/types.js'
import type { State } from '../../projections/state.js'
import { shows } from '../../projections/select/showing.js'
import { authSocialFailedEffect, farcasterLeaveEffect } from './auth/auth-social.js'
import { socialReturnEffect, telegramExpiryEffect } from './auth/auth-social-return.js'
import { authRefusedEffect } from './auth/auth-rpc.js'
import type { Effect } from './context.js'
import { disconnectEffect, walletDisconnectEffect } from './connection/disconnect.js'
import { historyFetchEffect } from './account-data/history.js'
import { identityFetchEffect } from './account-data/identity.js'
import { nftsFetchEffect } from './account-data/nfts.js'
import { originsEffect } from './infra/origins.js'
import { portfolioFetchEffect } from './account-data/portfolio.js'
import { remoteConfigEffect } from './infra/remote-config.js'
import { restoreEffect } from './connection/restore.js'
import { supportedChainsEffect } from './infra/supported-chains.js'
import { switchNetworkEffect } from './connection/switch-network.js'
import { handOverEffect, switchConnectionEffect } from './connection/switch-connection.js'
import { tokensFetchEffect, tokensTriggerEffect } from './account-data/tokens.js'
import { sendEffect } from './trade/send.js'
import { callsFallbackEffect } from './trade/calls-fallback.js'
import { shakeEffect, snackbarEffect } from './infra/ui-timers.js'
import { testErrorEffect } from './infra/test-error.js'
import { watchEffect } from './connection/watch.js'
import { walletConnectCancelEffect, walletConnectEventsEffect, walletConnectPairingEffect, walletConnectPrepareEffect, walletConnectPreloadEffect } from './connection/walletconnect.js'
import { walletImagePrefetchEffect, walletListsEffect, walletPagesEffect, walletSearchEffect } from './wallets/wallets.js'

/** The views of swapping and buying: showing one is reaching for them. */
const TRADE_VIEWS: readonly string[] = ['Swap', 'SwapSelectToken', 'SwapPreview', 'OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect', 'BuyInProgress']
/** A swap or on-ramp view shows (or the site's own swap form or review), or a swap or on-ramp event was logged (another tab's, or a replayed one). */
const reachesTrade = (s: State, e: GangwayEvent) => (s.modal.open && TRADE_VIEWS.includes(s.modal.view)) || shows(s, 'swap') || shows(s, 'swapReview') || e.type.startsWith('swap/') || e.type.startsWith('onramp/')
/** One of trade.ts's effects, loaded with that chunk once a visitor reaches for Swap or Buy. */
const trade = (name: keyof typeof import('./trade/trade.js')) => lazyEffect(reachesTrade, () => import('./trade/trade.js').then((m) => m[name]))

/** The first transaction an approval waits on, or WalletSendPreview showing (or the site's own send review): the transaction preview is needed. */
const reachesPreview = (s: State, e: GangwayEvent) => e.type === 'tx-preview/requested' || shows(s, 'sendReview')
/** One of tx-preview.ts's effects, loaded with that chunk once a transaction is previewed. */
const txPreview = (name: keyof typeof import('./trade/tx-preview.js')) => lazyEffect(reachesPreview, () => import('./trade/tx-preview.js').then((m) => m[name]))


/** A name is asked for (suggested, registered) or a send's receiver typed (it may be a name to resolve). */
const reachesNames = (_: State, e: GangwayEvent) => e.type.startsWith('name/') || e.type === 'send/receiver-changed'
/** One of names.ts's effects, loaded with that chunk once a visitor reaches for a name. */
const names = (name: 'nameSuggestionsEffect' | 'nameRegisterEffect' | 'nameResolveEffect') => lazyEffect(reachesNames, () => import('./names/names.js').then((m) => m[name]))

/**
 * Every effect the engine runs, in order, each under its source name: the build shortens function
 * names, so each gets its own back here (`Function.name`), and an `engine/effect-failed` names the
 * effect that failed ('connectEffect#0'), in the built package too.
 */
export const effects: readonly Effect[] = Object.entries({
  connectEffect,
  passkeyConnectEffect,
  passkeyAddEffect,
  authEmailEffect,
  authDeviceEffect,
  authEmailUpdateEffect,
  authConnectEffect,
  authRefusedEffect,
  authAccountTypeEffect,
  bitcoinAccountTypeEffect,
  authSmartAccountDeployedEffect,
  siwxCheckEffect,
  siwxSignEffect,
  siwxCancelEffect,
  siwxSignOutEffect,
  nameSuggestionsEffect: names('nameSuggestionsEffect'),
  nameRegisterEffect: names('nameRegisterEffect'),
  nameResolveEffect: names('nameResolveEffect'),
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
  walletConnectPairingEffect,
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

