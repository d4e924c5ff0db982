/**
 * The Localnet WalletConnect wallet's control service (localnet/walletconnect/control.ts, issue 13
 * item 13): a call without the token, with a wrong token, from a foreign Origin or through a foreign
 * Host answers 403 and runs nothing; the demo origin with the token works, and CORS names only it.
 * Then the real wallet process, spawned on a local relay, refuses the same way.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ControlError, newControlToken, startControlServer, type ControlBody, type ControlServer } from '../../localnet/walletconnect/control.js'
import { spawnWalletConnectWallet } from '../../localnet/walletconnect/wallet-process.js'
import type { WalletConnectWallet } from '../../localnet/walletconnect/wallet.js'
import { startRelay, type Relay } from '../../localnet/walletconnect/relay.js'
import { freePort } from '../../localnet/ports.js'

const DEMO = 'http://127.0.0.1:5173'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  json: unknown
}

/** One HTTP call with exactly these headers (node:http, so Host and Origin are ours to set). */
function call(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json: text ? JSON.parse(text) : undefined })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('the WalletConnect wallet control service', () => {
  const token = newControlToken()
  const paired: ControlBody[] = []
  let server: ControlServer
  const bearer = { authorization: `Bearer ${token}` }
  const pair = (headers: Record<string, string>) => call(server.url, 'POST', '/pair', { 'content-type': 'application/json', ...headers }, JSON.stringify({ uri: 'wc:abc@2' }))

  beforeAll(async () => {
    server = await startControlServer({
      port: 0,
      token,
      allowedOrigins: [DEMO],
      routes: {
        'POST /pair': async (body) => {
          paired.push(body)
          return { ok: true }
        },
        'GET /sessions': async () => [],
        'POST /reject': async () => {
          throw new ControlError(400, 'No pending proposal')
        },
        'POST /approve': async () => {
          throw new Error('relay down')
        },
      },
    })
  })
  afterAll(() => server?.stop())

  it('makes a fresh 43-character token each time', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newControlToken()).not.toBe(token)
  })

  it('refuses a call without the token, or with a wrong one, with 403 and runs nothing', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: token }, { authorization: `Bearer ${token}x` }, { 'x-localnet-token': token }] as Record<string, string>[]) {
      const r = await pair(headers)
      expect(r.status).toBe(403)
      expect(r.json).toEqual({ error: 'A valid control token is required' })
    }
    // A page's simple form POST: its Origin is foreign, and it has no token.
    expect((await pair({ origin: 'https://attacker.example', 'content-type': 'text/plain' })).status).toBe(403)
    expect(paired).toEqual([])
  })

  it('refuses a foreign Origin even with the right token, and tells no browser it may read the answer', async () => {
    for (const origin of ['https://attacker.example', 'http://127.0.0.1:5174', 'null', 'http://127.0.0.1:5173.attacker.example']) {
      const r = await pair({ ...bearer, origin })
      expect(r.status).toBe(403)
      expect(r.json).toEqual({ error: 'Origin not allowed' })
      expect(r.headers['access-control-allow-origin']).toBeUndefined()
    }
    const preflight = await call(server.url, 'OPTIONS', '/pair', { origin: 'https://attacker.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' })
    expect(preflight.status).toBe(403)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    expect(paired).toEqual([])
  })

  it('refuses a foreign Host (DNS rebinding) with the right token', async () => {
    const r = await pair({ ...bearer, host: 'attacker.example:80' })
    expect(r.status).toBe(403)
    expect(r.json).toEqual({ error: 'Host not allowed' })
    expect(paired).toEqual([])
  })

  it('answers the demo origin with the token, and CORS names that origin only', async () => {
    const preflight = await call(server.url, 'OPTIONS', '/pair', { origin: DEMO, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(DEMO)
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization')
    const r = await pair({ ...bearer, origin: DEMO })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ ok: true })
    expect(r.headers['access-control-allow-origin']).toBe(DEMO)
    expect(paired).toEqual([{ uri: 'wc:abc@2' }])
  })

  it('answers a Node caller (no Origin) with the token; unknown routes, bad bodies and route errors as before', async () => {
    expect((await call(server.url, 'GET', '/sessions', bearer)).json).toEqual([])
    expect((await call(server.url, 'GET', '/sessions', { ...bearer, host: server.url.replace('http://127.0.0.1', 'localhost') })).status).toBe(200)
    expect(await call(server.url, 'GET', '/nope', bearer)).toMatchObject({ status: 404, json: { error: 'not found' } })
    expect(await call(server.url, 'POST', '/pair', bearer, '{')).toMatchObject({ status: 400, json: { error: 'Invalid JSON body' } })
    expect(await call(server.url, 'POST', '/reject', bearer)).toMatchObject({ status: 400, json: { error: 'No pending proposal' } })
    expect(await call(server.url, 'POST', '/approve', bearer)).toMatchObject({ status: 409, json: { error: 'relay down' } })
    expect(paired).toHaveLength(1)
  })

  it('refuses a short token at start', async () => {
    await expect(startControlServer({ port: 0, token: 'short', allowedOrigins: [], routes: {} })).rejects.toThrow('The control token must be at least 16 characters')
  })
})

describe('the spawned Localnet WalletConnect wallet', () => {
  let relay: Relay
  let wallet: WalletConnectWallet
  beforeAll(async () => {
    relay = await startRelay({ port: await freePort() })
    wallet = await spawnWalletConnectWallet({ port: 0, relayUrl: relay.url, chains: [], allowedOrigins: [DEMO] })
  }, 30_000)
  afterAll(async () => {
    await wallet?.stop()
    await relay?.stop()
  })

  it('reports its random token and refuses every route without it or from a foreign origin', async () => {
    expect(wallet.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    for (const [method, path] of [['POST', '/pair'], ['GET', '/proposals'], ['POST', '/approve'], ['POST', '/reject'], ['GET', '/sessions'], ['POST', '/disconnect'], ['GET', '/requests']] as const) {
      expect((await call(wallet.url, method, path, {}, method === 'POST' ? '{}' : undefined)).status).toBe(403)
      expect((await call(wallet.url, method, path, { authorization: `Bearer ${wallet.token}`, origin: 'https://attacker.example' }, method === 'POST' ? '{}' : undefined)).status).toBe(403)
    }
    const authorised = { authorization: `Bearer ${wallet.token}`, origin: DEMO }
    expect(await call(wallet.url, 'GET', '/sessions', authorised)).toMatchObject({ status: 200, json: [] })
    expect(await call(wallet.url, 'POST', '/pair', authorised, JSON.stringify({ uri: 'https://x' }))).toMatchObject({ status: 400, json: { error: 'A wc: URI is required' } })
    expect(await call(wallet.url, 'POST', '/approve', authorised, '{}')).toMatchObject({ status: 409, json: { error: 'No pending proposal' } })
  })
})
