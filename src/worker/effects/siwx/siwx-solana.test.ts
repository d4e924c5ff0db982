// SIWX on Solana through the engine (docs/behaviour.md §4 SIWX, §8) with a fake Wallet
// Standard wallet that signs for real (ed25519) and a fake site `siwx` keeping its sessions: the
// sign-in through `solana:signIn` where the wallet has it (the wallet writes the text; Gangway takes
// it only when it is exactly the text it wrote for the site's fields, by the connected account),
// `solana:signMessage` of the same text where it has not (4200), the next start finding the
// session, and a wallet's sign-in of another nonce, domain, address or text refused with 'Error
// signing message', without a second prompt.
import { describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import type { Bridge, Engine, ProviderRequest } from '../../../contract.js'
import type { Network } from '../../../events/entities.js'
import type { State } from '../../../projections/state.js'
import { until as waitFor } from '../../../../tests/unit/engine-until.js'
import { createEngine } from '../../engine.js'
import { createSiwsMessage, type SolanaSignInFields } from '../../../siwx/solana-message.js'
import { parseSiwxMessage, siwxMessageText, type SiwxMessage } from '../../../siwx/message.js'
import { verifySiwxSignature } from '../../../siwx/verify.js'
import { signedIn, solanaSignInInput } from './siwx-sign.js'

const REFERENCE = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA: Network = { id: REFERENCE, caipNetworkId: `solana:${REFERENCE}`, chainNamespace: 'solana', name: 'Solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:1/solana'] } } }
const WALLET = 'wallet-standard:Test Wallet'
const seed = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const ADDRESS = base58.encode(ed25519.getPublicKey(seed))
const CAIP_ADDRESS = `solana:${REFERENCE}:${ADDRESS}`
const otherSeed = Uint8Array.from({ length: 32 }, (_, i) => 100 + i)
const OTHER = base58.encode(ed25519.getPublicKey(otherSeed))
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

type Session = { data: Record<string, unknown>; message: string; signature: string }
/** How the fake wallet answers solana:signIn: 'honest' writes the input's text and signs it; 'none' has no such feature (4200); a function gives its own answer. */
type SignInMode = 'honest' | 'none' | ((input: Record<string, unknown>) => unknown)

/** The bridge's answer for a text signed in by `signingSeed` as `address`. */
const signInAnswer = (text: string, address = ADDRESS, signingSeed = seed) => ({ address, signedMessage: text, signature: toBase64(ed25519.sign(new TextEncoder().encode(text), signingSeed)) })

/** A site's `siwx` in memory and a Wallet Standard wallet (as the bridge answers for it); every call recorded. */
function world(signIn: SignInMode, stored: Session[] = []) {
  const sessions = [...stored]
  const calls: string[] = []
  const inputs: Record<string, unknown>[] = []
  const bridge: Bridge = {
    async request(id, { method, params }: ProviderRequest) {
      calls.push(method)
      const p = (Array.isArray(params) ? params[0] : params) as Record<string, unknown>
      if (id === 'SIWX') {
        switch (method) {
          case 'siwx_getSessions':
            return sessions.filter((s) => s.data.chainId === p.chainId && s.data.accountAddress === p.address)
          case 'siwx_createMessage':
            return { accountAddress: p.accountAddress, chainId: p.chainId, domain: 'shop.example', uri: 'https://shop.example/', version: '1', nonce: 'k7Qz8mN3pL2x', issuedAt: new Date(Date.now() - 1000).toISOString(), expirationTime: new Date(Date.now() + 3_600_000).toISOString(), statement: 'Sign in to Harbour Coffee', resources: ['https://shop.example/terms'] }
          case 'siwx_addSession':
            sessions.push(p as unknown as Session)
            return null
          case 'siwx_revokeSession':
          case 'siwx_getRequired':
            return null
        }
        throw new Error(`no ${method}`)
      }
      switch (method) {
        case 'standard:connect':
          return [ADDRESS]
        case 'solana:signIn':
          inputs.push(p)
          if (signIn === 'none') throw Object.assign(new Error('Unsupported method: solana:signIn'), { code: 4200 })
          if (signIn === 'honest') return signInAnswer(createSiwsMessage(p as unknown as SolanaSignInFields))
          return signIn(p)
        case 'solana:signMessage': {
          const [text, address] = params as [string, string]
          if (address !== ADDRESS) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
          return { signature: toBase64(ed25519.sign(new TextEncoder().encode(text), seed)) }
        }
      }
      return null
    },
    watch: () => undefined,
  }
  return { bridge, sessions, calls, inputs }
}

/** Every chain read fails: balances are not what this is about. */
const node: typeof fetch = async (_url, init) => {
  const body = JSON.parse(String(init?.body)) as { id: number } | { id: number }[]
  const answer = ({ id }: { id: number }) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'not here' } })
  return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
}

const until = (engine: Engine, ok: (s: State) => boolean) => waitFor(engine, ok, { show: (s) => ({ siwx: s.siwx, view: s.modal.view, connection: s.connection.status }) })

async function connect(bridge: Bridge): Promise<Engine> {
  const engine = createEngine({ mode: 'main', fetch: node })
  await engine.start({ projectId: 'test', networks: [SOLANA], siwx: { signOutOnDisconnect: true } }, bridge)
  await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: WALLET, namespace: 'solana' } })
  return engine
}

/** Connects, waits for SIWXSignMessage, and presses Sign in. */
async function signIn(bridge: Bridge): Promise<Engine> {
  const engine = await connect(bridge)
  const s = await until(engine, (x) => x.siwx.asking !== undefined)
  expect(s.modal.view).toBe('SIWXSignMessage')
  expect(s.siwx.asking).toBe(CAIP_ADDRESS)
  await engine.dispatch({ type: 'siwx/sign-requested', payload: {} })
  return engine
}

describe('SIWX on Solana', () => {
  it('a wallet with solana:signIn is given the message’s fields, and the Sign-In-With-Solana text it signed goes to the site verified; the next start finds the session without a prompt', async () => {
    const w = world('honest')
    let engine = await signIn(w.bridge)
    let s = await until(engine, (x) => x.modal.view === 'Account')
    expect(s.siwx.sessions[CAIP_ADDRESS]).toMatchObject({ caipAddress: CAIP_ADDRESS })
    expect(w.calls.filter((c) => c.startsWith('solana:'))).toEqual(['solana:signIn'])
    const [session, ...more] = w.sessions
    expect(more).toEqual([])
    const message = parseSiwxMessage(session!.message, 'solana')
    // The wallet was asked with the site's fields, the chain as the text's Chain ID line writes it.
    expect(w.inputs).toEqual([{ domain: 'shop.example', address: ADDRESS, statement: 'Sign in to Harbour Coffee', uri: 'https://shop.example/', version: '1', chainId: REFERENCE, nonce: 'k7Qz8mN3pL2x', issuedAt: message.issuedAt, expirationTime: message.expirationTime, resources: ['https://shop.example/terms'] }])
    expect(session!.message).toBe(siwxMessageText(session!.data as unknown as SiwxMessage))
    expect(session!.message.startsWith(`shop.example wants you to sign in with your Solana account:\n${ADDRESS}\n\nSign in to Harbour Coffee\n`)).toBe(true)
    expect(await verifySiwxSignature({ message, text: session!.message, signature: session!.signature })).toBe(true)
    await engine.stop()

    const again = world('honest', w.sessions)
    engine = await connect(again.bridge)
    s = await until(engine, (x) => Object.keys(x.siwx.sessions).length === 1)
    expect(s.modal.view).toBe('Account')
    expect(again.calls.filter((c) => c.startsWith('solana:'))).toEqual([])
    await engine.stop()
  })

  it('a wallet without solana:signIn (4200) signs the same text with solana:signMessage', async () => {
    const w = world('none')
    const engine = await signIn(w.bridge)
    await until(engine, (x) => x.modal.view === 'Account')
    expect(w.calls.filter((c) => c.startsWith('solana:'))).toEqual(['solana:signIn', 'solana:signMessage'])
    const [session] = w.sessions
    expect(session!.message).toBe(siwxMessageText(session!.data as unknown as SiwxMessage))
    expect(await verifySiwxSignature({ message: parseSiwxMessage(session!.message, 'solana'), text: session!.message, signature: session!.signature })).toBe(true)
    await engine.stop()
  })

  it("a wallet signing in with another nonce, domain, address, statement or text than asked, or refusing: 'Error signing message', no session, no second prompt", async () => {
    const text = (input: Record<string, unknown>, change: Partial<SolanaSignInFields> = {}) => createSiwsMessage({ ...(input as unknown as SolanaSignInFields), ...change })
    const answers: ((input: Record<string, unknown>) => unknown)[] = [
      (i) => signInAnswer(text(i, { nonce: 'aaaaaaaaaaaa' })),
      (i) => signInAnswer(text(i, { domain: 'evil.example' })),
      (i) => signInAnswer(text(i, { address: OTHER }), OTHER, otherSeed),
      (i) => signInAnswer(text(i), OTHER, otherSeed),
      (i) => signInAnswer(text(i, { statement: 'Sign in to Harbour Coffee and pay' })),
      (i) => signInAnswer(text(i, { requestId: 'extra' })),
      (i) => signInAnswer(`${text(i)}\n`),
      (i) => signInAnswer(text(i, { chainId: `solana:${REFERENCE}` })),
      // The right text, but signed by another key.
      (i) => signInAnswer(text(i), ADDRESS, otherSeed),
      (i) => ({ ...signInAnswer(text(i)), signedMessage: undefined }),
      () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    ]
    for (const answer of answers) {
      const w = world(answer)
      const engine = await signIn(w.bridge)
      const s = await until(engine, (x) => x.siwx.error !== undefined)
      expect(s.siwx).toMatchObject({ error: 'Error signing message', signing: false, asking: CAIP_ADDRESS })
      expect(s.modal.view).toBe('SIWXSignMessage')
      expect(w.sessions).toEqual([])
      expect(w.calls.filter((c) => c.startsWith('solana:'))).toEqual(['solana:signIn'])
      await engine.stop()
    }
  })
})

describe('signedIn and solanaSignInInput', () => {
  const message: SiwxMessage = { accountAddress: ADDRESS, chainId: `solana:${REFERENCE}`, domain: 'shop.example', uri: 'https://shop.example/', version: '1', nonce: 'k7Qz8mN3pL2x', issuedAt: '2030-01-01T00:00:00.000Z', notBefore: '2030-01-01T00:00:00.000Z', requestId: 'r1' }

  it('the input carries the fields set, the chain as its CAIP-2 reference; a wallet writing from it writes the text Gangway writes', () => {
    const input = solanaSignInInput(message)
    expect(input).toEqual({ domain: 'shop.example', address: ADDRESS, uri: 'https://shop.example/', version: '1', chainId: REFERENCE, nonce: 'k7Qz8mN3pL2x', issuedAt: '2030-01-01T00:00:00.000Z', notBefore: '2030-01-01T00:00:00.000Z', requestId: 'r1' })
    expect(createSiwsMessage(input as unknown as SolanaSignInFields)).toBe(siwxMessageText(message))
  })

  it("takes the signature only for exactly the text asked, signed in as the address asked; 'Not the sign-in asked' otherwise", () => {
    const text = siwxMessageText(message)
    const good = signInAnswer(text)
    expect(signedIn(good, text, ADDRESS)).toBe(good.signature)
    for (const answer of [null, 'x', { ...good, address: OTHER }, { ...good, address: undefined }, { ...good, signedMessage: text.replace('k7Qz8mN3pL2x', 'k7Qz8mN3pL2y') }, { ...good, signedMessage: text + '\n' }, { ...good, signature: '' }, { ...good, signature: 7 }, { ...good, signature: 'a'.repeat(16_385) }]) {
      expect(() => signedIn(answer, text, ADDRESS)).toThrow('Not the sign-in asked')
    }
  })
})
