/**
 * The name service of the blockchain service emulator (docs/behaviour.md §7 `/v1/profile/…`; issue 20):
 * a registry of account names in the zone `reown.id`, kept in memory (one per emulator process).
 * - GET /v1/profile/account/{name} (apiVersion): the name's record, as the hosted service's
 *   `NameAndAddresses` (reown-com/blockchain-api `src/database/types.ts`, snake_case): `{ name,
 *   registered_at, updated_at, attributes, addresses: { "<coinType>": { address, created_at } } }`
 *   (RFC 3339 times); when no one has it, 200 `[]` with apiVersion=2, else 404 with a reason
 *   (`src/handlers/profile/lookup.rs`);
 * - GET /v1/profile/reverse/{address} (sender, apiVersion): the records of the address's names, newest
 *   first; with none, `[]` with apiVersion=2, else 404; the address matched as stored, checksummed,
 *   case and all (`src/handlers/profile/reverse.rs`);
 * - GET /v1/profile/suggestions/{label} (zone): the label and a few variants (SUGGESTION_SUFFIXES),
 *   each `{ name, registered }`;
 * - POST /v1/profile/account `{ coin_type, address, message, signature }`: registers the name the
 *   message names for `address` after the server's checks, in its order
 *   (reown-com/blockchain-api `src/handlers/profile/register.rs`, `src/names/utils.rs`): the body's
 *   fields and types (axum's plain-text 400 for a body that is not JSON, 422 for one of the wrong
 *   shape); the message is JSON `{ name, attributes?, timestamp }` (422 'Deserialization error: …');
 *   the name's format (lowercase letters, digits, '.' and '-'), its length (`<label>.<zone>`, a
 *   label of 3 to 64), its zone (`reown.id`); the coin type is ENSIP-11 for one of the served
 *   chains (`coinType & 0x7fffffff` from 0x80000000; 60, mainnet, is not served); the name is free;
 *   the timestamp is within TIMESTAMP_SKEW_S of now; the attributes are `bio` only; the signature is
 *   the address's personal_sign of the message, checked on that chain with viem's `verifyMessage`
 *   action (an EOA's EIP-191 signature, an EIP-1271 contract account's, an ERC-6492 counterfactual
 *   account's) against the address as sent, which must be checksummed (EIP-55). Answers 200 with the
 *   registered record.
 * A refusal has the server's status and error body `{ status: 'FAILED', reasons: [{ field,
 *   description }] }` with its texts (NAME_REFUSALS, from `src/error.rs`); a signature that does
 *   not verify, or cannot be verified (an unchecksummed address, a node that does not answer), is
 *   401 as there.
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
/** A label's length, as the server counts it (`src/names/utils.rs`). */
const LABEL_MIN = 3
const LABEL_MAX = 64
/** The largest request body read, in characters. */
const BODY_MAX = 16 * 1024

/** What the server's refusals say (reown-com/blockchain-api `src/error.rs`): status, field and description, by kind. */
export const NAME_REFUSALS = {
  payload: (why: string) => ({ status: 422, field: '', description: `Deserialization error: ${why}` }),
  format: (name: string) => ({ status: 400, field: 'name', description: `Invalid name format: ${name}` }),
  length: (name: string) => ({ status: 400, field: 'name', description: `Invalid name length: ${name}` }),
  zone: (name: string) => ({ status: 400, field: 'name', description: `Name is not in the allowed zones: ${name}` }),
  coinType: (coinType: number) => ({ status: 400, field: 'coin_type', description: `Unsupported coin type: ${coinType}` }),
  taken: (name: string) => ({ status: 400, field: 'name', description: `Name is already registered: ${name}` }),
  timestamp: (timestamp: number) => ({ status: 400, field: 'timestamp', description: `Signature UNIXTIME timestamp is too old: ${timestamp}` }),
  attributes: () => ({ status: 400, field: 'attributes', description: 'Unsupported name attribute in payload' }),
  invalidSignature: () => ({ status: 401, field: 'signature', description: 'Signature validation error: Invalid signature' }),
  signature: () => ({ status: 401, field: 'signature', description: 'Signature validation error: Signature verification error' }),
  notFound: (name: string) => ({ status: 404, field: 'name', description: `Name is not found in the database: ${name}` }),
  noName: () => ({ status: 404, field: 'address', description: 'No name for address is found' }),
} as const
/** The attributes the server takes, each with its rule (`src/names/mod.rs`: `bio`, at most 255 characters). */
const SUPPORTED_ATTRIBUTES: Record<string, RegExp> = { bio: /^[a-zA-Z0-9@:/._\-?&=+ ]{1,255}$/ }

export type NameRegistryOptions = VerifyingEmulatorOptions

/** An HTTP answer: status and JSON body, or `text`, a plain-text body (axum's own refusals of a request body). */
export type NameAnswer = JsonAnswer & { text?: string }

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
const refuse = (r: { status: number; field: string; description: string }): NameAnswer => ({ status: r.status, body: { status: 'FAILED', reasons: [{ field: r.field, description: r.description }] } })
/** The server's name format (`src/names/utils.rs` DOMAIN_FORMAT_REGEX): lowercase letters, digits, '.' and '-'. */
const NAME_FORMAT = /^[a-z0-9.-]+$/
/** The refusal of a full name by the server's checks, in its order (`src/names/utils.rs`): format, length (a label of LABEL_MIN to LABEL_MAX), zone; undefined when it passes. */
const nameRefusal = (name: string): NameAnswer | undefined => {
  const parts = name.split('.')
  if (!NAME_FORMAT.test(name)) return refuse(NAME_REFUSALS.format(name))
  if (parts.length !== 3 || parts[0]!.length < LABEL_MIN || parts[0]!.length > LABEL_MAX) return refuse(NAME_REFUSALS.length(name))
  if (`${parts[1]}.${parts[2]}` !== ZONE) return refuse(NAME_REFUSALS.zone(name))
  return undefined
}
const isLabel = (label: string) => label.length >= LABEL_MIN && label.length <= LABEL_MAX && NAME_FORMAT.test(label) && !label.includes('.')
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
    const body = text.length <= BODY_MAX ? parse(text) : undefined
    if (text.length > BODY_MAX) return { status: 413, body: undefined, text: 'Failed to buffer the request body: length limit exceeded' }
    if (body === undefined) return { status: 400, body: undefined, text: 'Failed to parse the request body as JSON' }
    // RegisterRequest: message and signature strings, coin_type a u32, address a string (src/handlers/profile/mod.rs).
    const { coin_type: coinType, address, message, signature } = obj(body) ?? {}
    if (typeof message !== 'string' || typeof signature !== 'string' || typeof address !== 'string' || typeof coinType !== 'number' || !Number.isInteger(coinType) || coinType < 0 || coinType > 0xffffffff) {
      return { status: 422, body: undefined, text: 'Failed to deserialize the JSON body into the target type' }
    }
    // RegisterPayload: name a string, attributes absent, null or a map of strings, timestamp a u64.
    const m = obj(parse(message))
    const attributes = m?.attributes === undefined || m.attributes === null ? {} : obj(m.attributes)
    if (!m || typeof m.name !== 'string' || !Number.isSafeInteger(m.timestamp) || (m.timestamp as number) < 0 || !attributes || !Object.values(attributes).every((v) => typeof v === 'string')) {
      return refuse(NAME_REFUSALS.payload(m ? 'invalid type: expected `{ name, attributes?, timestamp }`' : 'expected value'))
    }
    const name = m.name
    const timestamp = m.timestamp as number
    const badName = nameRefusal(name)
    if (badName) return badName
    const chainId = coinTypeChainId(coinType)
    const client = chainId === undefined ? undefined : clients.get(chainId)
    if (!client) return refuse(NAME_REFUSALS.coinType(coinType))
    if (names.has(name)) return refuse(NAME_REFUSALS.taken(name))
    if (Math.abs(timestamp - now() / 1000) > TIMESTAMP_SKEW_S) return refuse(NAME_REFUSALS.timestamp(timestamp))
    if (!Object.entries(attributes).every(([k, v]) => SUPPORTED_ATTRIBUTES[k]?.test(v as string))) return refuse(NAME_REFUSALS.attributes())
    // The address must be the checksummed form of a 0x address, else verification cannot start.
    if (!EVM_ADDRESS.test(address) || getAddress(address) !== address || !/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) return refuse(NAME_REFUSALS.invalidSignature())
    let verified: boolean
    try {
      verified = await verifyMessage(client, { address: address as Hex, message, signature: signature as Hex })
    } catch {
      return refuse(NAME_REFUSALS.invalidSignature())
    }
    if (!verified) return refuse(NAME_REFUSALS.signature())
    // Taken while the signature was being verified.
    if (names.has(name)) return refuse(NAME_REFUSALS.taken(name))
    const entry = { name, address, coinType, attributes: attributes as Record<string, string>, registered: Math.floor(now() / 1000) }
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
      // src/handlers/profile/lookup.rs: the name's format, length and zone, then the record.
      const name = decode(m[1]!) ?? ''
      const badName = nameRefusal(name)
      if (badName) return badName
      const entry = names.get(name)
      if (entry) return { status: 200, body: record(entry) }
      return params.get('apiVersion') === '2' && !oldWire ? { status: 200, body: [] } : refuse(NAME_REFUSALS.notFound(name))
    }
    if ((m = /^\/v1\/profile\/reverse\/([^/]+)$/.exec(pathname))) {
      // src/handlers/profile/reverse.rs: names stored for exactly this string; none is [] with apiVersion=2, else 404.
      const found = namesOf(decode(m[1]!) ?? '')
      if (found.length === 0 && params.get('apiVersion') !== '2') return refuse(NAME_REFUSALS.noName())
      return { status: 200, body: found.map(record) }
    }
    if ((m = /^\/v1\/profile\/suggestions\/([^/]+)$/.exec(pathname))) {
      // src/handlers/profile/suggestions.rs: at least 3 characters of the name format, suggested in the zone asked.
      const label = decode(m[1]!) ?? ''
      if (label.length < LABEL_MIN) return refuse(NAME_REFUSALS.length(label))
      if (!NAME_FORMAT.test(label)) return refuse(NAME_REFUSALS.format(label))
      if ((params.get('zone') ?? ZONE) !== ZONE) return { status: 200, body: { suggestions: [] } }
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
