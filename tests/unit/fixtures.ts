/** Builders for unit tests: recorded events with gap-free seq, and folds over them. */
import type { Bridge } from '../../src/contract.js'
import type { Network } from '../../src/events/entities.js'
import { EVENT_SCHEMA_VERSION, type EventPayloads, type EventType, type GangwayEvent } from '../../src/events/types.js'
import { project, type State } from '../../src/projections/state.js'

export const LOCALNET: Network = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Localnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}

/** A Solana network beside LOCALNET, for a site with wallets of both namespaces. */
export const SOLANA_LOCALNET: Network = {
  id: 'GangwayLocaLnet11111111111111111',
  caipNetworkId: 'solana:GangwayLocaLnet11111111111111111',
  chainNamespace: 'solana',
  name: 'Solana Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const CAIP_ADDRESS = `eip155:31337:${ADDRESS}` as const

/** A payload as written with `as const`: every array and property read-only. */
type Loose<T> = T extends readonly (infer U)[] ? readonly Loose<U>[] : T extends object ? { readonly [K in keyof T]: Loose<T[K]> } : T
/** One `[type, payload]` pair. */
export type Item = { [T in EventType]: readonly [T, Loose<EventPayloads[T]>] }[EventType]

/** A recorded event list: `log(['type', payload], …)` stamps seq 1…n, at = 1000·seq. */
export function log(...items: Item[]): GangwayEvent[] {
  return items.map(([type, payload], i) => ({ type, payload, seq: i + 1, at: 1000 * (i + 1), v: EVENT_SCHEMA_VERSION, tab: 't1' }) as GangwayEvent)
}

/** Events that configure and start an engine with the localnet network. */
export const started = (config: Partial<EventPayloads['engine/configured']> = {}) =>
  [
    ['engine/configured', { projectId: 'p', networks: [LOCALNET], enableEmbedded: false, manualWCControl: false, adapterCount: 1, ...config }],
    ['engine/started', { mode: 'main' }],
  ] as const

export const connected = [
  ['connect/requested', { connectorId: 'dev.gangway.localnet', namespace: 'eip155' }],
  ['connect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'prompt' }],
] as const

/** Folds the given items after a default start. */
export function fold(...items: Parameters<typeof log>): State {
  return project(log(...started(), ...items))
}

/** A bridge whose one wallet is ADDRESS on the localnet chain (31337): it grants accounts and answers null to anything else. */
export function accountBridge(): Bridge {
  return {
    async request(_id, { method }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      return null
    },
    watch: () => undefined,
  }
}
