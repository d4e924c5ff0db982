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
import { swapQuoteEffect } from './swap-quote.js'
import { onrampOptionsEffect, onrampQuoteEffect } from './onramp-form.js'
import { onrampBuyEffect, onrampWatchEffect } from './onramp-buy.js'
import { swapExecuteEffect } from './swap-execute.js'
import { swapTokensEffect } from './swap-tokens.js'
import { authSocialFailedEffect, farcasterLeaveEffect } from './auth-social.js'
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
import { shakeEffect, snackbarEffect } from './ui-timers.js'
import { testErrorEffect } from './test-error.js'
import { watchEffect } from './watch.js'
import { walletConnectCancelEffect, walletConnectEventsEffect, walletConnectPrepareEffect, walletConnectPreloadEffect } from './walletconnect.js'
import { walletImagePrefetchEffect, walletListsEffect, walletPagesEffect, walletSearchEffect } from './wallets.js'

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
  swapQuoteEffect,
  onrampOptionsEffect,
  onrampQuoteEffect,
  onrampBuyEffect,
  onrampWatchEffect,
  swapExecuteEffect,
  swapTokensEffect,
  authSocialFailedEffect,
  farcasterLeaveEffect,
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

