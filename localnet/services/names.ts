/**
 * The name service of the blockchain service emulator (docs/behaviour.md §7 `/v1/profile/…`; issue 20):
 * a registry of account names in the zone `reown.id`, kept in memory (one per emulator process).
 * - GET /v1/profile/account/{name} (apiVersion): the name's record, as the hosted service's
 *   `NameAndAddresses` (reown-com/blockchain-api `src/database/types.ts`, snake_case): `{ name,
 *   registered_at, updated_at, attributes, addresses: { "<coinType>": { address, created_at } } }`
 *   (RFC 3339 times); when no one has it, 200 `[]` with apiVersion=2, else 404 with a reason
 *   (`src/handlers/profile/lookup.rs`);
 * - GET /v1/profile/reverse/{address} (sender, apiVersion): the records of the address's names, newest
 *   first, `[]` when it has none; the address matched as stored, checksummed, case and all;
 * - GET /v1/profile/suggestions/{label} (zone): the label and a few variants (SUGGESTION_SUFFIXES),
 *   each `{ name, registered }`;
 * - POST /v1/profile/account `{ coin_type, address, message, signature }`: registers the name the
 *   message names for `address` after the checks a real registry makes (in this order): the body's
 *   shape; the message is JSON with `name`, `attributes` (an object) and `timestamp` (seconds); the
 *   name is `<label>.reown.id` with a label of the docs/behaviour.md §5 rule; the timestamp is within
 *   TIMESTAMP_SKEW_S of now; the coin type is ENSIP-11 for one of the served chains (`coinType &
 *   0x7fffffff` for coin types from 0x80000000; 60, mainnet, is not served); the name is free; the
 *   signature is the address's personal_sign of the message, checked on that chain with viem's
 *   `verifyMessage` action (an EOA's EIP-191 signature, an EIP-1271 contract account's, an ERC-6492
 *   counterfactual account's), against the address as sent, which must be checksummed (EIP-55; 401
 *   otherwise, as the hosted service's `parse_checksummed`). Answers 200 with the registered record
 *   (`src/handlers/profile/register.rs`).
 * A refusal is a 400 (401 for a signature) with the hosted error body `{ status: 'FAILED', reasons:
 * [{ field, description }] }`, the descriptions in NAME_REFUSALS; a node that cannot be asked to
 * verify gives a 502 with the same shape.
 * Demo and test tooling only.
 */
import { getAddress, type Client, type Hex } from 'viem'
import { verifyMessage } from 'viem/actions'
import type { JsonAnswer, VerifyingEmulatorOptions } from './emulator-types.js'
import { OLD_WIRE } from './hostile.js'

/** The zone of every name (the hosted service's). */
export const ZONE = 'reown.id'
/** How far a registration message's timestamp may be from now, in seconds. */
export const TIMESTAMP_SKEW_S = 10
/** Suffixes of the suggested variants of a label (the label itself comes first). */
export const SUGGESTION_SUFFIXES = ['1', '42', '-x', '-id'] as const
/** The longest label (the whole name stays within 64 characters). */
const LABEL_MAX = 55
/** The largest request body read, in characters. */
const BODY_MAX = 16 * 1024

/** What each refusal says (the `description` of its first reason). */
export const NAME_REFUSALS = {
  body: 'Request body must be JSON with coin_type, address, message and signature',
  address: 'Address must be a 0x address',
  message: 'Message must be JSON with name, attributes and timestamp',
  zone: `Name must be in the ${ZONE} zone`,
  label: 'Name must have at least 4 characters: letters, digits and hyphens',
  timestamp: `Message timestamp must be within ${TIMESTAMP_SKEW_S} seconds of now`,
  coinType: 'Coin type is not of a supported chain',
  taken: 'Name is already taken',
  signature: 'Signature is not the address\'s signature of the message',
  unverifiable: 'Signature could not be verified',
  notFound: 'Name not found',
} as const

export type NameRegistryOptions = VerifyingEmulatorOptions

/** An HTTP answer: status and JSON body. */
export type NameAnswer = JsonAnswer

/** A registered name. */
export interface NameEntry {
  /** The full name, lowercase. */
  name: string
  /** The registrant, checksummed. */
  address: Hex
  coinType: number
  attributes: Record<string, string>
  /** Seconds. */
  registered: number
}

export interface NameRegistry {
  /** Answers a request on one of the four paths (method, path without the base, query; `body` reads the request body), or undefined for any other path. */
  route(method: string, pathname: string, params: URLSearchParams, body: () => Promise<string>): Promise<NameAnswer | undefined>
  /** POST /v1/profile/account with the body's text (see the module comment). */
  register(text: string): Promise<NameAnswer>
  /** The newest name registered for `address` (any case), if any. */
  nameOf(address: string): string | undefined
  /** The registered names, oldest first. */
  entries(): NameEntry[]
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const refuse = (field: keyof typeof NAME_REFUSALS, status = 400): NameAnswer => ({ status, body: { status: 'FAILED', reasons: [{ field, description: NAME_REFUSALS[field] }] } })
const isLabel = (label: string) => label.length >= 4 && label.length <= LABEL_MAX && /^[A-Za-z0-9-]+$/.test(label)
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const decode = (s: string): string | undefined => {
  try {
    return decodeURIComponent(s)
  } catch {
    return undefined
  }
}
const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The chain id an ENSIP-11 coin type names: `coinType & 0x7fffffff` from 0x80000000 on; 60 is mainnet (1); else none. */
export function coinTypeChainId(coinType: number): number | undefined {
  if (!Number.isSafeInteger(coinType) || coinType < 0 || coinType > 0xffffffff) return undefined
  if (coinType === 60) return 1
  return coinType >= 0x80000000 ? coinType & 0x7fffffff : undefined
}

export function createNameRegistry(o: NameRegistryOptions): NameRegistry {
  const now = o.now ?? Date.now
  const clients = new Map(o.chains.map((c) => [c.chainId, c.client]))
  const names = new Map<string, NameEntry>()

  const record = (e: NameEntry) => {
    const at = new Date(e.registered * 1000).toISOString()
    return { name: e.name, registered_at: at, updated_at: at, attributes: e.attributes, addresses: { [String(e.coinType)]: { address: e.address, created_at: at } } }
  }
  const namesOf = (address: string) => [...names.values()].filter((e) => e.address === address).reverse()

  async function register(text: string): Promise<NameAnswer> {
    const body = text.length <= BODY_MAX ? obj(parse(text)) : undefined
    const { coin_type: coinType, address, message, signature } = body ?? {}
    if (typeof coinType !== 'number' || typeof address !== 'string' || typeof message !== 'string' || typeof signature !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) return refuse('body')
    if (!EVM_ADDRESS.test(address)) return refuse('address')
    if (getAddress(address) !== address) return refuse('signature', 401)
    const m = obj(parse(message))
    if (!m || typeof m.name !== 'string' || !obj(m.attributes) || typeof m.timestamp !== 'number') return refuse('message')
    const name = m.name.toLowerCase()
    if (!name.endsWith(`.${ZONE}`)) return refuse('zone')
    if (!isLabel(name.slice(0, -ZONE.length - 1))) return refuse('label')
    if (Math.abs(m.timestamp - now() / 1000) > TIMESTAMP_SKEW_S) return refuse('timestamp')
    const chainId = coinTypeChainId(coinType)
    const client = chainId === undefined ? undefined : clients.get(chainId)
    if (!client) return refuse('coinType')
    if (names.has(name)) return refuse('taken')
    let verified: boolean
    try {
      verified = await verifyMessage(client, { address: address as Hex, message, signature: signature as Hex })
    } catch {
      return refuse('unverifiable', 502)
    }
    if (!verified) return refuse('signature', 401)
    // Taken while the signature was being verified.
    if (names.has(name)) return refuse('taken')
    const attributes = Object.fromEntries(Object.entries(obj(m.attributes)!).filter((e): e is [string, string] => typeof e[1] === 'string').slice(0, 20))
    const entry = { name, address, coinType, attributes, registered: Math.floor(now() / 1000) }
    names.set(name, entry)
    return { status: 200, body: record(entry) }
  }

  async function route(method: string, pathname: string, params: URLSearchParams, body: () => Promise<string>): Promise<NameAnswer | undefined> {
    const oldWire = params.get('localnetHostile') === OLD_WIRE
    if (pathname === '/v1/profile/account' && method === 'POST') {
      const answer = await register(await body())
      return oldWire && answer.status === 200 ? { status: 200, body: { success: true } } : answer
    }
    let m: RegExpExecArray | null
    if (method !== 'GET') return undefined
    if ((m = /^\/v1\/profile\/account\/([^/]+)$/.exec(pathname))) {
      const entry = names.get(decode(m[1]!)?.toLowerCase() ?? '')
      if (entry) return { status: 200, body: record(entry) }
      return params.get('apiVersion') === '2' && !oldWire ? { status: 200, body: [] } : refuse('notFound', 404)
    }
    if ((m = /^\/v1\/profile\/reverse\/([^/]+)$/.exec(pathname))) {
      const address = decode(m[1]!) ?? ''
      return EVM_ADDRESS.test(address) ? { status: 200, body: namesOf(address).map(record) } : refuse('address')
    }
    if ((m = /^\/v1\/profile\/suggestions\/([^/]+)$/.exec(pathname))) {
      if ((params.get('zone') ?? ZONE) !== ZONE) return refuse('zone')
      const asked = decode(m[1]!)?.toLowerCase() ?? ''
      const label = asked.endsWith(`.${ZONE}`) ? asked.slice(0, -ZONE.length - 1) : asked
      if (!isLabel(label)) return refuse('label')
      const labels = [label, ...SUGGESTION_SUFFIXES.map((s) => `${label}${s}`)].filter(isLabel)
      return { status: 200, body: { suggestions: labels.map((l) => ({ name: `${l}.${ZONE}`, registered: names.has(`${l}.${ZONE}`) })) } }
    }
    return undefined
  }

  return {
    route,
    register,
    // The identity route checksums the address itself (the hosted identity handler does).
    nameOf: (address) => (EVM_ADDRESS.test(address) ? namesOf(getAddress(address))[0]?.name : undefined),
    entries: () => [...names.values()],
  }
}
