/**
 * The main-thread bridge the engine talks to: EIP-6963 / injected wallets and Wallet Standard
 * wallets, as one. Each source reports its wallets; the merged list goes to the engine as
 * 'connectors/discovered' (only when it changes). Requests and watching go to the source that owns
 * the connector.
 */
import type { Bridge, Connector, Intent } from '../../contract.js'
import { createEip1193Bridge, type ConnectorSource } from './eip1193-bridge.js'
import { createWalletStandardBridge } from './wallet-standard-bridge.js'

/** The bridge over this page's wallets, and `extra` sources that report no connectors (the auth connector's). */
export function createBridge(dispatch: (intent: Intent) => Promise<void> | void, extra: ConnectorSource[] = []): Bridge & { close(): void; pageWallet(connectorId: string): boolean } {
  const lists: Connector[][] = [[], []]
  let last = ''
  /** The connectors the engine asked to watch; re-applied when wallets appear (a restore can ask before its wallet announces). */
  let watching: string[] = []
  const applyWatch = () => {
    for (const s of sources) void s.watch(watching.filter((id) => owner(id) === s))
  }
  const reporter = (i: number) => (connectors: Connector[]) => {
    lists[i] = connectors
    // Nothing is watched while the sources are being created, so `sources` is only read once it exists.
    if (watching.length > 0) applyWatch()
    const merged = lists.flat()
    const key = JSON.stringify(merged)
    if (key === last) return
    last = key
    void dispatch({ type: 'connectors/discovered', payload: { connectors: merged } })
  }
  const wallets: ConnectorSource[] = [createEip1193Bridge(dispatch, reporter(0)), createWalletStandardBridge(dispatch, reporter(1))]
  const sources: ConnectorSource[] = [...wallets, ...extra]
  // Gangway's own sources (the auth connector, the site's siwx) first: a wallet announcing their id
  // (an EIP-6963 rdns 'SIWX' or 'AUTH') never receives their calls.
  const owner = (id: string) => extra.find((s) => s.owns(id)) ?? wallets.find((s) => s.owns(id)) ?? wallets[0]!
  return {
    request: (connectorId, args, options) => owner(connectorId).request(connectorId, args, options),
    watch(connectorIds) {
      watching = connectorIds
      applyWatch()
    },
    /** Whether a wallet on this page (an EIP-6963 or injected provider, a Wallet Standard wallet) is the connector `connectorId`. */
    pageWallet: (connectorId) => wallets.some((s) => s.owns(connectorId)),
    close() {
      for (const s of sources) s.close()
    },
  }
}
