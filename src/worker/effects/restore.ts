/**
 * Session restore on start: for each namespace the log says is connected, ask the wallet silently
 * (eth_accounts or a silent standard:connect, never a prompt). Still authorised: connect/succeeded via
 * restore (with the account the site was on, if the wallet still exposes it, else the wallet's
 * first; and the wallet's chain). Not authorised or wallet gone:
 * disconnect/succeeded with reason restore-failed.
 */
import { filter, from, mergeMap } from 'rxjs'
import { walletAccounts, walletCaipAddress } from '../wallet-calls.js'
import type { Namespace } from '../../events/entities.js'
import { event, type NewEvent } from '../../events/types.js'
import { ofType, type Effect } from './context.js'

/** How long restore waits for a wallet to announce itself (EIP-6963 answers within a task or two), in ms. */
export const RESTORE_DISCOVERY_WAIT_MS = 3000

export const restoreEffect: Effect = ({ events$, state, bridge }) => {
  /** A restore answers only for the connection it was asked about: the visitor may have connected another wallet meanwhile. */
  const stillThis = (namespace: Namespace, connectorId: string) => state().connection.connectorIds[namespace] === connectorId
  return events$.pipe(
    ofType('engine/started'),
    mergeMap(() => {
      const s = state()
      const tasks = s.connection.connectedNamespaces.map(async (namespace: Namespace): Promise<NewEvent | undefined> => {
        const connectorId = s.connection.connectorIds[namespace] ?? ''
        try {
          const accounts = await walletAccounts(bridge, connectorId, namespace, true, RESTORE_DISCOVERY_WAIT_MS)
          // The account the state holds now, not at start: the wallet may have reported a change
          // (accountsChanged) while this restore waited for it.
          const stored = state().accounts[namespace]?.address?.toLowerCase()
          const address = accounts.find((a) => a.toLowerCase() === stored) ?? accounts[0]
          if (!address) return stillThis(namespace, connectorId) ? event('disconnect/succeeded', { connectorId, namespace, reason: 'restore-failed' }) : undefined
          const caipAddress = await walletCaipAddress(bridge, connectorId, namespace, address, state())
          return stillThis(namespace, connectorId) ? event('connect/succeeded', { connectorId, namespace, caipAddress, via: 'restore' }) : undefined
        } catch {
          return stillThis(namespace, connectorId) ? event('disconnect/succeeded', { connectorId, namespace, reason: 'restore-failed' }) : undefined
        }
      })
      return from(tasks).pipe(
        mergeMap((t) => from(t)),
        filter((e): e is NewEvent => e !== undefined),
      )
    }),
  )
}
