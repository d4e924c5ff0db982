/** Amount display rules of docs/behaviour.md §9: balances floor to 3 decimals, USD to 2. Pure. */
import { formatUnits } from 'viem'

/**
 * Floors an integer amount in the smallest unit (wei, lamports) to `places` decimals and formats it
 * without trailing zeros: floorUnits('1234567000000000000', 18, 3) → '1.234'.
 */
export function floorUnits(value: string | bigint, decimals: number, places = 3): string {
  const v = BigInt(value)
  if (decimals <= places) return formatUnits(v, decimals)
  const step = 10n ** BigInt(decimals - places)
  return formatUnits(v - (v % step), decimals)
}

/** Floors a USD amount to 2 decimals (docs/behaviour.md §9), e.g. 12.349 → '12.34'. */
export function floorUsd(value: number): string {
  return (Math.floor(value * 100 + 1e-9) / 100).toFixed(2)
}

/**
 * Floors a decimal string of whole tokens (the blockchain service's `quantity.numeric`) to
 * `places` decimals, without trailing zeros: floorDecimal('2500.123456', 3) → '2500.123'.
 * A string that is not a plain decimal gives '0'.
 */
export function floorDecimal(numeric: string, places = 3): string {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!m) return '0'
  const whole = m[1]!.replace(/^0+(?=\d)/, '')
  const fraction = (m[2] ?? '').slice(0, places).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
