/** What the active account can send (docs/behaviour.md §3 Send state, §9). A domain selector: state → fact. Pure. */
import type { SendToken } from '../../events/entities.js'
import type { State } from '../state.js'
import { activeAccount } from './active-account.js'
import { activeNetwork } from './active-network.js'

/**
 * What the active account can send on the active network: the native currency, then the site's
 * listed tokens (`config.tokens`), each with its current balance (smallest unit, integer decimal
 * string) when known. Balances only for an account on that network. Empty when the active network
 * is not one the site configured.
 */
export function sendTokens(s: State): SendToken[] {
  const network = activeNetwork(s)
  if (!network) return []
  const { caipNetworkId } = network
  const account = activeAccount(s)
  const onThisChain = account?.caipNetworkId === caipNetworkId ? account : undefined
  const held = onThisChain ? s.assets.balances[onThisChain.caipAddress] : undefined
  const native: SendToken = { caipNetworkId, name: network.nativeCurrency.name, symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals }
  if (onThisChain?.balanceRaw !== undefined) native.balance = onThisChain.balanceRaw
  const listed = (s.config.tokens?.[caipNetworkId] ?? []).map((t): SendToken => {
    const balance = held?.[t.address.toLowerCase()]
    return { caipNetworkId, address: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, ...(t.iconUrl ? { iconUrl: t.iconUrl } : {}), ...(balance !== undefined ? { balance } : {}) }
  })
  return [native, ...listed]
}
