/**
 * The site's `siwx` option in the core chunk (issue 20): its shape check, and a source for the
 * bridge whose calls load the SIWX source (siwx-source.ts, its own chunk) when the engine first
 * makes one: a site without the option carries none of it, and one with it loads it at the first
 * connect or restore.
 */
import type { SiwxConfig } from '../options.js'
import type { ConnectorSource } from './eip1193-bridge.js'

/** The functions a `siwx` option must have (docs/api.md). */
export const SIWX_FUNCTIONS = ['createMessage', 'addSession', 'revokeSession', 'setSessions', 'getSessions'] as const

/** True when `v` has every function of SIWX_FUNCTIONS (and `getRequired`, when given, is one; `signOutOnDisconnect`, a boolean). */
export function isSiwxConfig(v: unknown): v is SiwxConfig {
  if (!v || typeof v !== 'object') return false
  const o = v as Record<string, unknown>
  return SIWX_FUNCTIONS.every((k) => typeof o[k] === 'function') && (o.getRequired === undefined || typeof o.getRequired === 'function') && (o.signOutOnDisconnect === undefined || typeof o.signOutOnDisconnect === 'boolean')
}

/** The SIWX source for the bridge, its code loaded on the first call (siwx-source.ts `createSiwxSource`). */
export function lazySiwxSource(siwx: SiwxConfig): ConnectorSource {
  let source: Promise<ConnectorSource> | undefined
  return {
    owns: (connectorId) => connectorId === 'SIWX',
    close: () => undefined,
    watch: () => undefined,
    async request(connectorId, args) {
      // A chunk that failed to load is asked again at the next call, not remembered as failed.
      source ??= import('./siwx-source.js').then(
        (m) => m.createSiwxSource(siwx),
        (error: unknown) => {
          source = undefined
          throw error
        },
      )
      return (await source).request(connectorId, args)
    },
  }
}
