/**
 * The site's `siwx` option in the core chunk: its shape check, and a source for the
 * bridge whose calls load the SIWX source (siwx-source.ts, its own chunk) when the engine first
 * makes one: a site without the option carries none of it, and one with it loads it at the first
 * connect or restore.
 */
import { GangwayError } from '../../events/kernel/errors.js'
import { SIWX_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import type { SiwxConfig } from '../options.js'
import type { ConnectorSource } from './eip1193-bridge.js'
import { ERRORS } from '../../events/kernel/error-registry.js'

/** The functions a `siwx` option must have (docs/api.md). */
export const SIWX_FUNCTIONS = ['createMessage', 'addSession', 'revokeSession', 'setSessions', 'getSessions'] as const

/**
 * True when `v` has every function of SIWX_FUNCTIONS (and `getRequired`, when given, is one;
 * `signOutOnDisconnect`, a boolean; `requestEmailOtp` and `confirmEmailOtp` both functions or both absent).
 */
export function isSiwxConfig(v: unknown): v is SiwxConfig {
  if (!v || typeof v !== 'object') return false
  const o = v as Record<string, unknown>
  const capture = [o.requestEmailOtp, o.confirmEmailOtp]
  const captureOk = capture.every((f) => f === undefined) || capture.every((f) => typeof f === 'function')
  return SIWX_FUNCTIONS.every((k) => typeof o[k] === 'function') && (o.getRequired === undefined || typeof o.getRequired === 'function') && (o.signOutOnDisconnect === undefined || typeof o.signOutOnDisconnect === 'boolean') && captureOk
}

/** Whether the site's `siwx` takes an email for its sessions (DataCapture): both email functions given. */
export function capturesEmail(siwx: SiwxConfig): boolean {
  return typeof siwx.requestEmailOtp === 'function' && typeof siwx.confirmEmailOtp === 'function'
}

/** The SIWX source for the bridge, its code loaded on the first call (siwx-source.ts `createSiwxSource`). */
export function lazySiwxSource(siwx: SiwxConfig): ConnectorSource {
  let source: Promise<ConnectorSource> | undefined
  return {
    owns: (connectorId) => connectorId === SIWX_CONNECTOR_ID,
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

/** The longest email taken (RFC 5321's path limit). */
const EMAIL_MAX = 254
/** A one-time code as the visitor types it. */
const CODE = /^\d{6}$/

/**
 * DataCapture's calls of the site's `siwx`, from the page: `request` hands the email for
 * `account` (CAIP-10) to `requestEmailOtp` and says whether a code follows ('code') or it is kept
 * ('done'); `confirm` hands the code, with the request's `uuid`, to `confirmEmailOtp`.
 * @throws GangwayError 'Invalid email' (not `local@domain.tld` without spaces, or over 254
 *   characters), 'Invalid code' (not 6 digits, or no code asked for), before the site is called; the
 *   site's own errors as they come.
 */
export function emailCapture(siwx: SiwxConfig): { request(email: string, account: string): Promise<'code' | 'done'>; confirm(code: string): Promise<void> } {
  /** The uuid of the request whose code is awaited. */
  let asked: string | undefined
  return {
    async request(email, account) {
      const trimmed = email.trim()
      if (trimmed.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) throw new GangwayError(ERRORS.invalidEmail.message)
      const answer: unknown = await siwx.requestEmailOtp!({ email: trimmed, account })
      const uuid = answer && typeof answer === 'object' ? (answer as { uuid?: unknown }).uuid : undefined
      asked = typeof uuid === 'string' && uuid !== '' && uuid.length <= 256 ? uuid : undefined
      return asked ? 'code' : 'done'
    },
    async confirm(code) {
      if (!CODE.test(code) || !asked) throw new GangwayError(ERRORS.invalidCode.message)
      await siwx.confirmEmailOtp!({ code, uuid: asked })
    },
  }
}
