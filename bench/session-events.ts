/** Events shaped like a real session, for the storage and replay benches. */
import { event, type NewEvent } from '../src/events/types.js'

/** A session-like mix of events: configure, start, connect, balances, modal opens and closes. */
export function sessionEvents(n: number): NewEvent[] {
  const caipAddress = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
  const network = { id: 31337, caipNetworkId: 'eip155:31337' as const, chainNamespace: 'eip155' as const, name: 'Localnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } }
  const out: NewEvent[] = [
    event('engine/configured', { projectId: 'bench', networks: [network], enableEmbedded: false, manualWCControl: false, adapterCount: 1 }),
    event('engine/started', { mode: 'worker' }),
    event('connect/requested', { connectorId: 'dev.gangway.localnet', namespace: 'eip155' }),
    event('connect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipAddress, via: 'prompt' }),
  ]
  for (let i = out.length; i < n; i++) {
    switch (i % 5) {
      case 0:
        out.push(event('modal/open-requested', { isMobile: false }))
        break
      case 1:
        out.push(event('balance/fetch-requested', { caipAddress, reason: 'modal-opened' }))
        break
      case 2:
        out.push(event('cache/hit', { cache: 'nativeBalance', key: caipAddress, level: 'memory', ageMs: i % 30_000 }))
        break
      case 3:
        out.push(event('balance/fetched', { caipAddress, valueWei: String(10n ** 22n + BigInt(i)), decimals: 18, symbol: 'ETH' }))
        break
      default:
        out.push(event('modal/close-requested', {}))
    }
  }
  return out
}
