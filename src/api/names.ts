/**
 * Client of the name service (docs/behaviour.md §7 `/v1/profile/…` on the blockchain service):
 * lookup, suggestions, reverse lookup and registration of account names, all in the one zone
 * NAME_ZONE (`<label>.reown.id`), through the shared service fetch (projectId, st, sv, the 10 s
 * timeout, an AbortSignal). Names are EVM only (docs/behaviour.md §9). Also the pure pieces of a
 * registration: the message the account signs and its ENSIP-11 coin type.
 *
 * Answers are remote data: a name is kept only when it is a label of the §5 rule in the
 * zone (so at most MAX_REMOTE_NAME, 64, characters), lowercased; lists are cut to their first
 * NAME_SUGGESTIONS_MAX suggestions, NAMES_MAX names, NAME_ADDRESSES_MAX addresses and
 * NAME_ATTRIBUTES_MAX attributes before malformed entries are dropped; addresses are keyed by coin
 * type as a decimal string and must be 0x addresses; attribute values are cut to MAX_REMOTE_STRING.
 *
 * Errors (docs/behaviour.md §8), GangwayErrors of category API_ERROR unless said otherwise:
 * - a lookup answered `[]` (the hosted answer for an unknown name with apiVersion=2) or 404: 'Name not found';
 * - an error status whose JSON body gives `{ reasons: [{ description }] }`: that first description
 *   (cut to MAX_REMOTE_STRING, control characters as spaces); so does a 2xx registration answer that
 *   is not the registered record;
 * - a lookup answered another error status without a reason: 'Bad response status';
 * - anything else (the other methods' error statuses without a reason, a network failure, the
 *   timeout, a malformed answer): 'Error resolving name', 'Error fetching name suggestions',
 *   'Error fetching names for address', 'Error registering name {name}';
 * - `details` says more (the status, the fetch's message, 'Malformed answer'), `cause` is the
 *   fetch's error; the caller's abort passes through as the signal's AbortError.
 */
import { EnsInvalidChainIdError, getAddress, HttpRequestError, toCoinType } from 'viem'
import {
  BAD_RESPONSE_STATUS,
  ERROR_FETCHING_NAME_SUGGESTIONS,
  ERROR_FETCHING_NAMES_FOR_ADDRESS,
  ERROR_REGISTERING_NAME,
  ERROR_RESOLVING_NAME,
  errorMessage,
  GangwayError,
  NAME_NOT_FOUND,
} from '../events/kernel/errors.js'
import { MAX_REMOTE_NAME, MAX_REMOTE_STRING, NAME_SUGGESTIONS_MAX } from '../events/kernel/limits.js'
import { fullName, INVALID_NAME_LABEL, isValidNameLabel, NAME_ZONE } from '../events/name-rules.js'
import { fromSafeEntries, parseJson } from '../events/kernel/safe-json.js'
import { errorResponseBody, type ServiceFetch } from './service-fetch.js'
import { formatError } from '../events/kernel/error-registry.js'

export { isValidNameLabel, NAME_ZONE }

/** The most names of one address kept from a reverse lookup. */
export const NAMES_MAX = 20
/** The most addresses (coin types) of one name kept from a lookup. */
export const NAME_ADDRESSES_MAX = 20
/** The most attributes of one name kept from a lookup (keys of at most 64 characters). */
export const NAME_ATTRIBUTES_MAX = 20
/** The longest registration message sent (Gangway's own is under 120 characters). */
export const NAME_MESSAGE_MAX_CHARS = 2048
/** The longest registration signature sent, in characters: a 65-byte ECDSA one, or a contract account's (EIP-1271, ERC-6492 with its factory call). */
export const NAME_SIGNATURE_MAX_CHARS = 20_000

/** A name the service resolves: the full name (lowercase), its addresses by ENSIP-11 coin type (decimal string → 0x address), its text attributes. */
export interface NameProfile {
  name: string
  addresses: Record<string, string>
  attributes: Record<string, string>
}

/** A suggested full name (lowercase), `registered` when someone has it already. */
export interface SuggestedName {
  name: string
  registered: boolean
}

/** What registerName sends: the account's coin type (nameCoinType), its 0x address, the message (nameRegistrationMessage) and the account's personal_sign signature of it. */
export interface NameRegistration {
  coinType: number
  address: string
  message: string
  signature: string
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})+$/
/** An ENSIP-11 coin type as the service keys it: a decimal uint32 without leading zeros. */
const COIN_TYPE_KEY = /^(?:0|[1-9]\d{0,9})$/

/**
 * `v` lowercased when it is a full name of the zone, `<label>.reown.id` with a label of the
 * docs/behaviour.md §5 rule (isValidNameLabel; at most MAX_REMOTE_NAME characters in all), else undefined.
 */
export function readZoneName(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length > MAX_REMOTE_NAME) return undefined
  const name = v.toLowerCase()
  const suffix = `.${NAME_ZONE}`
  return name.endsWith(suffix) && isValidNameLabel(name.slice(0, -suffix.length)) ? name : undefined
}

/**
 * The message a name registration signs (docs/behaviour.md §4, §7): the JSON text
 * `{"name":"<label>.reown.id","attributes":{},"timestamp":<s>}`, the label lowercased, the
 * timestamp in seconds. The account signs it with personal_sign (EIP-191).
 * @throws GangwayError 'A name has at least 4 characters: letters, digits and hyphens' for a label
 *   outside the §5 rule; GangwayError 'Invalid timestamp: {t}' unless the timestamp is a whole number ≥ 0.
 */
export function nameRegistrationMessage(label: string, timestampSeconds: number): string {
  if (typeof label !== 'string' || !isValidNameLabel(label)) throw new GangwayError(INVALID_NAME_LABEL, { details: String(label).slice(0, MAX_REMOTE_NAME) })
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) throw new GangwayError(`Invalid timestamp: ${timestampSeconds}`)
  return JSON.stringify({ name: fullName(label), attributes: {}, timestamp: timestampSeconds })
}

/**
 * The ENSIP-11 coin type of an EVM chain, as registerName sends it: viem's `toCoinType` (a bigint)
 * as a number: 60 for chain 1, else `(0x80000000 | chainId) >>> 0` (2147514985 for 31337,
 * 2147492101 for 8453), always ≥ 0.
 * @throws viem's EnsInvalidChainIdError for a chain id that is not a whole number in 0…0x7fffffff.
 */
export function nameCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId)) throw new EnsInvalidChainIdError({ chainId })
  return Number(toCoinType(chainId))
}

/** The service's own reason for a refusal: the first `reasons[].description`, trimmed, control characters as spaces, cut to MAX_REMOTE_STRING; undefined when there is none. */
export function firstReason(body: unknown): string | undefined {
  const reasons = obj(body)?.reasons
  const first = Array.isArray(reasons) ? obj(reasons[0]) : undefined
  const text = typeof first?.description === 'string' ? first.description.slice(0, MAX_REMOTE_STRING * 4).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim() : ''
  return text ? text.slice(0, MAX_REMOTE_STRING) : undefined
}

/** A 2xx answer that does not have the shape asked for. */
const malformed = (message: string) => new GangwayError(message, { category: 'API_ERROR', details: 'Malformed answer' })

/**
 * A failed call as the GangwayError of the module comment's rules; a GangwayError (this module's
 * own) and the caller's abort pass as they are.
 */
function nameError(error: unknown, fallback: string, signal: AbortSignal | undefined, lookup: boolean): unknown {
  if (error instanceof GangwayError || signal?.aborted) return error
  const status = error instanceof HttpRequestError ? error.status : undefined
  // An HttpRequestError of a 2xx answer (a body too large or not JSON) is no error status.
  const badStatus = status !== undefined && (status < 200 || status > 299)
  const options = { category: 'API_ERROR' as const, details: badStatus ? `Status ${status}` : errorMessage(error).slice(0, MAX_REMOTE_STRING), cause: error }
  if (lookup && status === 404) return new GangwayError(NAME_NOT_FOUND, options)
  const reason = badStatus ? firstReason(errorResponseBody(error)) : undefined
  return new GangwayError(reason ?? (lookup && badStatus ? BAD_RESPONSE_STATUS : fallback), options)
}

/** The name a registration message names (for 'Error registering name {name}'), when it can be read. */
function messageName(message: unknown): string | undefined {
  if (typeof message !== 'string' || message.length > NAME_MESSAGE_MAX_CHARS) return undefined
  try {
    return readZoneName(obj(parseJson(message))?.name)
  } catch {
    return undefined
  }
}

/** A lookup answer's `addresses`: `{ "<coinType>": { address } }` → coin type → 0x address. */
function addressesOf(v: unknown): Record<string, string> {
  const entries = Object.entries(obj(v) ?? {}).slice(0, NAME_ADDRESSES_MAX)
  const kept: [string, string][] = []
  for (const [coinType, entry] of entries) {
    const address = obj(entry)?.address
    if (COIN_TYPE_KEY.test(coinType) && Number(coinType) <= 0xffffffff && typeof address === 'string' && EVM_ADDRESS.test(address)) kept.push([coinType, address])
  }
  return fromSafeEntries(kept)
}

/** A lookup answer's `attributes`: string values only, keys of 1 to 64 characters, values cut to MAX_REMOTE_STRING. */
function attributesOf(v: unknown): Record<string, string> {
  const entries = Object.entries(obj(v) ?? {}).slice(0, NAME_ATTRIBUTES_MAX)
  return fromSafeEntries(entries.filter((e): e is [string, string] => e[0].length > 0 && e[0].length <= MAX_REMOTE_NAME && typeof e[1] === 'string').map(([k, s]) => [k, s.slice(0, MAX_REMOTE_STRING)]))
}

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

/** The four calls of the name service over `api` (the shared service fetch); see the module comment for the answers' checks and the errors. */
export function nameClient(api: ServiceFetch) {
  const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})
  return {
    /**
     * GET /v1/profile/account/{name} (apiVersion=2): the name's addresses and attributes. `name` is
     * a full name of the zone, any case (`alice.reown.id`); any other name is not asked for.
     * @returns `{ name, addresses, attributes }`, `name` lowercased, `addresses` by coin type (decimal string) → 0x address (possibly none).
     * @throws GangwayError 'Name not found' when the service answers `[]` (the hosted answer for an
     *   unknown name with apiVersion=2: 200 `[]`; docs/services.md) or a 404, and (category INTERNAL_SDK_ERROR, no request) for a
     *   name outside the zone or the §5 rule; the service's first reason; 'Bad response status' on
     *   another error status; 'Error resolving name' otherwise (an answer for another name included).
     */
    async lookupName(name: string, signal?: AbortSignal): Promise<NameProfile> {
      const wanted = readZoneName(name)
      if (!wanted) throw new GangwayError(NAME_NOT_FOUND, { details: `Not a name of ${NAME_ZONE}` })
      try {
        const answer: unknown = await api.get('blockchain', `v1/profile/account/${encodeURIComponent(wanted)}`, { params: { apiVersion: 2 }, ...withSignal(signal) })
        if (Array.isArray(answer) && answer.length === 0) throw new GangwayError(NAME_NOT_FOUND, { category: 'API_ERROR', details: 'No record' })
        const r = obj(answer)
        if (!r || readZoneName(r.name) !== wanted) throw malformed(ERROR_RESOLVING_NAME)
        return { name: wanted, addresses: addressesOf(r.addresses), attributes: attributesOf(r.attributes) }
      } catch (error) {
        throw nameError(error, ERROR_RESOLVING_NAME, signal, true)
      }
    },
    /**
     * GET /v1/profile/suggestions/{label} (zone=reown.id): names like `label`, each marked when taken.
     * A label outside the §5 rule is not asked for: no suggestions.
     * @returns at most NAME_SUGGESTIONS_MAX `{ name, registered }`, full names of the zone, lowercase, distinct.
     * @throws GangwayError with the service's first reason, else 'Error fetching name suggestions'.
     */
    async suggestNames(label: string, signal?: AbortSignal): Promise<SuggestedName[]> {
      if (typeof label !== 'string' || !isValidNameLabel(label)) return []
      try {
        const r = obj(await api.get('blockchain', `v1/profile/suggestions/${encodeURIComponent(label.toLowerCase())}`, { params: { zone: NAME_ZONE }, ...withSignal(signal) }))
        if (!Array.isArray(r?.suggestions)) throw malformed(ERROR_FETCHING_NAME_SUGGESTIONS)
        const suggestions = (r.suggestions as unknown[]).slice(0, NAME_SUGGESTIONS_MAX).flatMap((v) => {
          const s = obj(v)
          const name = readZoneName(s?.name)
          return name && typeof s!.registered === 'boolean' ? [{ name, registered: s!.registered }] : []
        })
        return unique(suggestions, (s) => s.name)
      } catch (error) {
        throw nameError(error, ERROR_FETCHING_NAME_SUGGESTIONS, signal, false)
      }
    },
    /**
     * GET /v1/profile/reverse/{address} (sender=address, apiVersion=2): the names of an EVM address,
     * in the service's order. The address is sent checksummed (EIP-55): the hosted service matches
     * it as stored, case and all. Anything but a 0x address is not asked for: no names.
     * @returns at most NAMES_MAX full names of the zone, lowercase, distinct.
     * @throws GangwayError with the service's first reason, else 'Error fetching names for address'.
     */
    async reverseLookup(address: string, signal?: AbortSignal): Promise<string[]> {
      if (typeof address !== 'string' || !EVM_ADDRESS.test(address)) return []
      try {
        const checksummed = getAddress(address)
        const r: unknown = await api.get('blockchain', `v1/profile/reverse/${checksummed}`, { params: { sender: checksummed, apiVersion: 2 }, ...withSignal(signal) })
        if (!Array.isArray(r)) throw malformed(ERROR_FETCHING_NAMES_FOR_ADDRESS)
        const names = r.slice(0, NAMES_MAX).flatMap((v) => {
          const name = readZoneName(obj(v)?.name)
          return name ? [name] : []
        })
        return unique(names, (n) => n)
      } catch (error) {
        throw nameError(error, ERROR_FETCHING_NAMES_FOR_ADDRESS, signal, false)
      }
    },
    /**
     * POST /v1/profile/account with body `{ coin_type, address, message, signature }`: registers the
     * name the message names (nameRegistrationMessage) for `address` (sent checksummed, EIP-55: the
     * hosted service verifies the signature against the checksummed form), which signed the message.
     * Resolves once the service answers with the registered record (`{ name, registered_at,
     * addresses, … }`, its `name` the one registered; docs/services.md).
     * @throws GangwayError 'Error registering name {name}' (`{name}` from the message; 'Error
     *   registering name' when it names none), category INTERNAL_SDK_ERROR and nothing sent, for a
     *   registration that is not well formed (coin type a uint32, a 0x address, a 0x hex signature of at
     *   most NAME_SIGNATURE_MAX_CHARS, a message of at most NAME_MESSAGE_MAX_CHARS naming a name of the
     *   zone); else the service's first reason (of an error status or of an answer that is not a
     *   success), or 'Error registering name {name}'.
     */
    async registerName(registration: NameRegistration, signal?: AbortSignal): Promise<void> {
      const { coinType, address, message, signature } = (obj(registration) ?? {}) as Partial<Record<keyof NameRegistration, unknown>>
      const name = messageName(message)
      const failed = name ? formatError('registerNamed', { name }) : ERROR_REGISTERING_NAME
      const wrong = (
        [
          ['message', name !== undefined],
          ['coinType', typeof coinType === 'number' && Number.isSafeInteger(coinType) && coinType >= 0 && coinType <= 0xffffffff],
          ['address', typeof address === 'string' && EVM_ADDRESS.test(address)],
          ['signature', typeof signature === 'string' && signature.length <= NAME_SIGNATURE_MAX_CHARS && HEX_BYTES.test(signature)],
        ] as const
      ).find(([, ok]) => !ok)?.[0]
      if (wrong) throw new GangwayError(failed, { details: `Invalid registration: ${wrong}` })
      try {
        const r: unknown = await api.post('blockchain', 'v1/profile/account', { coin_type: coinType, address: getAddress(address as string), message, signature }, withSignal(signal))
        if (name !== undefined && readZoneName(obj(r)?.name) === name) return
        throw new GangwayError(firstReason(r) ?? failed, { category: 'API_ERROR', details: 'Not registered' })
      } catch (error) {
        throw nameError(error, failed, signal, false)
      }
    },
  }
}

export type NameClient = ReturnType<typeof nameClient>
