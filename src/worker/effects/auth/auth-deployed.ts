/**
 * Whether the auth connection's smart account is on chain yet (docs/behaviour.md §3: `smartAccountDeployed`,
 * `getAccount().embeddedWalletInfo.isSmartAccountDeployed`). The secure site says so at login; the
 * first transaction the visitor approves from the counterfactual account deploys it (through the
 * factory), so after an approved `eth_sendTransaction` from it the engine reads the account's code
 * on the chain (the chain is the authority, not the secure site's word) every poll interval until
 * the code is there, for at most DEPLOYED_CHECKS reads, and appends `auth/smart-account-deployed`.
 */
import { EMPTY, concatMap, filter, first, from, map, switchMap, take, timer, type Observable } from 'rxjs'
import { AUTH_CONNECTOR_ID } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import { sameConnector } from '../../../projections/select/connections.js'
import { ofType, type Effect } from '../context.js'

/** How many times the code is read after an approved send: with the 4 s poll, about 2 minutes. */
export const DEPLOYED_CHECKS = 30

export const authSmartAccountDeployedEffect: Effect = ({ events$, state, chains, scheduler, pollIntervalMs }) =>
  events$.pipe(
    ofType('auth/approval-settled'),
    // The tab whose approval it was; every tab folds the outcome (shared).
    filter((e) => e.tab === state().tab && e.payload.method === 'eth_sendTransaction' && e.payload.outcome === 'approved'),
    switchMap(() => {
      const s = state()
      const user = s.auth.users.eip155
      const account = s.accounts.eip155
      const smart = user?.accounts.find((a) => a.type === 'smartAccount')
      if (!user || user.smartAccountDeployed || !smart || !account?.caipNetworkId || !sameConnector(s.connection.connectorIds.eip155 ?? '', AUTH_CONNECTOR_ID)) return EMPTY
      if (account.address?.toLowerCase() !== smart.address.toLowerCase()) return EMPTY
      const caipNetworkId = account.caipNetworkId
      return timer(0, pollIntervalMs, scheduler).pipe(
        take(DEPLOYED_CHECKS),
        concatMap(() => from(chains.hasCode(caipNetworkId, smart.address).catch(() => false))),
        first(Boolean, false),
        filter(Boolean),
        map((): NewEvent => event('auth/smart-account-deployed', { namespace: 'eip155', caipNetworkId })),
      )
    }),
  ) as Observable<NewEvent>
