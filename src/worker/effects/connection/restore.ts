/**
 * Session restore on start: every live connection of every connected namespace (the
 * active connector's alone where an older state knows no connections) is asked silently
 * (eth_accounts or a silent standard:connect, never a prompt). Still authorised: connect/succeeded
 * via restore, with every account the wallet exposes (merged into the connection by lowercase
 * address, docs/behaviour.md §5) and, for the active connection, the account the site was on if the
 * wallet still exposes it (else the wallet's first) on the wallet's chain; a restore never changes
 * which connection is active. Not authorised or wallet gone: disconnect/succeeded with reason
 * restore-failed, for that connection only.
 */
import { filter, from, mergeMap } from 'rxjs'
import { walletAccounts, walletCaipAddress } from '../../wallet-calls.js'
import type { CaipNetworkId, Namespace } from '../../../events/entities.js'
import { parseCaipAddress, toCaipAddress } from '../../../chains/caip.js'
import { normalizeAddress } from '../../../chains/address.js'
import { event, type NewEvent } from '../../../events/types.js'
import { isLiveConnector, liveConnectorIds, sameConnector } from '../../../projections/select/connections.js'
import { exposedAccounts } from './connect.js'
import { ofType, type Effect } from '../context.js'
import { errorMessage } from '../../../events/kernel/errors.js'

/** How long restore waits for a wallet to announce itself (EIP-6963 answers within a task or two), in ms. */
export const RESTORE_DISCOVERY_WAIT_MS = 3000

export const restoreEffect: Effect = ({ events$, state, bridge }) => {
  /** A restore answers only for a connection still live: the visitor may have disconnected it, or replaced it, meanwhile. */
  const stillLive = (namespace: Namespace, connectorId: string) => isLiveConnector(state(), namespace, connectorId)
  return events$.pipe(
    ofType('engine/started'),
    mergeMap(() => {
      const s = state()
      const targets = s.connection.connectedNamespaces.flatMap((namespace) => liveConnectorIds(s, namespace).map((connectorId) => ({ namespace, connectorId })))
      const tasks = targets.map(async ({ namespace, connectorId }): Promise<NewEvent | undefined> => {
        const failed = () => (stillLive(namespace, connectorId) ? event('disconnect/succeeded', { connectorId, namespace, reason: 'restore-failed' }) : undefined)
        try {
          const reported = await walletAccounts(bridge, connectorId, namespace, true, state(), RESTORE_DISCOVERY_WAIT_MS)
          // The account the state holds now, not at start: the wallet may have reported a change
          // (accountsChanged) while this restore waited for it.
          const now = state()
          const active = now.connection.connectorIds[namespace]
          const stored = active !== undefined && sameConnector(active, connectorId) ? now.accounts[namespace]?.address?.toLowerCase() : undefined
          const address = reported.find((a) => a.toLowerCase() === stored) ?? reported[0]
          if (!address) return failed()
          let caipAddress = await walletCaipAddress(bridge, connectorId, namespace, address, state())
          if (!stillLive(namespace, connectorId)) return undefined
          // The visitor may have switched to this connection, on another of its accounts, while the
          // wallet answered: the restore confirms that account rather than moving back.
          const after = state()
          const chosen = after.connection.connectorIds[namespace] !== undefined && sameConnector(after.connection.connectorIds[namespace]!, connectorId) ? after.accounts[namespace]?.address : undefined
          const kept = chosen === undefined ? undefined : reported.find((a) => a.toLowerCase() === chosen.toLowerCase())
          if (kept !== undefined && kept.toLowerCase() !== address.toLowerCase()) caipAddress = toCaipAddress(parseCaipAddress(caipAddress).caipNetworkId as CaipNetworkId, normalizeAddress(namespace, kept))
          return event('connect/succeeded', { connectorId, namespace, caipAddress, via: 'restore', accounts: exposedAccounts(namespace, reported), mode: 'add' })
        } catch (error) {
          // Why a session ended is worth a line to the site's developer: the wallet (or the secure
          // site) could not be asked, as against an answer that it no longer authorises the site.
          console.warn(`[gangway] restore: ${connectorId.slice(0, 64)} could not be asked; its connection ends:`, errorMessage(error).slice(0, 200))
          return failed()
        }
      })
      return from(tasks).pipe(
        mergeMap((t) => from(t)),
        filter((e): e is NewEvent => e !== undefined),
      )
    }),
  )
}
