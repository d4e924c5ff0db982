import { describe, expect, it } from 'vitest'
import { redact, redactedHash, scrubText } from './redact.js'

describe('export redaction', () => {
  const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const payload = { email: 'Ada@Example.com', social: { provider: 'x', username: 'ada_l' }, note: 'mail ada@example.com now', address, caipAddress: `eip155:1:${address}`, n: 3 }

  it('replaces emails and social usernames with stable hashes and keeps addresses', () => {
    const out = redact(payload, 'project-1')
    expect(out.email).toBe(redactedHash('Ada@Example.com', 'project-1'))
    expect(out.social).toEqual({ provider: 'x', username: redactedHash('ada_l', 'project-1') })
    expect(out.note).toBe(`mail ${redactedHash('ada@example.com', 'project-1')} now`)
    expect(out).toMatchObject({ address, caipAddress: `eip155:1:${address}`, n: 3 })
    expect(JSON.stringify(out)).not.toMatch(/ada/i)
  })
  it('is stable per site and differs between sites', () => {
    expect(redact(payload, 'project-1')).toEqual(redact(payload, 'project-1'))
    expect(redact(payload, 'project-2').email).not.toBe(redact(payload, 'project-1').email)
    expect(redactedHash('a', 'p')).toMatch(/^redacted:[0-9a-f]{12}$/)
  })
  it('does not change its input', () => {
    const copy = structuredClone(payload)
    redact(payload, 'p')
    expect(payload).toEqual(copy)
  })
  it('keeps every key it does not redact, and drops __proto__, constructor and prototype as parsing does', () => {
    // JSON text, so the forbidden keys are own keys, as JSON.parse or a structured clone makes them.
    const text = '{"a":{"__proto__":{"email":"ada@example.com","leak":1},"constructor":{"x":1},"prototype":2,"toString":"t","hasOwnProperty":"h","":"e","b":[{"__proto__":{"y":1},"c":"mail ada@example.com"}]}}'
    const out = redact(JSON.parse(text) as { a: Record<string, unknown> & { b: Record<string, unknown>[] } }, 'p')
    expect(Object.getPrototypeOf(out.a)).toBe(Object.prototype)
    expect(out.a.leak).toBeUndefined()
    expect(out.a.b[0]!.y).toBeUndefined()
    expect(Object.keys(out.a)).toEqual(['toString', 'hasOwnProperty', '', 'b'])
    // An export equals the log (as any reader parses it) but for the redacted strings.
    expect(out).toEqual({ a: { toString: 't', hasOwnProperty: 'h', '': 'e', b: [{ c: `mail ${redactedHash('ada@example.com', 'p')}` }] } })
    expect(JSON.parse(JSON.stringify(out))).toEqual(out)
  })

  it('scrubText takes out what could be a secret (error reports, analytics messages) and keeps the rest readable', () => {
    const key = `0x${'4f'.repeat(32)}`
    const solanaSecret = '5'.repeat(2) + 'K'.repeat(86)
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const text = [
      `at run (https://shop.example/cb/page?code=OAUTHCODE&state=s#access_token=TOK:12:3)`,
      `wc:7f6e@2?relay-protocol=irn&symKey=${'a'.repeat(64)}`,
      `key ${key} solana ${solanaSecret}`,
      'Authorization: Bearer abc.def-ghi',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_part',
      '{"otp":"123456","password":"hunter2"} code=4f9a2c1 code: -32603 statusCode: 500',
      `mail Ada@Example.com, account ${address}`,
    ].join('\n')
    const out = scrubText(text, 'p')
    expect(out).toBe(
      [
        'at run (https://shop.example/cb/page)',
        'wc:[redacted]',
        'key [redacted] solana [redacted]',
        'Authorization: Bearer [redacted]',
        'jwt [redacted]',
        '{"otp":"[redacted]","password":"[redacted]"} code=[redacted] code: -32603 statusCode: 500',
        `mail ${redactedHash('ada@example.com', 'p')}, account ${address}`,
      ].join('\n'),
    )
  })
})
