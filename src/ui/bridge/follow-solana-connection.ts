/**
 * While the modal's Solana connection is one no wallet on the page provides (a
 * WalletConnect session, an email or social account), it is registered through the Wallet
 * Standard as "Gangway" (solana-standard-wallet.ts, a chunk loaded the first time such a
 * connection shows). When the connection ends, or moves to a page wallet, the registration stays,
 * with no account (a `change` event says so), for the rest of the page session: taking it away
 * would trip @solana/wallet-standard-wallet-adapter-react 1.1's `unregister` handler, which keeps
 * only the unregistered wallets and so would empty the app's list.
 */
import { effect } from '@preact/signals-core'
import type { AccountModel } from '../../contract.js'
import { caipNetworkIdOf } from '../../events/kernel/page-kernel.js'
import type { GangwayWalletDeps, SolanaConnection } from './solana-standard-wallet.js'

/** What core gives: the account and the connection's connector, read inside a signals effect. */
export interface FollowSolanaDeps extends Omit<GangwayWalletDeps, 'connection'> {
  account(): AccountModel
  connectorId(): string | undefined
  /** Whether a wallet on the page is that connector (it registers itself). */
  pageWallet(connectorId: string): boolean
}

/** Starts following; returns the stop function. */
export function followSolanaConnection(deps: FollowSolanaDeps): () => void {
  let current: SolanaConnection | undefined
  let registered: Promise<{ changed(): void; unregister(): void }> | undefined
  const stop = effect(() => {
    const solana = deps.account().byNamespace?.solana
    const connectorId = deps.connectorId()
    const ours = solana?.isConnected && solana.address && solana.caipAddress && connectorId && !deps.pageWallet(connectorId)
    const before = current
    current = ours ? { address: solana.address!, caipNetworkId: caipNetworkIdOf(solana.caipAddress!) } : undefined
    if (current && !registered) {
      registered = import('./solana-standard-wallet.js').then((m) => m.registerGangwayWallet({ connection: () => current, request: deps.request, disconnect: deps.disconnect }))
      registered.catch(() => (registered = undefined))
    } else if (registered && (before?.address !== current?.address || before?.caipNetworkId !== current?.caipNetworkId)) {
      void registered.then((r) => r.changed())
    }
  })
  return () => {
    stop()
    void registered?.then((r) => r.unregister())
  }
}
