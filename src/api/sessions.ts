/**
 * Client of the hosted sessions service (docs/behaviour.md §7 `/v1/sessions/…` on the blockchain
 * service): an account's smart sessions, the ERC-7715 permissions a smart account granted
 * to a site, each named by its permissions context id (`pci`), and their revocation; through the
 * shared service fetch (projectId, st, sv, the 10 s timeout, an AbortSignal). The account is the
 * path's `{id}`: a CAIP-10 id `eip155:<chainId>:0x<40 hex>`, URL-encoded (sessions are EVM only;
 * the hosted service reads the chain from it). No view uses this client yet: Gangway refuses the
 * `smartSessions` feature (docs/api.md).
 *
 * What the hosted service answers (as AppKit's smart-session list reads it): GET gives `{ pcis: [{
 * pci, expiry, createdAt, revokedAt | null, project: { id, name, url, iconUrl }, permissions: [{
 * type, data }], policies: [{ type, data }], context }] }`, times in seconds since the epoch,
 * revoked and expired sessions included (at most 255); a revocation marks the session revoked and
 * answers 200 with an empty body (AppKit's types say `{ success }`; both are accepted).
 *
 * Answers are remote data: the list is cut to SESSIONS_MAX entries, then each entry is
 * kept only with a pci of the PCI rule (letters, digits, `_.-`, at most SESSION_PCI_MAX_CHARS) and
 * an expiry in whole seconds within 0…MAX_EPOCH_S, the first of a pci kept; of the rest only what a
 * view shows is kept (SmartSession), checked: times as the expiry, the project's name cut to
 * MAX_REMOTE_NAME without control characters, its link http(s) (urls.ts `documentLink`) and its
 * icon a stored image URL (`storedImageUrl`), both at most URL_MAX; SESSION_PERMISSIONS_MAX
 * permissions and SESSION_POLICIES_MAX policies, each with a type of at most 64 characters
 * (letters, digits, `_.-`), SESSION_FUNCTIONS_MAX function names; addresses 0x, an allowance a
 * uint256 in hex (kept as a decimal string). The permission context (`context`) is not kept.
 *
 * Errors (docs/behaviour.md §8), GangwayErrors of category API_ERROR unless said otherwise:
 * - an error status whose JSON body gives `{ reasons: [{ description }] }` (the hosted service's
 *   'Permission for PCI is not found: {pci}', 'Permission is revoked: {pci}'): that first
 *   description (names.ts `firstReason`: cut to MAX_REMOTE_STRING, control characters as spaces);
 *   so does a 2xx revocation answer that is not a success;
 * - anything else (an error status without a reason, a network failure, the timeout, a malformed
 *   answer): 'Error fetching smart sessions', 'Error revoking smart session';
 * - `details` says more (the status, the fetch's message, 'Malformed answer'), `cause` is the
 *   fetch's error; the caller's abort passes through as the signal's AbortError.
 */
import { HttpRequestError } from 'viem'
import { ERROR_FETCHING_SESSIONS, ERROR_REVOKING_SESSION, errorMessage, GangwayError } from '../events/kernel/errors.js'
import { MAX_REMOTE_NAME, MAX_REMOTE_STRING } from '../events/kernel/limits.js'
import { defined } from '../events/defined.js'
import { documentLink, storedImageUrl, URL_MAX } from '../events/kernel/urls.js'
import { firstReason } from './names.js'
import { errorResponseBody, type ServiceFetch } from './service-fetch.js'

/** The most sessions kept of one answer (the hosted service lists at most 255 an account). */
export const SESSIONS_MAX = 255
/** The most permissions kept of one session. */
export const SESSION_PERMISSIONS_MAX = 20
/** The most policies kept of one session. */
export const SESSION_POLICIES_MAX = 20
/** The most function names kept of one contract-call permission. */
export const SESSION_FUNCTIONS_MAX = 20
/** The longest pci kept or sent, in characters (the hosted service's are UUIDs, 36). */
export const SESSION_PCI_MAX_CHARS = 128
/** The longest revocation signature sent, in characters: a 65-byte ECDSA one, or a contract account's (EIP-1271, ERC-6492 with its factory call). */
export const SESSION_SIGNATURE_MAX_CHARS = 20_000
/** The latest time kept, in seconds since the epoch: 9999-12-31T23:59:59Z, so `new Date(s * 1000)` is always valid. */
export const MAX_EPOCH_S = 253_402_300_799

/** One permission of a session, as a view shows it: its type and what its `data` names. */
export interface SessionPermission {
  /** 'contract-call', 'native-token-recurring-allowance', 'erc20-recurring-allowance', or another type. */
  type: string
  /** The contract a contract-call permission may call (`data.address`), a 0x address. */
  contract?: string
  /** The functions it may call (`data.functions[].functionName`), distinct, at most SESSION_FUNCTIONS_MAX. */
  functions?: string[]
  /** The token of an ERC20 allowance (`data.token`), a 0x address. */
  token?: string
  /** The allowance per period (`data.allowance`, hex), in the token's smallest unit (wei), as a decimal string. */
  allowance?: string
  /** When the allowance starts, s since the epoch. */
  start?: number
  /** The allowance's period, s. */
  period?: number
}

/** A smart session of an account, reduced to what a view shows. Times in seconds since the epoch. */
export interface SmartSession {
  /** The permissions context id. */
  pci: string
  /** When the session ends, s. */
  expiry: number
  /** When it was granted, s. */
  createdAt?: number
  /** When it was revoked, s; absent while it stands. */
  revokedAt?: number
  /** The site (WalletConnect project) the session was granted to. */
  project: { id?: string; name?: string; url?: string; iconUrl?: string }
  /** At most SESSION_PERMISSIONS_MAX. */
  permissions: SessionPermission[]
  /** The policies' types ('usage-limit', …), at most SESSION_POLICIES_MAX. */
  policies: string[]
}

/**
 * What revokeSession sends: the session's pci and the account's signature of it. Gangway's contract
 * (the localnet emulator's check) is the account's personal_sign (EIP-191) of the pci's text, checked
 * on the account's chain with viem's `verifyMessage` (an EOA's, an EIP-1271 or ERC-6492 contract
 * account's). AppKit sends what the wallet's `wallet_revokePermissions` answers, which the wallet
 * defines; the hosted service reads only the pci.
 */
export interface SessionRevocation {
  pci: string
  signature: string
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const list = (v: unknown, max: number): unknown[] => (Array.isArray(v) ? v.slice(0, max) : [])
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})+$/
const UINT256_HEX = /^0x[0-9a-fA-F]{1,64}$/
const PCI = new RegExp(`^[A-Za-z0-9_.-]{1,${SESSION_PCI_MAX_CHARS}}$`)
const TYPE = /^[A-Za-z0-9_.-]{1,64}$/
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/
/** A Solidity function name, optionally with its parameter types ('transfer', 'transfer(address,uint256)'). */
const FUNCTION_NAME = /^[A-Za-z_$][\w$]*(?:\([\w$,[\] ]*\))?$/
/** A CAIP-10 eip155 account: the chain id (decimal, no leading zero) and a 0x address. */
const EIP155_ACCOUNT = /^eip155:[1-9]\d{0,31}:0x[0-9a-fA-F]{40}$/

/** True when `v` is an account the sessions paths take: `eip155:<chainId>:0x<40 hex>` (any case). */
export function isSessionAccount(v: unknown): v is string {
  return typeof v === 'string' && EIP155_ACCOUNT.test(v)
}

/** True when `v` is a pci of the rule above. */
export function isSessionPci(v: unknown): v is string {
  return typeof v === 'string' && PCI.test(v)
}

/** Whole seconds within 0…MAX_EPOCH_S, else undefined. */
const seconds = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_EPOCH_S ? v : undefined)
const address = (v: unknown): string | undefined => (typeof v === 'string' && EVM_ADDRESS.test(v) ? v : undefined)
/** Text for a view: control characters as spaces, trimmed, cut to `max`; undefined when empty. */
const text = (v: unknown, max: number): string | undefined => {
  const t = typeof v === 'string' ? v.slice(0, max * 4).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim().slice(0, max) : ''
  return t || undefined
}
const urlMax = (u: string | undefined) => (u && u.length <= URL_MAX ? u : undefined)

/** Distinct values, first kept. */
const unique = <T>(items: T[], key: (t: T) => string): T[] => {
  const seen = new Set<string>()
  return items.filter((t) => {
    const k = key(t)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

function toPermission(v: unknown): SessionPermission | undefined {
  const p = obj(v)
  if (!p || typeof p.type !== 'string' || !TYPE.test(p.type)) return undefined
  const d = obj(p.data)
  const functions = Array.isArray(d?.functions)
    ? unique(
        list(d.functions, SESSION_FUNCTIONS_MAX).flatMap((f) => {
          const name = obj(f)?.functionName
          return typeof name === 'string' && name.length <= MAX_REMOTE_STRING && FUNCTION_NAME.test(name) ? [name] : []
        }),
        (n) => n,
      )
    : undefined
  const allowance = typeof d?.allowance === 'string' && UINT256_HEX.test(d.allowance) ? BigInt(d.allowance).toString() : undefined
  return defined({ type: p.type, contract: address(d?.address), functions, token: address(d?.token), allowance, start: seconds(d?.start), period: seconds(d?.period) })
}

/**
 * One entry of the hosted service's `pcis` as a SmartSession (see the module comment for the
 * checks), or undefined without a pci of the rule or an expiry in whole seconds.
 */
export function toSmartSession(v: unknown): SmartSession | undefined {
  const s = obj(v)
  const expiry = seconds(s?.expiry)
  if (!s || !isSessionPci(s.pci) || expiry === undefined) return undefined
  const p = obj(s.project)
  const project = defined({
    id: typeof p?.id === 'string' && PROJECT_ID.test(p.id) ? p.id : undefined,
    name: text(p?.name, MAX_REMOTE_NAME),
    url: urlMax(documentLink(p?.url)),
    iconUrl: urlMax(storedImageUrl(p?.iconUrl)),
  })
  return defined({
    pci: s.pci,
    expiry,
    createdAt: seconds(s.createdAt),
    revokedAt: seconds(s.revokedAt),
    project,
    permissions: list(s.permissions, SESSION_PERMISSIONS_MAX).map(toPermission).filter((x): x is SessionPermission => x !== undefined),
    policies: list(s.policies, SESSION_POLICIES_MAX).flatMap((x) => {
      const type = obj(x)?.type
      return typeof type === 'string' && TYPE.test(type) ? [type] : []
    }),
  })
}

/** A 2xx answer that does not have the shape asked for. */
const malformed = (message: string) => new GangwayError(message, { category: 'API_ERROR', details: 'Malformed answer' })

/** A failed call as the GangwayError of the module comment's rules; a GangwayError (this module's own) and the caller's abort pass as they are. */
function sessionError(error: unknown, fallback: string, signal: AbortSignal | undefined): unknown {
  if (error instanceof GangwayError || signal?.aborted) return error
  const status = error instanceof HttpRequestError ? error.status : undefined
  // An HttpRequestError of a 2xx answer (a body too large or not JSON) is no error status.
  const badStatus = status !== undefined && (status < 200 || status > 299)
  const options = { category: 'API_ERROR' as const, details: badStatus ? `Status ${status}` : errorMessage(error).slice(0, MAX_REMOTE_STRING), cause: error }
  return new GangwayError((badStatus ? firstReason(errorResponseBody(error)) : undefined) ?? fallback, options)
}

/** The two calls of the sessions service over `api` (the shared service fetch); see the module comment for the answers' checks and the errors. */
export function sessionsClient(api: ServiceFetch) {
  const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})
  const path = (caipAddress: string) => `v1/sessions/${encodeURIComponent(caipAddress)}`
  return {
    /**
     * GET /v1/sessions/{caipAddress}: the account's smart sessions, in the service's order, the
     * revoked and expired ones included (`revokedAt`, `expiry` tell them apart).
     * @param caipAddress `eip155:<chainId>:0x<40 hex>`.
     * @returns at most SESSIONS_MAX SmartSessions, distinct pcis.
     * @throws GangwayError 'Error fetching smart sessions' (category INTERNAL_SDK_ERROR, details
     *   'Not an eip155 account', no request) for another account id; else the service's first
     *   reason, or 'Error fetching smart sessions' (a network failure, the timeout, an answer without
     *   a `pcis` list).
     */
    async getSessions(caipAddress: string, signal?: AbortSignal): Promise<SmartSession[]> {
      if (!isSessionAccount(caipAddress)) throw new GangwayError(ERROR_FETCHING_SESSIONS, { details: 'Not an eip155 account' })
      try {
        const r = obj(await api.get('blockchain', path(caipAddress), withSignal(signal)))
        if (!Array.isArray(r?.pcis)) throw malformed(ERROR_FETCHING_SESSIONS)
        const sessions = list(r.pcis, SESSIONS_MAX).map(toSmartSession).filter((s): s is SmartSession => s !== undefined)
        return unique(sessions, (s) => s.pci)
      } catch (error) {
        throw sessionError(error, ERROR_FETCHING_SESSIONS, signal)
      }
    },
    /**
     * POST /v1/sessions/{caipAddress}/revoke with body `{ pci, signature }`: revokes the account's
     * session `pci`; `signature` is the account's signature of the pci (SessionRevocation). Resolves
     * once the service answers `{ success: true }`, `true` or an empty body (the hosted service's 200).
     * @throws GangwayError 'Error revoking smart session' (category INTERNAL_SDK_ERROR, details
     *   'Invalid revocation: {account|pci|signature}', nothing sent) unless the account is
     *   `eip155:<chainId>:0x<40 hex>`, the pci of the rule and the signature 0x hex bytes of at most
     *   SESSION_SIGNATURE_MAX_CHARS; else the service's first reason (of an error status or of an
     *   answer that is not a success), or 'Error revoking smart session'.
     */
    async revokeSession(caipAddress: string, revocation: SessionRevocation, signal?: AbortSignal): Promise<void> {
      const { pci, signature } = (obj(revocation) ?? {}) as Partial<Record<keyof SessionRevocation, unknown>>
      const wrong = (
        [
          ['account', isSessionAccount(caipAddress)],
          ['pci', isSessionPci(pci)],
          ['signature', typeof signature === 'string' && signature.length <= SESSION_SIGNATURE_MAX_CHARS && HEX_BYTES.test(signature)],
        ] as const
      ).find(([, ok]) => !ok)?.[0]
      if (wrong) throw new GangwayError(ERROR_REVOKING_SESSION, { details: `Invalid revocation: ${wrong}` })
      try {
        const r: unknown = await api.post('blockchain', `${path(caipAddress)}/revoke`, { pci, signature }, withSignal(signal))
        if (r === undefined || r === true || obj(r)?.success === true) return
        throw new GangwayError(firstReason(r) ?? ERROR_REVOKING_SESSION, { category: 'API_ERROR', details: 'Not revoked' })
      } catch (error) {
        throw sessionError(error, ERROR_REVOKING_SESSION, signal)
      }
    },
  }
}

export type SessionsClient = ReturnType<typeof sessionsClient>
