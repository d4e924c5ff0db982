/**
 * Field schemas more than one feature's events use (events/schema.ts): amounts in base units,
 * messages, codes.
 */
import { matching, text } from '../schema.js'
import { ONRAMP_CODE } from '../onramp-rules.js'

/** An unsigned integer of at most 256 bits as a decimal string (base units: wei, lamports, a token's smallest unit). */
export const uint = matching(/^(0|[1-9]\d{0,77})$/)

/** A message shown or logged: 1 to 256 characters. */
export const message = text(256)

/** An on-ramp code: a currency or network id, a payment method. */
export const onrampCode = matching(ONRAMP_CODE)
