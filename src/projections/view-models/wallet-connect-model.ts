/** The ConnectingWalletConnect views' data (docs/behaviour.md §2, §5 pairing). A view model. Pure. */
import { WALLETCONNECT_CONNECTOR_ID, type WalletRef } from '../../events/entities.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'

/** The ConnectingWalletConnect views: the pairing on show (never its URI), the picked wallet, the stored deep link choice, a failure. */
export interface WalletConnectModel {
  pairing?: { pairingTopic: string; expiresAt: number }
  wallet?: WalletRef
  deepLink?: { name: string; href: string }
  connecting: boolean
  error?: string
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
  })
}
