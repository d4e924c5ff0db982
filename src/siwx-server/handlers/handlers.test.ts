import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { siwxMessageText } from '../../siwx/message.js'
import { createSiwxFetchHandler, createSiwxNodeHandler, createSiwxServer, type SiwxServer } from '../index.js'
import { clientKeyOfAddress } from './routes.js'

const DOMAIN = 'example.com'
const ORIGIN = 'https://example.com'
const CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const key = ed25519.utils.randomPrivateKey()
const address = base58.encode(ed25519.getPublicKey(key))

/** A signed sign-in message with `nonce`. */
function signIn(nonce: string): { message: string; signature: string } {
  const message = siwxMessageText({ accountAddress: address, chainId: CHAIN, domain: DOMAIN, uri: ORIGIN, version: '1', nonce, issuedAt: new Date().toISOString() })
  return { message, signature: base58.encode(ed25519.sign(new TextEncoder().encode(message), key)) }
}

const newServer = () => createSiwxServer({ domain: DOMAIN, uri: ORIGIN, chains: { [CHAIN]: '' } })

describe('the Node handler', () => {
  let siwx: SiwxServer
  let http: Server
  let base = ''
  beforeAll(async () => {
    siwx = newServer()
    const handler = createSiwxNodeHandler({ siwx, origin: ORIGIN, limits: { nonce: { max: 5, windowS: 60 }, verify: { max: 50, windowS: 60 } }, maxBodyBytes: 4096 })
    http = createServer((req, res) => void handler(req, res))
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done))
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}/siwx/`
  })
  afterAll(() => new Promise<void>((done) => http.close(() => done())))

  const post = (route: string, body: string | undefined, headers: Record<string, string> = {}) =>
    fetch(base + route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body }) })

  it('signs in with an HttpOnly, Secure, SameSite cookie, answers who is signed in, and signs out', async () => {
    const { nonce } = (await (await post('nonce', undefined)).json()) as { nonce: string }
    const verified = await post('verify', JSON.stringify(signIn(nonce)))
    expect(verified.status).toBe(200)
    expect(await verified.json()).toMatchObject({ caipAddress: `${CHAIN}:${address}`, chainId: CHAIN })
    const setCookie = verified.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^__Host-gangway_siwx=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=86\d{3}; Expires=/)
    const cookie = setCookie.split(';')[0]!
    expect(await (await fetch(base + 'session', { headers: { cookie } })).json()).toMatchObject({ signedIn: true, caipAddress: `${CHAIN}:${address}` })
    const out = await post('sign-out', '{}', { cookie })
    expect(await out.json()).toEqual({ signedOut: true })
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-gangway_siwx=; .*Max-Age=0/)
    expect(await (await fetch(base + 'session', { headers: { cookie } })).json()).toEqual({ signedIn: false })
    // The same signed message again: its nonce is used.
    const again = await post('verify', JSON.stringify(signIn(nonce)))
    expect([again.status, await again.json()]).toEqual([401, { error: 'Unknown or used nonce' }])
  })

  it('refuses a body past its bound, bad JSON, another content type or origin, and unknown routes', async () => {
    const big = await post('verify', JSON.stringify({ message: 'x'.repeat(5000), signature: '' }))
    expect([big.status, await big.json()]).toEqual([413, { error: 'Request body too large' }])
    for (const body of ['{', '[]', '{"message":1,"signature":"x"}']) expect((await post('verify', body)).status).toBe(400)
    expect((await post('verify', '{}', { 'content-type': 'text/plain' })).status).toBe(400)
    expect((await post('nonce', undefined, { origin: 'https://evil.example' })).status).toBe(403)
    const unknown = await fetch(base + 'elsewhere')
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'No such SIWX route' }])
    expect((await fetch(base + 'nonce')).status).toBe(404)
  })
})

describe('the Fetch handler', () => {
  it('answers 429 with Retry-After past a client\'s limit, counting per client key', async () => {
    const siwx = newServer()
    const handler = createSiwxFetchHandler({ siwx, clientKey: (request) => request.headers.get('x-test-client') ?? 'none', limits: { nonce: { max: 2, windowS: 30 } } })
    const nonce = (client: string) => handler(new Request(`${ORIGIN}/siwx/nonce`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-test-client': client } }))
    expect((await nonce('a')).status).toBe(200)
    expect((await nonce('a')).status).toBe(200)
    const refused = await nonce('a')
    expect([refused.status, await refused.json()]).toEqual([429, { error: 'Too many requests' }])
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(30)
    expect((await nonce('b')).status).toBe(200)
  })

  it('verifies, with a body read from a stream and bounded', async () => {
    const siwx = newServer()
    const handler = createSiwxFetchHandler({ siwx, clientKey: () => 'one', maxBodyBytes: 2048, cookie: { secure: false, sameSite: 'Strict' } })
    const { nonce } = await siwx.issueNonce()
    const answer = await handler(new Request(`${ORIGIN}/siwx/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signIn(nonce)) }))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('set-cookie')).toMatch(/^gangway_siwx=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=/)
    const stream = new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(1024)) }) // endless
    const big = await handler(new Request(`${ORIGIN}/siwx/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit))
    expect(big.status).toBe(413)
  })

  it('answers 503 when the store cannot be reached', async () => {
    const down = () => Promise.reject(new Error('connection refused'))
    const siwx = createSiwxServer({ domain: DOMAIN, uri: ORIGIN, chains: { [CHAIN]: '' }, store: { nonces: { issue: down, consume: down }, sessions: { create: down, get: down, revoke: down, revokeAccount: down, ofAccount: down }, counters: { hit: down } } })
    const handler = createSiwxFetchHandler({ siwx, clientKey: () => 'one' })
    const answer = await handler(new Request(`${ORIGIN}/siwx/nonce`, { method: 'POST', headers: { 'content-type': 'application/json' } }))
    expect([answer.status, await answer.json()]).toEqual([503, { error: 'SIWX store unavailable' }])
    await expect(siwx.issueNonce()).rejects.toMatchObject({ message: 'SIWX store unavailable', category: 'API_ERROR' })
  })

  it('needs a clientKey function', () => {
    expect(() => createSiwxFetchHandler({ siwx: newServer() } as never)).toThrow('Invalid SIWX server option')
  })
})

describe('clientKeyOfAddress', () => {
  it('keeps an IPv4 address, unwraps a mapped one, cuts IPv6 to its /64', () => {
    expect(clientKeyOfAddress('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKeyOfAddress('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientKeyOfAddress('2001:db8:0:12::1')).toBe('2001:db8:0:12::/64')
    expect(clientKeyOfAddress('2001:0db8:0000:0012:ffff:1:2:3')).toBe('2001:db8:0:12::/64')
    expect(clientKeyOfAddress('::1')).toBe('0:0:0:0::/64')
    expect(clientKeyOfAddress(undefined)).toBe('unknown')
  })
})
