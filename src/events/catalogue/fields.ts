/**
 * Field schemas more than one feature's events use (events/schema.ts): ids, addresses, amounts in
 * base units, messages. A field one feature alone uses stays in that feature's catalogue file.
 */
import { isNamespace, parseCaipAddress, parseCaipNetworkId, readCaipNetworkId } from '../../chains/caip.js'
import type { CaipAddress, CaipNetworkId, Namespace } from '../entities.js'
import { isEvmAddress, isSolanaAddress } from '../address-rules.js'
import { ONRAMP_CODE } from '../onramp-rules.js'
import { check, matching, text } from '../schema.js'

/** An unsigned integer of at most 256 bits as a decimal string (base units: wei, lamports, a token's smallest unit). */
export const uint = matching(/^(0|[1-9]\d{0,77})$/)

/** A signed amount in base units as a decimal string (an asset change). */
export const signedUint = matching(/^-?(0|[1-9]\d{0,77})$/)

/** A message shown or logged: 1 to 256 characters. */
export const message = text(256)

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
