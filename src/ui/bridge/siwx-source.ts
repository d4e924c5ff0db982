/**
 * The site's `siwx` option on the page (docs/behaviour.md §4 SIWX): its functions stay
 * here, and the engine calls them through the bridge as the pseudo-connector SIWX_CONNECTOR_ID, one
 * method each (the engine's side: worker/effects/siwx/siwx-*.ts). What the site's functions answer is
 * copied to plain data here (the message's fields, the sessions' message and signature), bounded
 * and otherwise unchecked: the engine checks it where it enters, and verifies every session itself.
 *
 * - `siwx_getSessions { chainId, address }` → `[{ data, message, signature }]` (at most 20)
 * - `siwx_createMessage { accountAddress, chainId }` → the message's fields
 * - `siwx_addSession { data, message, signature }` → null
 * - `siwx_revokeSession { chainId, address }` → null
 * - `siwx_getRequired` → boolean
 */
import { GangwayError } from '../../events/kernel/errors.js'
import { SIWX_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import type { SiwxConfig } from '../options.js'
import type { ConnectorSource } from './eip1193-bridge.js'

/** The most sessions taken from `getSessions` for one account. */
const MAX_SESSIONS = 20
/** The longest message or signature taken, in characters (an ERC-6492 signature carries a deployment). */
const MAX_TEXT = 16_384
/** The message fields (docs/behaviour.md §3 SIWX message). */
const FIELDS = ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce', 'notBefore', 'statement', 'resources', 'requestId', 'issuedAt', 'expirationTime'] as const

const text = (v: unknown) => (typeof v === 'string' && v.length <= MAX_TEXT ? v : undefined)

/** The message's fields as plain data: strings (bounded), `resources` as a list of strings. */
function fieldsOf(data: unknown): Record<string, unknown> | undefined {
  if (!data || typeof data !== 'object') return undefined
  const d = data as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const k of FIELDS) {
    const v = d[k]
    if (k === 'resources') {
      if (Array.isArray(v)) out[k] = v.slice(0, 50).filter((r): r is string => typeof r === 'string' && r.length <= 2048)
    } else if (typeof v === 'string' && v.length <= 2048) out[k] = v
  }
  return out
}

/** A session as plain data, or undefined when it is not one. */
function sessionOf(s: unknown): { data: Record<string, unknown>; message: string; signature: string } | undefined {
  if (!s || typeof s !== 'object') return undefined
  const o = s as Record<string, unknown>
  const data = fieldsOf(o.data)
  const message = text(o.message)
  const signature = text(o.signature)
  return data && message !== undefined && signature !== undefined ? { data, message, signature } : undefined
}

const param = (params: unknown): Record<string, unknown> => {
  const first: unknown = Array.isArray(params) ? params[0] : params
  return first && typeof first === 'object' ? (first as Record<string, unknown>) : {}
}

/**
 * The SIWX source: answers the engine's calls with the site's `siwx` functions.
 * @throws GangwayError 'Unknown SIWX call: {method}' for any other method; the site's own errors as they come.
 */
export function createSiwxSource(siwx: SiwxConfig): ConnectorSource {
  return {
    owns: (connectorId) => connectorId === SIWX_CONNECTOR_ID,
    close: () => undefined,
    watch: () => undefined,
    async request(_connectorId, { method, params }) {
      const p = param(params)
      switch (method) {
        case 'siwx_getSessions': {
          const sessions: unknown = await siwx.getSessions(p.chainId as never, String(p.address))
          return Array.isArray(sessions) ? sessions.slice(0, MAX_SESSIONS).map(sessionOf).filter((s) => s !== undefined) : []
        }
        case 'siwx_createMessage':
          return fieldsOf(await siwx.createMessage({ accountAddress: String(p.accountAddress), chainId: p.chainId as never })) ?? null
        case 'siwx_addSession':
          await siwx.addSession({ data: p.data as never, message: String(p.message), signature: String(p.signature) })
          return null
        case 'siwx_revokeSession':
          await siwx.revokeSession(p.chainId as never, String(p.address))
          return null
        case 'siwx_getRequired':
          // A site's getRequired may be async; what it throws goes to the engine (which counts it as required).
          return (await siwx.getRequired?.()) === true
        default:
          throw new GangwayError(`Unknown SIWX call: ${method.slice(0, 64)}`)
      }
    },
  }
}
