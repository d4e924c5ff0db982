/**
 * The times of a SIWX message (docs/behaviour.md §3: ISO 8601 strings; EIP-4361 narrows them to RFC 3339
 * date-times). Pure.
 */

/** An RFC 3339 date-time: `2025-01-02T03:04:05Z`, with optional fractional seconds and a `Z` or `±hh:mm` offset. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

/**
 * The time an RFC 3339 date-time string names, in ms since the epoch; undefined for anything else
 * (another ISO 8601 form, a date JavaScript would guess at, an impossible date such as month 13).
 */
export function readSiwxTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !RFC3339.test(value)) return undefined
  // Date.parse rolls a day past the month's end over (February 30 is March 2): refused here.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number]
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : ms
}
