import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from './allowed-origins.js'

describe('allowed origins, by the hosted client’s rules (docs/services.md)', () => {
  it('an empty list allows every origin', () => {
    expect(isOriginAllowed('https://shop.example', [])).toBe(true)
  })
  it('a pattern with a scheme matches by origin; a path in it is ignored', () => {
    expect(isOriginAllowed('https://shop.example', ['https://shop.example'])).toBe(true)
    expect(isOriginAllowed('https://shop.example', ['https://shop.example/checkout'])).toBe(true)
    expect(isOriginAllowed('http://shop.example', ['https://shop.example'])).toBe(false)
    expect(isOriginAllowed('https://shopxexample', ['https://shop.example'])).toBe(false)
  })
  it('a pattern without a scheme matches the host on any scheme, and any port unless it names one', () => {
    expect(isOriginAllowed('https://shop.example', ['shop.example'])).toBe(true)
    expect(isOriginAllowed('http://shop.example:8080', ['shop.example'])).toBe(true)
    expect(isOriginAllowed('https://shop.example:8443', ['shop.example:8443'])).toBe(true)
    expect(isOriginAllowed('https://shop.example:9443', ['shop.example:8443'])).toBe(false)
    expect(isOriginAllowed('https://other.example', ['shop.example'])).toBe(false)
  })
  it('* is one whole label, or any port', () => {
    expect(isOriginAllowed('https://a.shop.example', ['https://*.shop.example'])).toBe(true)
    expect(isOriginAllowed('http://a.shop.example', ['*.shop.example'])).toBe(true)
    expect(isOriginAllowed('https://shop.example', ['https://*.shop.example'])).toBe(false)
    expect(isOriginAllowed('https://a.b.shop.example', ['https://*.shop.example'])).toBe(false)
    expect(isOriginAllowed('https://abc.shop.example', ['https://ab*.shop.example'])).toBe(false)
    expect(isOriginAllowed('https://shop.example:4000', ['https://shop.example:*'])).toBe(true)
    expect(isOriginAllowed('https://evil.example', ['https://*.shop.example'])).toBe(false)
  })
  it('localhost and 127.0.0.1 always; the default ancestors after the list', () => {
    expect(isOriginAllowed('http://127.0.0.1:5173', ['https://shop.example'])).toBe(true)
    expect(isOriginAllowed('http://localhost:3000', ['https://shop.example'])).toBe(true)
    expect(isOriginAllowed('https://preview.pages.dev', ['https://shop.example'])).toBe(true)
    expect(isOriginAllowed('https://a.b.pages.dev', ['https://shop.example'])).toBe(false)
  })
  it('reads untrusted lists: non-strings are skipped; an origin that is no URL matches only an equal plain pattern', () => {
    expect(isOriginAllowed('https://shop.example', [7, null, 'https://shop.example'] as never)).toBe(true)
    expect(isOriginAllowed('null', ['null'])).toBe(true)
    expect(isOriginAllowed('null', ['*'])).toBe(false)
  })
})
