/**
 * Starts `@walletconnect/sign-client`, loaded on demand as its own chunk (the first WalletConnect
 * pairing or a WalletConnect session to restore). In a Worker it keeps its sessions in IndexedDB
 * and skips the Verify iframe (there is no document); telemetry is off.
 */
import { GangwayError } from '../../events/kernel/errors.js'
import type { HostOptions } from '../../events/kernel/host-options.js'
import { WALLETCONNECT_OFF, type SignClientLike } from './connector.js'

export interface SignClientSettings {
  projectId: string
  /** The relay's WebSocket URL; default the hosted relay. */
  relayUrl?: string
  /** What wallets show of the site (docs/behaviour.md §3 Options metadata). */
  metadata: { name: string; description: string; url: string; icons: string[] }
}

/** Fetches and evaluates the sign-client chunk without starting a client (no socket, no storage). */
export const preloadSignClient = (): Promise<unknown> => import('@walletconnect/sign-client')

export async function loadSignClient(s: SignClientSettings): Promise<SignClientLike> {
  const { SignClient } = await import('@walletconnect/sign-client')
  const client = await SignClient.init({
    projectId: s.projectId,
    ...(s.relayUrl ? { relayUrl: s.relayUrl } : {}),
    metadata: s.metadata,
    customStoragePrefix: `gangway-${s.projectId}`,
    telemetryEnabled: false,
  })
  return client as unknown as SignClientLike
}

/**
 * How the engine starts the sign client for the site's `walletConnect` option (docs/api.md):
 * `load` starts it with the relay and the site's metadata (name 'Gangway' and empty fields where
 * the site gave none), `preload` fetches its code ahead of a pairing. With `walletConnect: false`
 * there is no `preload`, and `load` rejects with GangwayError 'WalletConnect is off'
 * (WALLETCONNECT_OFF) without fetching anything: the chunk is never requested. A `load` of the
 * caller's (tests) comes without `preload`.
 * @example
 * createWalletConnectConnector({ ...signClientLoaders(config.walletConnect, { projectId, metadata }), networks, activeChain, clock })
 */
export function signClientLoaders(
  option: HostOptions['walletConnect'],
  site: Pick<HostOptions, 'projectId' | 'metadata'>,
  load?: (s: SignClientSettings) => Promise<SignClientLike>,
): { load: () => Promise<SignClientLike>; preload?: () => Promise<unknown> } {
  if (option === false) return { load: () => Promise.reject(new GangwayError(WALLETCONNECT_OFF)) }
  const settings: SignClientSettings = {
    projectId: site.projectId,
    ...(option?.relayUrl ? { relayUrl: option.relayUrl } : {}),
    metadata: { name: site.metadata?.name ?? 'Gangway', description: site.metadata?.description ?? '', url: site.metadata?.url ?? '', icons: site.metadata?.icons ?? [] },
  }
  return { load: () => (load ?? loadSignClient)(settings), ...(load ? {} : { preload: preloadSignClient }) }
}
