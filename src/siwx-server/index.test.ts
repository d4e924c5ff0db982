import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { siwxMessageText, type SiwxMessage } from '../siwx/message.js'
import { ERRORS } from '../events/kernel/error-registry.js'
import { GangwayError, InvalidOptionError, SiwxRefusedError, createSiwxServer, type SiwxServer } from './index.js'

// anvil's first two well-known dev keys.
const eoa = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8d8999145eb5ca2b2d')
const solanaKey = ed25519.utils.randomPrivateKey()
const solanaAddress = base58.encode(ed25519.getPublicKey(solanaKey))

const DOMAIN = 'localhost:5173'
const URI = 'http://localhost:5173'
const EVM_CHAIN = 'eip155:31337'
const SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const START = Date.parse('2025-01-02T03:04:05.000Z')

// A JSON-RPC node that reverts every call, so a contract check fails and only an EOA's ECDSA
// signature verifies (viem's fallback), without a chain. Counts the calls it answers.
let node: Server
let nodeUrl = ''
let calls = 0
beforeAll(async () => {
  node = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      calls++
      const { id } = JSON.parse(body) as { id: number }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: 3, message: 'execution reverted', data: '0x' } }))
    })
  })
  await new Promise<void>((done) => node.listen(0, '127.0.0.1', done))
  nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => node.close(() => done())))

let now = START
let siwx: SiwxServer
beforeEach(() => {
  now = START
  calls = 0
  siwx = createSiwxServer({ domain: DOMAIN, uri: URI, chains: { [EVM_CHAIN]: nodeUrl, [SOLANA_CHAIN]: '' }, clock: () => now })
})

const fields = (nonce: string, over: Partial<SiwxMessage> = {}): SiwxMessage => ({
  accountAddress: eoa.address,
  chainId: EVM_CHAIN,
  domain: DOMAIN,
  uri: URI,
  version: '1',
  nonce,
  issuedAt: new Date(now).toISOString(),
  ...over,
})

/** A sign-in by the EOA (or `signer`) of the message with these fields. */
async function evmSignIn(over: Partial<SiwxMessage> = {}, signer = eoa) {
  const message = siwxMessageText(fields((await siwx.issueNonce()).nonce, over))
  return { message, signature: await signer.signMessage({ message }) }
}

/** The message of a refused verify. */
async function refusal(input: { message: string; signature: string }): Promise<string> {
  try {
    await siwx.verify(input)
  } catch (error) {
    expect(error).toBeInstanceOf(GangwayError)
    // A refusal names its reason, the registry's id of its message.
    if (error instanceof SiwxRefusedError) expect(ERRORS[error.reason].message).toBe(error.message)
    return (error as Error).message
  }
  return 'accepted'
}

describe('createSiwxServer', () => {
  it('gives out 128-bit nonces that expire after nonceTtlS', async () => {
    const a = await siwx.issueNonce()
    const b = await siwx.issueNonce()
    expect(a.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(b.nonce).not.toBe(a.nonce)
    expect(a.expiresAt).toBe(START + 300_000)
  })

  it('accepts a good EOA sign-in and keeps its session', async () => {
    const input = await evmSignIn()
    const session = await siwx.verify(input)
    expect(session).toMatchObject({
      caipAddress: `${EVM_CHAIN}:${eoa.address}`,
      chainId: EVM_CHAIN,
      issuedAt: START,
      expiresAt: START + 86_400_000,
      message: input.message,
      signature: input.signature,
    })
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await siwx.getSession(session.id)).toEqual(session)
    expect(await siwx.accountSessions(session.caipAddress)).toEqual([session])
  })

  it('refuses a nonce presented twice', async () => {
    const input = await evmSignIn()
    expect(await refusal(input)).toBe('accepted')
    expect(await refusal(input)).toBe('Unknown or used nonce')
    expect(await siwx.verify(input).catch((e: unknown) => e)).toMatchObject({ name: 'SiwxRefusedError', reason: 'unknownOrUsedNonce', errorId: 'unknownOrUsedNonce', category: 'INTERNAL_SDK_ERROR' })
    // A text that is no sign-in message: a parsing error.
    expect(await siwx.verify({ message: 'hello', signature: '0x' }).catch((e: unknown) => e)).toMatchObject({ name: 'SiwxRefusedError', reason: 'invalidSiwxMessage', category: 'DATA_PARSING_ERROR' })
  })

  it('uses the nonce up on a failed attempt too', async () => {
    const good = await evmSignIn()
    const forged = { message: good.message, signature: await other.signMessage({ message: good.message }) }
    expect(await refusal(forged)).toBe('Invalid signature')
    expect(await refusal(good)).toBe('Unknown or used nonce')
  })

  it('refuses a nonce it never issued, and one past its lifetime', async () => {
    const message = siwxMessageText(fields('abcdef0123456789abcdef0123456789'))
    expect(await refusal({ message, signature: await eoa.signMessage({ message }) })).toBe('Unknown or used nonce')
    const late = await evmSignIn()
    now = START + 300_000
    expect(await refusal(late)).toBe('Unknown or used nonce')
  })

  it('refuses an expired message and one not yet valid', async () => {
    const expiring = await evmSignIn({ expirationTime: new Date(START + 60_000).toISOString() })
    now = START + 60_000
    expect(await refusal(expiring)).toBe('Message expired')
    const future = await evmSignIn({ notBefore: new Date(now + 10 * 60_000).toISOString() })
    expect(await refusal(future)).toBe('Message not yet valid')
  })

  it('refuses another domain, URI or chain', async () => {
    expect(await refusal(await evmSignIn({ domain: 'evil.example' }))).toBe('Domain mismatch')
    expect(await refusal(await evmSignIn({ uri: 'http://localhost:5173/elsewhere' }))).toBe('URI mismatch')
    expect(await refusal(await evmSignIn({ chainId: 'eip155:1' }))).toBe('Chain not accepted')
  })

  it('refuses a tampered message', async () => {
    const { message, signature } = await evmSignIn({ statement: 'Sign in to the demo' })
    expect(await refusal({ message: message.replace('Sign in to the demo', 'Sign in to the dem0'), signature })).toBe('Invalid signature')
  })

  it('refuses what is not a sign-in message', async () => {
    expect(await refusal({ message: 'hello', signature: '0x' })).toBe('Invalid SIWX message')
    expect(await refusal({ message: 'x'.repeat(9000), signature: '0x' })).toBe('Invalid SIWX message')
    expect(await refusal({ message: 42 as unknown as string, signature: '0x' })).toBe('Invalid SIWX message')
  })

  it('checks a contract signature on the configured node', async () => {
    // The forged signature is not an EOA's, so viem asks the node (which reverts: not verified).
    const good = await evmSignIn()
    expect(await refusal({ message: good.message, signature: await other.signMessage({ message: good.message }) })).toBe('Invalid signature')
    expect(calls).toBeGreaterThan(0)
  })

  it('accepts a good Solana sign-in, signature in base58 or base64', async () => {
    for (const encode of [base58.encode, base64.encode]) {
      const message = siwxMessageText(fields((await siwx.issueNonce()).nonce, { accountAddress: solanaAddress, chainId: SOLANA_CHAIN }))
      const signature = encode(ed25519.sign(new TextEncoder().encode(message), solanaKey))
      const session = await siwx.verify({ message, signature })
      expect(session.caipAddress).toBe(`${SOLANA_CHAIN}:${solanaAddress}`)
    }
  })

  it('refuses a tampered Solana sign-in', async () => {
    const message = siwxMessageText(fields((await siwx.issueNonce()).nonce, { accountAddress: solanaAddress, chainId: SOLANA_CHAIN, statement: 'Hello' }))
    const signature = base58.encode(ed25519.sign(new TextEncoder().encode(message), solanaKey))
    expect(await refusal({ message: message.replace('Hello', 'Hellp'), signature })).toBe('Invalid signature')
  })

  it('revokes a session', async () => {
    const session = await siwx.verify(await evmSignIn())
    expect(await siwx.revokeSession(session.id)).toBe(true)
    expect(await siwx.getSession(session.id)).toBeUndefined()
    expect(await siwx.accountSessions(session.caipAddress)).toEqual([])
    expect(await siwx.revokeSession(session.id)).toBe(false)
  })

  it('revokes every session of an account, and only those', async () => {
    const first = await siwx.verify(await evmSignIn())
    const second = await siwx.verify(await evmSignIn())
    const message = siwxMessageText(fields((await siwx.issueNonce()).nonce, { accountAddress: solanaAddress, chainId: SOLANA_CHAIN }))
    const solana = await siwx.verify({ message, signature: base58.encode(ed25519.sign(new TextEncoder().encode(message), solanaKey)) })
    expect(await siwx.revokeAccount(first.caipAddress)).toBe(2)
    for (const s of [first, second]) expect(await siwx.getSession(s.id)).toBeUndefined()
    expect(await siwx.getSession(solana.id)).toEqual(solana)
    expect(await siwx.revokeAccount(first.caipAddress)).toBe(0)
  })

  it('answers no session for an id that is not one, without asking the store', async () => {
    expect(await siwx.getSession('not-a-session-id')).toBeUndefined()
    expect(await siwx.revokeSession('x'.repeat(10_000))).toBe(false)
  })

  it('ends a session after sessionTtlS, or at the message\'s expiration if sooner', async () => {
    const session = await siwx.verify(await evmSignIn())
    const short = await siwx.verify(await evmSignIn({ expirationTime: new Date(START + 3_600_000).toISOString() }))
    expect(short.expiresAt).toBe(START + 3_600_000)
    now = START + 3_600_000
    expect(await siwx.getSession(short.id)).toBeUndefined()
    expect((await siwx.accountSessions(session.caipAddress)).map((s) => s.id)).toEqual([session.id])
    now = START + 86_400_000
    expect(await siwx.getSession(session.id)).toBeUndefined()
    expect(await siwx.accountSessions(session.caipAddress)).toEqual([])
  })

  describe('nonce limits', () => {
    /** A server with these limits on the test clock. */
    const limited = (limits: { maxNonces?: number; maxNoncesPerClient?: number }) =>
      (siwx = createSiwxServer({ domain: DOMAIN, uri: URI, chains: { [EVM_CHAIN]: nodeUrl }, clock: () => now, ...limits }))
    /** The refusal of issueNonce, or 'issued'. */
    const issueRefusal = async (clientKey?: string): Promise<string> => {
      try {
        await siwx.issueNonce(clientKey === undefined ? undefined : { clientKey })
      } catch (error) {
        expect(error).toBeInstanceOf(GangwayError)
        return (error as Error).message
      }
      return 'issued'
    }
    /** The EOA's signed sign-in with a nonce issued to `clientKey`. */
    const signInAs = async (clientKey: string) => {
      const message = siwxMessageText(fields((await siwx.issueNonce({ clientKey })).nonce))
      return { message, signature: await eoa.signMessage({ message }) }
    }

    it('refuses a client past maxNoncesPerClient, not other clients', async () => {
      limited({ maxNoncesPerClient: 2 })
      expect(await issueRefusal('198.51.100.7')).toBe('issued')
      expect(await issueRefusal('198.51.100.7')).toBe('issued')
      expect(await issueRefusal('198.51.100.7')).toBe('Too many nonces')
      expect(await issueRefusal('198.51.100.8')).toBe('issued')
      expect(await issueRefusal()).toBe('issued')
    })

    it('defaults to 20 live nonces per client', async () => {
      for (let i = 0; i < 20; i++) expect(await issueRefusal('flood')).toBe('issued')
      expect(await issueRefusal('flood')).toBe('Too many nonces')
    })

    it("refuses at maxNonces instead of forgetting another client's live nonce", async () => {
      limited({ maxNonces: 2 })
      const visitor = await signInAs('visitor')
      expect(await issueRefusal('flood-1')).toBe('issued')
      expect(await issueRefusal('flood-2')).toBe('Too many nonces')
      expect(await issueRefusal()).toBe('Too many nonces')
      expect(await refusal(visitor)).toBe('accepted')
      expect(await issueRefusal('flood-2')).toBe('issued')
    })

    it('frees expired nonces from the front, and only those', async () => {
      limited({ maxNonces: 2, maxNoncesPerClient: 2 })
      expect(await issueRefusal('a')).toBe('issued')
      now = START + 100_000
      const later = await signInAs('a')
      expect(await issueRefusal('a')).toBe('Too many nonces')
      // The first nonce has lived its 300 s; the second has 100 s left.
      now = START + 300_000
      expect(await issueRefusal('a')).toBe('issued')
      expect(await issueRefusal('a')).toBe('Too many nonces')
      expect(await issueRefusal('b')).toBe('Too many nonces')
      expect(await refusal(later)).toBe('accepted')
      // The one left has expired by now: the whole store is free again.
      now = START + 700_000
      expect(await issueRefusal('b')).toBe('issued')
      expect(await issueRefusal('b')).toBe('issued')
    })

    it("gives a client its slot back when its nonce is used, by a sign-in or by a failed attempt", async () => {
      limited({ maxNoncesPerClient: 1 })
      const good = await signInAs('a')
      expect(await issueRefusal('a')).toBe('Too many nonces')
      expect(await refusal(good)).toBe('accepted')
      const next = await signInAs('a')
      expect(await issueRefusal('a')).toBe('Too many nonces')
      expect(await refusal({ message: next.message, signature: await other.signMessage({ message: next.message }) })).toBe('Invalid signature')
      expect(await issueRefusal('a')).toBe('issued')
    })

    it('refuses a client key that is not a bounded string', async () => {
      expect(await issueRefusal('x'.repeat(513))).toBe('Invalid SIWX client key')
      expect(await issueRefusal(42 as unknown as string)).toBe('Invalid SIWX client key')
      expect(await issueRefusal('x'.repeat(512))).toBe('issued')
    })
  })

  it('refuses bad options', () => {
    const bad = (over: object) => () => createSiwxServer({ domain: DOMAIN, uri: URI, chains: { [EVM_CHAIN]: nodeUrl }, ...over })
    expect(bad({ domain: '' })).toThrow('Invalid SIWX server option')
    expect(bad({ domain: '' })).toThrow(InvalidOptionError)
    expect(bad({ uri: '' })).toThrow('Invalid SIWX server option')
    expect(bad({ chains: {} })).toThrow('Invalid SIWX server option')
    expect(bad({ chains: { [EVM_CHAIN]: '' } })).toThrow('Invalid SIWX server option')
    expect(bad({ chains: { 'polkadot:91b171bb158e2d3848fa23a9f1c25182': 'http://x' } })).toThrow('Invalid SIWX server option')
    expect(bad({ nonceTtlS: 0 })).toThrow('Invalid SIWX server option')
    expect(bad({ sessionTtlS: Number.NaN })).toThrow('Invalid SIWX server option')
    expect(bad({ maxNoncesPerClient: 0 })).toThrow('Invalid SIWX server option')
  })
})
