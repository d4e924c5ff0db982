/**
 * docs/behaviour.md §3 addressExplorerUrl: an account's page on its network's block explorer,
 * `{blockExplorers.default.url}/address/{address}`, through the URL validator (http or https only,
 * events/kernel/urls.ts documentLink). A domain selector: state → fact. Pure.
 */
import { readCaipAddress } from '../../chains/caip.js'
import { documentLink } from '../../events/kernel/urls.js'
import { findNetwork } from './networks.js'
import type { State } from '../state.js'

/** The explorer page of the CAIP-10 account `caipAddress`, or undefined when its network has no explorer (or one the validator refuses). */
export function addressExplorerUrl(s: State, caipAddress: string | undefined): string | undefined {
  const account = caipAddress === undefined ? undefined : readCaipAddress(caipAddress)
  if (!account) return undefined
  const base = findNetwork(s.config.networks, account.caipNetworkId)?.blockExplorers?.default?.url
  if (typeof base !== 'string') return undefined
  const root = documentLink(base)
  return root === undefined ? undefined : documentLink(`${root.replace(/\/+$/, '')}/address/${encodeURIComponent(account.address)}`)
}
