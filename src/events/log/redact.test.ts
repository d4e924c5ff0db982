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
      'at flush (https://cdn.example/v3/deadbeefkey/dist/worker-AB12.js:1:2345)',
      'at rpc (https://eth-mainnet.g.alchemy.com/v2/Xy9kLmNoPqRs)',
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
        'at run (https://shop.example/…)',
        'at flush (https://cdn.example/…/worker-AB12.js:1:2345)',
        'at rpc (https://eth-mainnet.g.alchemy.com/…)',
        'wc:[redacted]',
        'key [redacted] solana [redacted]',
        'Authorization: Bearer [redacted]',
        'jwt [redacted]',
        '{"otp":"[redacted]","password":"[redacted]"} code=[redacted] code: -32603 statusCode: 500',
        `mail ${redactedHash('ada@example.com', 'p')}, account ${address}`,
      ].join('\n'),
    )
  })
  it('scrubText keeps only the origin of a URL: RPC providers put their API keys in the path', () => {
    const message = [
      'fetch https://eth-mainnet.g.alchemy.com/v2/AlchemyKey0123456789abcdefXYZ failed,',
      'then https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef (retry)',
      'x-api-key: sk_live_abc123 private-key: 5KQwrPbwdL6PhXujxW37FSSQZ1JiwsST4cqQzDeyXtP79zkvFD3',
    ].join(' ')
    const out = scrubText(message, 'p')
    expect(out).toBe('fetch https://eth-mainnet.g.alchemy.com/… failed, then https://mainnet.infura.io/… (retry) x-api-key: [redacted] private-key: [redacted]')
    for (const secret of ['AlchemyKey', '0123456789abcdef', 'sk_live', 'abc123', '5KQw']) expect(out).not.toContain(secret)
    // QuickNode, a port, credentials, a query and a fragment go too; an origin alone stays as it is.
    expect(scrubText('https://x.quiknode.pro/QnKey123/ http://user:pw@127.0.0.1:8545/rpc?k=1#f wss://relay.example https://shop.example/ ipfs://bafy/x.json')).toBe(
      'https://x.quiknode.pro/… http://127.0.0.1:8545/… wss://relay.example/ https://shop.example/ ipfs://bafy/…',
    )
  })

  it('scrubText replaces the values of secret-named pairs, dashed or underscored, and keeps codes and readable text', () => {
    const text = [
      'api-key=AK1 api_key=AK2 apikey=AK3 X-API-KEY: AK4 secret_key=SK1 privateKey: PK1',
      'access_token=AT1 auth-token: AT2 "refreshToken":"RT1" secret: S1 client-secret=S2 password = PW1 passphrase: PP1',
      'authorization: Bearer B1 Authorization: sk_live_A1 proxy-authorization: Basic QQ1',
      'code: -32603 statusCode: 500 tokens: 3 keyboard ok',
    ].join('\n')
    expect(scrubText(text)).toBe(
      [
        'api-key=[redacted] api_key=[redacted] apikey=[redacted] X-API-KEY: [redacted] secret_key=[redacted] privateKey: [redacted]',
        'access_token=[redacted] auth-token: [redacted] "refreshToken":"[redacted]" secret: [redacted] client-secret=[redacted] password = [redacted] passphrase: [redacted]',
        'authorization: Bearer [redacted] Authorization: [redacted] proxy-authorization: Basic [redacted]',
        'code: -32603 statusCode: 500 tokens: 3 keyboard ok',
      ].join('\n'),
    )
  })

  it('scrubText stays linear on long runs of dashed words (it scrubs whole messages before they are cut)', () => {
    const text = `${'a-'.repeat(50_000)}key: K1`
    expect(scrubText(text)).toBe(`${'a-'.repeat(50_000)}key: [redacted]`)
  })
})
