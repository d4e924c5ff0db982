/**
 * The main-thread bridge to EIP-1193 wallets: EIP-6963 announced wallets (discovered through mipd)
 * and the legacy injected `window.ethereum`. It reports what it sees as events (connectors/discovered,
 * wallet/accounts-changed, wallet/chain-changed, wallet/disconnected) and runs provider requests the
 * engine asks for. Provider objects never leave the main thread.
 */
import { createStore, type EIP1193Provider, type EIP6963ProviderDetail } from 'mipd'
import type { Bridge, Connector, Intent, ProviderRequest } from '../../contract.js'
import { noConnectorFound, walletError } from '../../events/kernel/errors.js'

/** The connector id of the legacy injected provider. */
export const INJECTED_CONNECTOR_ID = 'injected'

type Dispatch = (intent: Intent) => Promise<void> | void
type Listener = (...args: unknown[]) => void
interface LegacyProvider {
  request(args: ProviderRequest): Promise<unknown>
  on?(event: string, listener: Listener): void
  removeListener?(event: string, listener: Listener): void
}


/** A source of connectors: reports its full list on every change, runs requests for its own connectors. */
export interface ConnectorSource extends Bridge {
  /** True when this source owns the connector id. */
  owns(connectorId: string): boolean
  close(): void
}

/**
 * The EIP-1193 source, bound to this page's wallets: `report` receives its connectors, `dispatch`
 * (the engine's) the provider events. Call `close` to stop listening.
 */
export function createEip1193Bridge(dispatch: Dispatch, report: (connectors: Connector[]) => void, win: Window & { ethereum?: LegacyProvider } = window): ConnectorSource {
  const store = createStore()
  const providers = new Map<string, LegacyProvider>()

  const collect = (details: readonly EIP6963ProviderDetail[]): Connector[] => {
    providers.clear()
    const list: Connector[] = []
    for (const { info, provider } of details) {
      providers.set(info.rdns, provider as LegacyProvider)
      list.push({ id: info.rdns, type: 'ANNOUNCED', name: info.name, chain: 'eip155', imageUrl: info.icon, rdns: info.rdns })
    }
    const legacy = win.ethereum
    if (legacy && !details.some((d) => (d.provider as unknown) === legacy)) {
      providers.set(INJECTED_CONNECTOR_ID, legacy)
      list.push({ id: INJECTED_CONNECTOR_ID, type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' })
    }
    return list
  }

  const unsubscribe = store.subscribe((details) => report(collect(details)), { emitImmediately: true })

  const waitFor = (id: string, waitMs: number) =>
    new Promise<LegacyProvider | undefined>((resolve) => {
      const found = providers.get(id)
      if (found || waitMs <= 0) return resolve(found)
      const stop = store.subscribe(() => {
        const p = providers.get(id)
        if (p) done(p)
      })
      const timer = setTimeout(() => done(providers.get(id)), waitMs)
      const done = (p: LegacyProvider | undefined) => {
        clearTimeout(timer)
        stop()
        resolve(p)
      }
    })

  let watched: { provider: LegacyProvider; listeners: [string, Listener][] }[] = []
  const unwatch = () => {
    for (const w of watched) for (const [name, l] of w.listeners) w.provider.removeListener?.(name, l)
    watched = []
  }

  return {
    owns: (connectorId) => connectorId === INJECTED_CONNECTOR_ID || store.getProviders().some((d) => d.info.rdns === connectorId),
    async request(connectorId, args, options = {}) {
      const provider = await waitFor(connectorId, options.waitMs ?? 0)
      if (!provider) throw noConnectorFound(connectorId)
      try {
        return await provider.request(args)
      } catch (error) {
        throw walletError(error, connectorId, args.method)
      }
    },
    watch(connectorIds) {
      unwatch()
      const namespace = 'eip155' as const
      for (const connectorId of connectorIds) {
        const provider = providers.get(connectorId)
        if (!provider?.on) continue
        const listeners: [string, Listener][] = [
          ['accountsChanged', (accounts) => void dispatch({ type: 'wallet/accounts-changed', payload: { connectorId, namespace, addresses: (accounts as string[]) ?? [] } })],
          ['chainChanged', (chainId) => void dispatch({ type: 'wallet/chain-changed', payload: { connectorId, namespace, caipNetworkId: `eip155:${Number(chainId)}` } })],
          ['disconnect', () => void dispatch({ type: 'wallet/disconnected', payload: { connectorId, namespace } })],
        ]
        for (const [name, l] of listeners) provider.on(name, l)
        watched.push({ provider, listeners })
      }
    },
    close() {
      unwatch()
      unsubscribe()
      store.destroy()
    },
  }
}

export type { EIP1193Provider }
