/**
 * The demo host's sign-in routes (localnet/demo-auth.ts, issue 20) over HTTP: a verified sign-in
 * sets an HttpOnly, SameSite=Lax cookie that `/me`, `/sessions` and `/revoke` read; a tampered
 * message, a reused nonce and a foreign domain are refused with siwx-server's messages; bad bodies,
 * foreign origins and oversized bodies are refused before any check; the cookie lists at most
 * MAX_COOKIE_SESSIONS sessions. EVM sign-ins use anvil's first dev key against a JSON-RPC node that
 * reverts every call, so only an EOA's ECDSA signature verifies (viem's fallback) without a chain.
 */
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { COOKIE, MAX_BODY_BYTES, MAX_COOKIE_SESSIONS, createDemoAuth, type DemoAuth } from '../../localnet/demo-auth.js'
import { siwxMessageText, type SiwxMessage } from '../../src/siwx/message.js'

const eoa = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const solanaKey = ed25519.utils.randomPrivateKey()
const solanaAddress = base58.encode(ed25519.getPublicKey(solanaKey))
const EVM_CHAIN = 'eip155:31337'
const SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  json: Record<string, unknown>
}

let node: Server
let site: Server
let auth: DemoAuth
let origin = ''
let host = ''

beforeAll(async () => {
  node = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: 3, message: 'execution reverted', data: '0x' } }))
    })
  })
  await new Promise<void>((done) => node.listen(0, '127.0.0.1', done))
  site = createServer((req, res) => void auth.handle(req, res))
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done))
  host = `127.0.0.1:${(site.address() as AddressInfo).port}`
  origin = `http://${host}`
  auth = createDemoAuth({ origin, chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${(node.address() as AddressInfo).port}` }], solana: { caipNetworkId: SOLANA_CHAIN } })
})
afterAll(async () => {
  await Promise.all([node, site].map((s) => new Promise<void>((done) => s.close(() => done()))))
})

/** One HTTP call with exactly these headers; a POST sends JSON from the demo's origin unless told otherwise. */
function call(method: string, path: string, { body, cookie, headers = {} }: { body?: string | Buffer; cookie?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const sent = { ...(method === 'POST' ? { 'content-type': 'application/json', origin } : {}), ...(cookie ? { cookie } : {}), ...headers }
  return new Promise((resolve, reject) => {
    const req = request(`${origin}/localnet/auth/${path}`, { method, headers: sent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }))
    })
    req.on('error', reject)
    req.end(body)
  })
}
const post = (path: string, body: unknown, cookie?: string) => call('POST', path, { body: JSON.stringify(body), ...(cookie ? { cookie } : {}) })

/** The Set-Cookie header of an answer, as one string. */
const setCookie = (a: Answer) => String(a.headers['set-cookie'] ?? '')
/** The `name=value` part of an answer's cookie, to send back. */
const cookieOf = (a: Answer) => setCookie(a).split(';')[0]!

/** A nonce from the site. */
async function nonce(): Promise<string> {
  const a = await call('POST', 'nonce', { body: '{}' })
  expect(a.status).toBe(200)
  return a.json.nonce as string
}

/** A message for the site signed by anvil's dev key (`over` changes fields before signing). */
async function evmSignIn(over: Partial<SiwxMessage> = {}): Promise<{ message: string; signature: string }> {
  const message = siwxMessageText({ accountAddress: eoa.address, chainId: EVM_CHAIN, domain: host, uri: origin, version: '1', nonce: await nonce(), statement: 'Sign in to Harbour Coffee', issuedAt: new Date().toISOString(), ...over })
  return { message, signature: await eoa.signMessage({ message }) }
}

describe('the demo host\'s sign-in routes', () => {
  it('a verified sign-in sets an HttpOnly SameSite=Lax cookie; /me, /sessions and /revoke read it', async () => {
    expect((await call('GET', 'me')).json).toEqual({ signedIn: false })
    const signedIn = await evmSignIn()
    const verified = await post('verify', signedIn)
    expect(verified.status).toBe(200)
    const caipAddress = `${EVM_CHAIN}:${eoa.address}`
    expect(verified.json).toMatchObject({ caipAddress, chainId: EVM_CHAIN, message: signedIn.message, signature: signedIn.signature, data: { accountAddress: eoa.address, chainId: EVM_CHAIN, domain: host, uri: origin } })
    const attributes = setCookie(verified).split(';').map((p) => p.trim())
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/localnet/auth']))
    expect(attributes.find((p) => p.startsWith('Max-Age='))).toMatch(/^Max-Age=[1-9]\d*$/)
    const cookie = cookieOf(verified)
    expect(cookie.startsWith(`${COOKIE}=`)).toBe(true)
    // The session id is the cookie's secret: no answer carries it.
    expect(JSON.stringify(verified.json)).not.toContain(cookie.slice(COOKIE.length + 1))
    expect((await call('GET', 'me', { cookie })).json).toEqual({ signedIn: true, accounts: [caipAddress] })
    expect((await call('GET', 'me')).json).toEqual({ signedIn: false })

    // getSessions: the account's sessions, in any address case on eip155; none for another account.
    const sessions = await post('sessions', { chainId: EVM_CHAIN, address: eoa.address.toLowerCase() }, cookie)
    expect(sessions.json.sessions).toEqual([verified.json])
    expect((await post('sessions', { chainId: 'eip155:31338', address: eoa.address }, cookie)).json).toEqual({ sessions: [] })
    expect((await post('sessions', { chainId: EVM_CHAIN, address: eoa.address })).json).toEqual({ sessions: [] })

    // A revoke ends it on the server and clears the cookie.
    const revoked = await post('revoke', { chainId: EVM_CHAIN, address: eoa.address }, cookie)
    expect(revoked.json).toEqual({ revoked: 1, signedIn: false })
    expect(setCookie(revoked)).toMatch(new RegExp(`^${COOKIE}=;.*Max-Age=0`))
    expect((await call('GET', 'me', { cookie })).json).toEqual({ signedIn: false })
    expect(await auth.siwx.accountSessions(`${EVM_CHAIN}:${eoa.address}`)).toEqual([])
  })

  it('DataCapture: an email for a signed-in account only, confirmed by the code mailed to it; three wrong codes drop it', async () => {
    const caipAddress = `${EVM_CHAIN}:${eoa.address}`
    expect((await post('email', { email: 'a@harbour.example', account: caipAddress })).status).toBe(401)
    const cookie = cookieOf(await post('verify', await evmSignIn()))
    expect((await post('email', { email: 'not an email', account: caipAddress }, cookie)).json).toEqual({ error: 'Invalid email' })
    expect((await post('email', { email: 'a@harbour.example', account: `${EVM_CHAIN}:0x0000000000000000000000000000000000000001` }, cookie)).status).toBe(401)
    const asked = await post('email', { email: 'a@harbour.example', account: caipAddress }, cookie)
    const { uuid } = asked.json as { uuid: string }
    const { code } = (await call('GET', `inbox?email=${encodeURIComponent('a@harbour.example')}`)).json as { code: string }
    expect(code).toMatch(/^\d{6}$/)
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await post('email/confirm', { uuid, code: wrong }, cookie)).json).toEqual({ error: 'Invalid code' })
    expect((await post('email/confirm', { uuid, code }, cookie)).json).toEqual({ email: 'a@harbour.example' })
    expect((await call('GET', 'me', { cookie })).json).toEqual({ signedIn: true, accounts: [caipAddress], emails: { [caipAddress]: 'a@harbour.example' } })
    // The same email again needs no code; a new one does, and three wrong tries drop it.
    expect((await post('email', { email: 'a@harbour.example', account: caipAddress }, cookie)).json).toEqual({ uuid: null })
    const next = ((await post('email', { email: 'b@harbour.example', account: caipAddress }, cookie)).json as { uuid: string }).uuid
    const right = ((await call('GET', `inbox?email=${encodeURIComponent('b@harbour.example')}`)).json as { code: string }).code
    const bad = right === '000000' ? '111111' : '000000'
    for (let i = 0; i < 3; i++) expect((await post('email/confirm', { uuid: next, code: bad }, cookie)).json).toEqual({ error: 'Invalid code' })
    expect((await post('email/confirm', { uuid: next, code: right }, cookie)).json).toEqual({ error: 'No email waiting to be confirmed' })
    expect((await call('GET', 'me', { cookie })).json).toMatchObject({ emails: { [caipAddress]: 'a@harbour.example' } })
    await post('revoke', { all: true }, cookie)
  })

  it('accepts a Solana sign-in (ed25519)', async () => {
    const message = siwxMessageText({ accountAddress: solanaAddress, chainId: SOLANA_CHAIN, domain: host, uri: origin, version: '1', nonce: await nonce(), issuedAt: new Date().toISOString() })
    const signature = base58.encode(ed25519.sign(new TextEncoder().encode(message), solanaKey))
    const verified = await post('verify', { message, signature })
    expect(verified.status).toBe(200)
    expect((await call('GET', 'me', { cookie: cookieOf(verified) })).json).toEqual({ signedIn: true, accounts: [`${SOLANA_CHAIN}:${solanaAddress}`] })
    expect((await post('revoke', { all: true }, cookieOf(verified))).json).toEqual({ revoked: 1, signedIn: false })
  })

  it('refuses a tampered message, a reused nonce and a foreign domain with siwx-server\'s messages, and sets no cookie', async () => {
    const signedIn = await evmSignIn()
    const tampered = await post('verify', { message: signedIn.message.replace('Sign in to Harbour Coffee', 'Sign in to Harbour Tea'), signature: signedIn.signature })
    expect(tampered.status).toBe(401)
    expect(tampered.json).toEqual({ error: 'Invalid signature' })
    expect(tampered.headers['set-cookie']).toBeUndefined()

    const fresh = await evmSignIn()
    const first = await post('verify', fresh)
    expect(first.status).toBe(200)
    const reused = await post('verify', fresh, cookieOf(first))
    expect(reused.status).toBe(401)
    expect(reused.json).toEqual({ error: 'Unknown or used nonce' })
    expect(reused.headers['set-cookie']).toBeUndefined()
    expect((await post('revoke', { all: true }, cookieOf(first))).json).toEqual({ revoked: 1, signedIn: false })

    const foreign = await post('verify', await evmSignIn({ domain: 'evil.example', uri: 'https://evil.example' }))
    expect(foreign.status).toBe(401)
    expect(foreign.json).toEqual({ error: 'Domain mismatch' })
  })

  it('refuses bad bodies, foreign origins, oversized bodies and unknown routes before any check', async () => {
    const bad = async (a: Promise<Answer>, status: number, error: string | RegExp) => {
      const answer = await a
      expect(answer.status).toBe(status)
      expect(answer.json.error).toMatch(error)
    }
    await bad(call('POST', 'verify', { body: 'not json' }), 400, 'Body is not JSON')
    await bad(post('verify', []), 400, 'Body must be a JSON object')
    await bad(post('verify', { message: 'x' }), 400, /^signature must be a string/)
    await bad(post('verify', { message: 1, signature: '0x' }), 400, /^message must be a string/)
    await bad(post('sessions', { chainId: 'nope', address: eoa.address }), 400, 'chainId must be a CAIP-2 network id')
    await bad(post('revoke', { chainId: EVM_CHAIN, address: '0x<script>' }), 400, 'address must be an account address')
    await bad(call('POST', 'nonce', { body: '{}', headers: { 'content-type': 'text/plain' } }), 400, 'Body must be application/json')
    await bad(call('POST', 'nonce', { body: '{}', headers: { origin: 'https://evil.example' } }), 403, 'Foreign origin')
    await bad(call('POST', 'verify', { body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20) }), 413, 'Body too large')
    // Chunked, with no length announced: cut off once past the bound.
    await bad(call('POST', 'verify', { body: Buffer.alloc(MAX_BODY_BYTES * 4, 0x20), headers: { 'transfer-encoding': 'chunked' } }), 413, 'Body too large')
    await bad(call('GET', 'verify'), 405, 'Method not allowed')
    await bad(call('GET', 'elsewhere'), 404, 'Not found')
    // None of them started a session.
    expect(await auth.siwx.accountSessions(`${EVM_CHAIN}:${eoa.address}`)).toEqual([])
  })

  it(`keeps at most ${MAX_COOKIE_SESSIONS} sessions a cookie, ending the oldest`, async () => {
    let cookie: string | undefined
    const ids: string[] = []
    for (let i = 0; i <= MAX_COOKIE_SESSIONS; i++) {
      const answer = await post('verify', await evmSignIn(), cookie)
      expect(answer.status).toBe(200)
      cookie = cookieOf(answer)
      ids.push(...cookie.slice(COOKIE.length + 1).split('.').filter((id) => !ids.includes(id)))
    }
    const listed = cookie!.slice(COOKIE.length + 1).split('.')
    expect(listed).toHaveLength(MAX_COOKIE_SESSIONS)
    expect(listed).not.toContain(ids[0])
    expect(await auth.siwx.getSession(ids[0]!)).toBeUndefined()
    expect((await post('sessions', { chainId: EVM_CHAIN, address: eoa.address }, cookie)).json.sessions).toHaveLength(MAX_COOKIE_SESSIONS)
    expect((await post('revoke', { all: true }, cookie)).json).toEqual({ revoked: MAX_COOKIE_SESSIONS, signedIn: false })
    expect(await auth.siwx.accountSessions(`${EVM_CHAIN}:${eoa.address}`)).toEqual([])
  })
})
