/**
 * Numbers, amounts, dollars and dates in the active locale, through Intl. Each formatter is made on
 * first use (an Intl formatter loads locale data, tens of ms at 4x CPU: too much for the views'
 * evaluation in idle time) and kept.
 */

/** The active locale's formatters (one set per locale, `formatsFor`). */
export interface Formats {
  /**
   * A decimal string of whole tokens ('2500.123', '-0.01', '1000000'), exactly (no float), with the
   * locale's digits and decimal sign and no grouping: '2500.123' in English, '2500,123' in
   * Spanish. A string that is not a plain decimal comes back as it is.
   */
  amount(value: string): string
  /** A decimal string of US dollars ('1234.56') as the locale writes dollars, 2 decimals: '$1,234.56' in English. Not a decimal: as it is. */
  usd(value: string): string
  /** A whole number with the locale's digits and grouping: 1234 → '1,234' in English. */
  count(value: number): string
  /**
   * An ISO 8601 time as month, day, hour and minute in the visitor's time zone: 'Mar 5, 02:14 PM'
   * in English. A time that cannot be read comes back as it is.
   */
  date(iso: string): string
  /** A time relative to now: `relative(-3, 'minute')` → '3 minutes ago', `relative(-1, 'day')` → 'yesterday' in English. */
  relative(value: number, unit: Intl.RelativeTimeFormatUnit): string
}

const DECIMAL = /^[+-]?\d+(\.\d+)?$/

/** A function made by `make` on its first call, the same one after. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}

/**
 * The formatters of `tag` (a BCP 47 tag Intl accepts: the locale choice's `formatTag`).
 * @throws RangeError from Intl on first use if `tag` is malformed (locale.ts only gives well-formed ones).
 */
export function formatsFor(tag: string): Formats {
  const amount = once(() => new Intl.NumberFormat(tag, { useGrouping: false, maximumFractionDigits: 20 }))
  const usd = once(() => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }))
  const count = once(() => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }))
  const date = once(() => new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }))
  const relative = once(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }))
  // Intl formats a numeric string exactly (ECMA-402 2023, NumberFormat v3); the lib typings here
  // (ES2022) only name number and bigint.
  const exact = (value: string) => value as unknown as number
  return {
    amount: (value) => (DECIMAL.test(value) ? amount().format(exact(value)) : value),
    usd: (value) => (DECIMAL.test(value) ? usd().format(exact(value)) : value),
    count: (value) => count().format(value),
    date(iso) {
      const at = new Date(iso)
      return Number.isNaN(at.getTime()) ? iso : date().format(at)
    },
    relative: (value, unit) => relative().format(value, unit),
  }
}
