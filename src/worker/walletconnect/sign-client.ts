/**
 * Starts `@walletconnect/sign-client`, loaded on demand as its own chunk (the first WalletConnect
 * pairing or a WalletConnect session to restore). In a Worker it keeps its sessions in IndexedDB
 * and skips the Verify iframe (there is no document); telemetry is off.
 */
import type { SignClientLike } from './connector.js'

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
