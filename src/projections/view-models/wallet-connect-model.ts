/** The ConnectingWalletConnect views' data (docs/behaviour.md §2, §5 pairing). A view model. Pure. */
import { WALLETCONNECT_CONNECTOR_ID, type WalletRef } from '../../events/entities.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'

/**
 * The ConnectingWalletConnect views, and a site's own UI that prefetches a pairing: the pairing on
 * show (never its URI), whether one is being made, the picked wallet, the stored deep link choice,
 * a failure.
 */
export interface WalletConnectModel {
  /** The pairing on show; its URI comes on the engine's pairing channel only. `expiresAt`: s since the epoch. */
  pairing?: { pairingTopic: string; expiresAt: number }
  wallet?: WalletRef
  deepLink?: { name: string; href: string }
  /** WalletConnect's connect is pending. */
  connecting: boolean
  /** Why WalletConnect's last connect failed. */
  error?: string
  /** A pairing asked for (`walletconnect/pairing-requested`) whose URI is not on show yet; absent otherwise. */
  preparing?: boolean
  /** Why the last pairing asked for ahead of a pick failed (`walletconnect/pairing-failed`; at most 256 characters). */
  pairingError?: string
}

/** The WalletConnect model: the wallets slice's pairing, pick and deep link, and WalletConnect's pending connect or last error. */
export function walletConnectModel(s: State): WalletConnectModel {
  const error = s.connection.lastError?.connectorId === WALLETCONNECT_CONNECTOR_ID ? s.connection.lastError.message : undefined
  return defined({
    pairing: s.wallets.pairing,
    wallet: s.wallets.picked,
    deepLink: s.wallets.deepLink,
    connecting: s.connection.pending?.connectorId === WALLETCONNECT_CONNECTOR_ID,
    error,
    preparing: s.wallets.pairingRequested,
    pairingError: s.wallets.pairingError,
  })
}
