/**
 * On-ramp rules (docs/behaviour.md §8 the sample options, §9 on-ramp limits), pure: the
 * built-in sample options an options failure falls back to, and the check of an amount against a
 * payment currency's limits before any quote (exact decimals, never floats).
 */
import { parseUnits } from 'viem'
import type { OnrampLimit, OnrampOptions } from './entities.js'
import { ERRORS, formatError } from './kernel/error-registry.js'

/** A decimal amount in whole units: digits, optionally a point and more digits. */
export const ONRAMP_DECIMAL = /^\d{1,30}(?:\.\d{1,30})?$/
/** An on-ramp code: a currency or network id, a payment method. */
export const ONRAMP_CODE = /^[A-Za-z0-9_.-]{1,64}$/

const LIMITS: OnrampLimit[] = [
  { paymentMethod: 'card', min: '10.00', max: '7500.00' },
  { paymentMethod: 'ach_bank_account', min: '10.00', max: '25000.00' },
]

/**
 * The built-in sample options (docs/behaviour.md §8: an options failure falls back to them; §9: the
 * limits of the default and fallback options): USD (the default) and EUR, each by card 10.00 to
 * 7500.00 and by bank account ('ach_bank_account') 10.00 to 25000.00; USDC on Ethereum and Polygon,
 * and ETH on Ethereum.
 */
export const SAMPLE_ONRAMP_OPTIONS: OnrampOptions = {
  paymentCurrencies: [
    { id: 'USD', limits: LIMITS },
    { id: 'EUR', limits: LIMITS },
  ],
  purchaseCurrencies: [
    {
      id: 'USDC',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
        { name: 'polygon-mainnet', display_name: 'Polygon', chain_id: '137', contract_address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
      ],
    },
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '' }] },
  ],
}

/** -1, 0 or 1 as decimal `a` is less than, equal to or more than `b` (both ONRAMP_DECIMAL), exactly. */
export function compareDecimals(a: string, b: string): number {
  const scale = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0)
  const x = parseUnits(a, scale)
  const y = parseUnits(b, scale)
  return x < y ? -1 : x > y ? 1 : 0
}

/** onrampAmountProblem's message for an amount that is not a decimal number. */
export const ONRAMP_AMOUNT_INVALID = ERRORS.onrampAmount.message

/**
 * What is wrong with paying `amount` of `currency` by `method` under `options`' limits, as a
 * message for the visitor, or undefined when the amount is within them (inclusive). The limit used
 * is the currency's one for `method`, else its one without a method; decimals compare exactly.
 * @param amount a decimal string in whole units ('25', '25.50').
 * @param method a payment method ('card', 'ach_bank_account'); undefined: the currency's first limit.
 * @returns undefined, or one of: 'Enter an amount, like 10.00' (not a decimal);
 *   'Unsupported currency: {currency}'; 'Unsupported payment method: {method}';
 *   'The minimum is {min} {currency}'; 'The maximum is {max} {currency}'.
 */
export function onrampAmountProblem(amount: string, currency: string, method: string | undefined, options: OnrampOptions): string | undefined {
  if (typeof amount !== 'string' || !ONRAMP_DECIMAL.test(amount.trim())) return ONRAMP_AMOUNT_INVALID
  const c = options.paymentCurrencies.find((p) => p.id === currency)
  if (!c) return `Unsupported currency: ${String(currency).slice(0, 64)}`
  const limit = method === undefined ? c.limits[0] : (c.limits.find((l) => l.paymentMethod === method) ?? c.limits.find((l) => l.paymentMethod === undefined))
  if (!limit) return `Unsupported payment method: ${String(method).slice(0, 64)}`
  if (compareDecimals(amount.trim(), limit.min) < 0) return formatError('onrampMinimum', { min: limit.min, currency: c.id })
  if (compareDecimals(amount.trim(), limit.max) > 0) return formatError('onrampMaximum', { max: limit.max, currency: c.id })
  return undefined
}
