/**
 * The sessions service of the blockchain service emulator (docs/behaviour.md §7 `/v1/sessions/…`;
 * issue 20): smart sessions (ERC-7715 permissions, each named by its permissions context id, `pci`)
 * per account, kept in memory (one store per emulator process). `{id}` is a CAIP-10 account
 * `eip155:<chainId>:0x<40 hex>`, URL-encoded or not; accounts compare without case.
 * - GET /v1/sessions/{id}: `{ pcis: [...] }`, the account's live sessions (not expired, not revoked),
 *   oldest first, each as the hosted service lists one: `{ project: { id, name, url, iconUrl }, pci,
 *   expiry, createdAt, permissions, policies, context, revokedAt: null }`, times in seconds;
 * - POST /v1/sessions/{id}/revoke `{ pci, signature }`: after the checks (in this order) the body's
 *   shape; the account; a session `pci` of that account (expired or not); its chain served; the
 *   signature is the account's personal_sign (EIP-191) of the pci's text, checked on the account's
 *   anvil chain with viem's `verifyMessage` action (an EOA's signature, an EIP-1271 contract
 *   account's, an ERC-6492 counterfactual account's); removes the session and answers `{ success: true }`.
 * A refusal is a 400 with `{ reasons: [{ field, description }] }`, the descriptions in
 * SESSION_REFUSALS; a node that cannot be asked to verify gives a 502 with the same shape.
 * Unlike this emulator, the hosted service keeps a revoked session (listed with its `revokedAt`),
 * lists expired ones, and does not check the signature (its revoke request reads only the pci).
 * Test control (no projectId needed; routed by blockchain.ts): `POST /localnet/sessions { account,
 * pci?, expiry?, createdAt?, project?, permissions?, policies? }` adds a session (a fresh UUID pci,
 * expiry in an hour, created now, by default) and answers it; `DELETE /localnet/sessions` forgets all.
 * Demo and test tooling only.
 */
import { randomUUID } from 'node:crypto'
import type { Client, Hex } from 'viem'
import { verifyMessage } from 'viem/actions'
import type { JsonAnswer, VerifyingEmulatorOptions } from './emulator-types.js'

/** How long a session added without an expiry lasts, in seconds. */
export const DEFAULT_SESSION_S = 3600
/** The largest request body read, in characters. */
const BODY_MAX = 32 * 1024

/** What each refusal says (the `description` of its first reason); `notFound` is followed by the pci, as the hosted service's is. */
export const SESSION_REFUSALS = {
  body: 'Request body must be JSON with pci and signature',
  account: 'Account must be a CAIP-10 eip155 account',
  notFound: 'Permission for PCI is not found:',
  chain: 'Account is not on a served chain',
  signature: "Signature is not the account's signature of the pci",
  unverifiable: 'Signature could not be verified',
} as const

export type SessionStoreOptions = VerifyingEmulatorOptions

/** An HTTP answer: status and JSON body. */
export type SessionAnswer = JsonAnswer

/** A session as the hosted service lists one (times in seconds). */
export interface SessionRecord {
  project: { id: string; name: string; url: string | null; iconUrl: string | null }
  pci: string
  expiry: number
  createdAt: number
  permissions: unknown[]
  policies: unknown[]
  context: Hex | null
  revokedAt: null
}

export interface SessionStore {
  /** Answers a request on the two paths and on `/localnet/sessions` (method, path without the base; `body` reads the request body), or undefined for any other path. */
  route(method: string, pathname: string, body: () => Promise<string>): Promise<SessionAnswer | undefined>
  /** The account's live sessions, oldest first (see GET above). */
  sessionsOf(account: string): SessionRecord[]
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const ACCOUNT = /^eip155:([1-9]\d{0,31}):(0x[0-9a-fA-F]{40})$/
const refuse = (field: string, description: string, status = 400): SessionAnswer => ({ status, body: { reasons: [{ field, description }] } })
const decode = (s: string): string | undefined => {
  try {
    return decodeURIComponent(s)
  } catch {
    return undefined
  }
}
const parse = (text: string): unknown => {
  if (text.length > BODY_MAX) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
/** The account's chain id, address and key (lowercase), or undefined when it is no eip155 CAIP-10 id. */
const readAccount = (v: unknown) => {
  const m = typeof v === 'string' ? ACCOUNT.exec(v) : null
  return m ? { chainId: Number(m[1]), address: m[2] as Hex, key: (v as string).toLowerCase() } : undefined
}

export function createSessionStore(o: SessionStoreOptions): SessionStore {
  const now = () => Math.floor((o.now ?? Date.now)() / 1000)
  const clients = new Map(o.chains.map((c) => [c.chainId, c.client]))
  /** Sessions by account key, then by pci. */
  const sessions = new Map<string, Map<string, SessionRecord>>()

  const sessionsOf = (account: string) => [...(sessions.get(account.toLowerCase())?.values() ?? [])].filter((s) => s.expiry > now())

  function add(text: string): SessionAnswer {
    const b = obj(parse(text))
    const account = readAccount(b?.account)
    if (!b || !account) return refuse('account', SESSION_REFUSALS.account)
    if (!clients.has(account.chainId)) return refuse('account', SESSION_REFUSALS.chain)
    const p = obj(b.project)
    const record: SessionRecord = {
      project: { id: typeof p?.id === 'string' ? p.id : 'localnet', name: typeof p?.name === 'string' ? p.name : 'Localnet Demo', url: typeof p?.url === 'string' ? p.url : null, iconUrl: typeof p?.iconUrl === 'string' ? p.iconUrl : null },
      pci: typeof b.pci === 'string' && b.pci ? b.pci : randomUUID(),
      expiry: typeof b.expiry === 'number' ? b.expiry : now() + DEFAULT_SESSION_S,
      createdAt: typeof b.createdAt === 'number' ? b.createdAt : now(),
      permissions: Array.isArray(b.permissions) ? b.permissions : [],
      policies: Array.isArray(b.policies) ? b.policies : [],
      context: null,
      revokedAt: null,
    }
    const mine = sessions.get(account.key) ?? new Map<string, SessionRecord>()
    mine.set(record.pci, record)
    sessions.set(account.key, mine)
    return { status: 200, body: record }
  }

  async function revoke(id: string, text: string): Promise<SessionAnswer> {
    const b = obj(parse(text))
    const { pci, signature } = b ?? {}
    if (typeof pci !== 'string' || typeof signature !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) return refuse('body', SESSION_REFUSALS.body)
    const account = readAccount(id)
    if (!account) return refuse('address', SESSION_REFUSALS.account)
    const mine = sessions.get(account.key)
    if (!mine?.has(pci)) return refuse('pci', `${SESSION_REFUSALS.notFound} ${pci.slice(0, 128)}`)
    const client = clients.get(account.chainId)
    if (!client) return refuse('address', SESSION_REFUSALS.chain)
    let verified: boolean
    try {
      verified = await verifyMessage(client, { address: account.address, message: pci, signature: signature as Hex })
    } catch {
      return refuse('signature', SESSION_REFUSALS.unverifiable, 502)
    }
    if (!verified) return refuse('signature', SESSION_REFUSALS.signature)
    // Revoked by another request while the signature was being verified.
    if (!mine.delete(pci)) return refuse('pci', `${SESSION_REFUSALS.notFound} ${pci.slice(0, 128)}`)
    return { status: 200, body: { success: true } }
  }

  async function route(method: string, pathname: string, body: () => Promise<string>): Promise<SessionAnswer | undefined> {
    if (pathname === '/localnet/sessions') {
      if (method === 'DELETE') {
        sessions.clear()
        return { status: 200, body: { pcis: [] } }
      }
      return method === 'POST' ? add(await body()) : undefined
    }
    let m: RegExpExecArray | null
    if (method === 'GET' && (m = /^\/v1\/sessions\/([^/]+)$/.exec(pathname))) {
      const account = readAccount(decode(m[1]!))
      return account ? { status: 200, body: { pcis: sessionsOf(account.key) } } : refuse('address', SESSION_REFUSALS.account)
    }
    if (method === 'POST' && (m = /^\/v1\/sessions\/([^/]+)\/revoke$/.exec(pathname))) return revoke(decode(m[1]!) ?? '', await body())
    return undefined
  }

  return { route, sessionsOf }
}
