/**
 * Field schemas more than one feature's events use (events/schema.ts): ids, addresses, amounts in
 * base units, messages. A field one feature alone uses stays in that feature's catalogue file.
 */
import { isNamespace, parseCaipAddress, parseCaipNetworkId, readCaipNetworkId } from '../../chains/caip.js'
import type { CaipAddress, CaipNetworkId, Namespace, WalletRef } from '../entities.js'
import { isEvmAddress, isSolanaAddress } from '../address-rules.js'
import { ONRAMP_CODE } from '../onramp-rules.js'
import { storedImageUrl, walletLink } from '../kernel/urls.js'
import { ERRORS, type ErrorId } from '../kernel/error-registry.js'
import { check, matching, object, optional, text, whole, type Schema } from '../schema.js'

/** An unsigned integer of at most 256 bits as a decimal string (base units: wei, lamports, a token's smallest unit). */
export const uint = matching(/^(0|[1-9]\d{0,77})$/)

/** An amount in base units as a balance read gives it: 1 to 80 digits, leading zeros allowed. */
export const digits = matching(/^\d{1,80}$/)

/** A signed amount in base units as a decimal string (an asset change). */
export const signedUint = matching(/^-?(0|[1-9]\d{0,77})$/)

/** A message shown or logged: 1 to 256 characters. */
export const message = text(256)

/**
 * The error registry's id of an event's `message` (events/kernel/error-registry.ts), beside every
 * `message` field: the log gives it to an event whose message the registry knows (log/error-id.ts),
 * also to one read back from a log written before ids existed.
 */
export const errorId = check<ErrorId>((v) => typeof v === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, v))

/** A non-empty string of any length (an intent's id field, bounded by the plain-data check). */
export const filled = text(Infinity)

/** A namespace Gangway knows (eip155, solana, bip122). */
export const namespace = check<Namespace>(isNamespace)

/** An EVM address (0x and 40 hex digits). */
export const evm = check<string>((v) => typeof v === 'string' && isEvmAddress(v))

/** A wallet-reported address: non-empty, at most 128 characters, no colon (it becomes the last part of a CAIP-10 id). */
export const plainAddress = check<string>((v) => typeof v === 'string' && v.length > 0 && v.length <= 128 && !v.includes(':'))

/** A stored CAIP-2 network id: at most 128 characters, well formed. */
export const caip2 = check<CaipNetworkId>((v) => typeof v === 'string' && v.length > 0 && v.length <= 128 && readCaipNetworkId(v) !== undefined)

/**
 * An intent's CAIP-2 network id: a non-empty string, else the payload is refused; a malformed one
 * throws 'Invalid CAIP-2 network id'.
 */
export const caip2Id = check<CaipNetworkId>((v) => typeof v === 'string' && v.length > 0 && !!parseCaipNetworkId(v))

/**
 * An intent's CAIP-10 account id: a non-empty string, else the payload is refused; a malformed one
 * throws 'Invalid CAIP-10 address'.
 */
export const caip10Id = check<CaipAddress>((v) => typeof v === 'string' && v.length > 0 && !!parseCaipAddress(v))

/** A stored CAIP-10 account id (at most 200 characters) whose address is one of its namespace's. */
export const caip10 = check<CaipAddress>((v) => {
  if (typeof v !== 'string' || v.length === 0 || v.length > 200) return false
  try {
    const { namespace: ns, address } = parseCaipAddress(v)
    if (ns === 'eip155') return isEvmAddress(address)
    if (ns === 'solana') return isSolanaAddress(address)
    return isNamespace(ns)
  } catch {
    return false
  }
})

/** An on-ramp code: a currency or network id, a payment method. */
export const onrampCode = matching(ONRAMP_CODE)

/** A field the validators before the catalogue did not check (kept as it is, typed `T`). */
export const unchecked = <T>() => check<T>(() => true)

/** Any string, empty or long (only the plain-data check bounds it). */
export const anyText = text(Infinity, 0)

/** An EIP-1193 / JSON-RPC error code: any safe integer, negative ones too. */
export const errorCode = whole(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER)

/** An image URL the URL validator keeps as it is (https, http from a service origin, data:image/). */
export const imageUrl = check<string>((v) => typeof v === 'string' && storedImageUrl(v) === v)

/**
 * `o` with its image at `key` as the URL validator keeps it (normalised), or without it when the
 * validator refuses it: a wallet's or a token's own icon is its to choose, the entry stays.
 */
export function withStoredImage<T extends object>(o: T, key: keyof T & string): T {
  const { [key]: raw, ...rest } = o as Record<string, unknown>
  const url = raw === undefined ? undefined : storedImageUrl(raw)
  return (url ? { ...rest, [key]: url } : rest) as T
}

/** An id of a waiting approval (random hex) or of a preview ('send'). */
export const previewId = matching(/^[0-9a-zA-Z_-]{1,64}$/)

/** A wallet link the URL validator accepts (https or a wallet app's custom scheme). */
export const link = check<string>((v) => walletLink(v) !== undefined)

/**
 * A picked wallet: id and name, rdns, and links and image that pass the URL validator
 * (events/kernel/urls.ts: links https or a custom wallet scheme, the image https, http or data:image/).
 */
export const walletRef: Schema<WalletRef> = object({
  id: text(256),
  name: text(256),
  rdns: optional(text(256)),
  imageUrl: optional(check<string>((v) => storedImageUrl(v) !== undefined)),
  mobileLink: optional(link),
  desktopLink: optional(link),
  webappLink: optional(link),
})
