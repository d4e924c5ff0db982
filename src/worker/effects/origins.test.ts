import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from './origins.js'

describe('allowed origins', () => {
  it('matches an exact origin, and a * as any run of characters without a slash', () => {
    expect(isOriginAllowed('https://shop.example', ['https://shop.example'])).toBe(true)
    expect(isOriginAllowed('https://a.shop.example', ['https://*.shop.example'])).toBe(true)
    expect(isOriginAllowed('http://127.0.0.1:5173', ['http://127.0.0.1:*'])).toBe(true)
    expect(isOriginAllowed('https://evil.example/x.shop.example', ['https://*.shop.example'])).toBe(false)
    expect(isOriginAllowed('https://shopxexample', ['https://shop.example'])).toBe(false)
    expect(isOriginAllowed('https://shop.example', [])).toBe(false)
  })
})
