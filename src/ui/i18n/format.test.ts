import { describe, expect, it } from 'vitest'
import { formatsFor } from './format.js'

describe('formats in the active locale', () => {
  it('English amounts read as the views always showed them: no grouping, the floored decimals as given', () => {
    const en = formatsFor('en')
    expect(en.amount('2500.123')).toBe('2500.123')
    expect(en.amount('1000000')).toBe('1000000')
    expect(en.amount('-0.01')).toBe('-0.01')
    expect(en.amount('0')).toBe('0')
  })

  it('amounts are exact, however long (no float on the way)', () => {
    expect(formatsFor('en').amount('123456789012345678901.123')).toBe('123456789012345678901.123')
    expect(formatsFor('es').amount('9007199254740993.5')).toBe('9007199254740993,5')
  })

  it("amounts take the locale's decimal sign and digits", () => {
    expect(formatsFor('es').amount('2500.123')).toBe('2500,123')
    expect(formatsFor('ja').amount('2500.123')).toBe('2500.123')
    expect(formatsFor('ar-EG').amount('2500.123')).toBe('٢٥٠٠٫١٢٣')
  })

  it('a text that is not a plain decimal is left as it is', () => {
    const en = formatsFor('en')
    for (const text of ['', '1e5', '1,000', 'abc', '0x10', '1.']) expect(en.amount(text), text).toBe(text)
    expect(en.usd('n/a')).toBe('n/a')
  })

  it('dollars as the locale writes them, always 2 decimals', () => {
    expect(formatsFor('en').usd('1234.56')).toBe('$1,234.56')
    expect(formatsFor('en').usd('5')).toBe('$5.00')
    expect(formatsFor('es').usd('1234.56')).toMatch(/^1234,56\sUS\$$/)
    expect(formatsFor('ja').usd('1234.56')).toBe('$1,234.56')
  })

  it('counts with grouping', () => {
    expect(formatsFor('en').count(160)).toBe('160')
    expect(formatsFor('en').count(1234)).toBe('1,234')
    expect(formatsFor('ar-EG').count(160)).toBe('١٦٠')
  })

  it('dates: month, day, hour and minute in the locale; an unreadable time as given', () => {
    const at = '2024-03-05T14:07:00Z'
    const en = formatsFor('en').date(at)
    expect(en).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}\s[AP]M$/)
    expect(formatsFor('ja').date(at)).toMatch(/^\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)
    expect(formatsFor('en').date('not a time')).toBe('not a time')
  })

  it('relative times', () => {
    expect(formatsFor('en').relative(-3, 'minute')).toBe('3 minutes ago')
    expect(formatsFor('en').relative(-1, 'day')).toBe('yesterday')
    expect(formatsFor('es').relative(-1, 'day')).toBe('ayer')
    expect(formatsFor('es').relative(2, 'hour')).toBe('dentro de 2 horas')
  })
})
