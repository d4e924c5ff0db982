import { describe, expect, it } from 'vitest'
import { redact, redactedHash } from './redact.js'

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
})
