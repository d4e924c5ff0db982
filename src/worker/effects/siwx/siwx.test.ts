// SIWX through the engine (docs/behaviour.md §4 SIWX, §8) with a fake wallet that signs
// for real (anvil's first dev key) and a fake site `siwx` keeping its sessions in memory: the
// sign-in after connect, the stored session verified on the next start, tampered and expired ones
// refused, the failures and their messages, Cancel, and the sign-out on disconnect.
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { ADDRESS, CAIP_ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until as waitFor } from '../../../../tests/unit/engine-until.js'
import type { Bridge, Engine, ProviderRequest } from '../../../contract.js'
import type { State } from '../../../projections/state.js'
import { createEngine } from '../../engine.js'
import { parseSiwxMessage } from '../../../siwx/message.js'
import { parseLog } from '../../../events/log/ndjson.js'

const WALLET = 'dev.gangway.localnet'
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const signer = privateKeyToAccount(KEY)

type Session = { data: Record<string, unknown>; message: string; signature: string }

/** A site's `siwx` in memory, and a wallet signing with anvil's first key; every call recorded. */
function world(o: { sessions?: Session[]; required?: boolean; refuse?: boolean; createMessage?: (p: Record<string, unknown>) => unknown; signing?: Promise<void>; unfiltered?: boolean; sessionsFail?: boolean } = {}) {
  const sessions: Session[] = [...(o.sessions ?? [])]
  const calls: string[] = []
  const bridge: Bridge = {
    async request(id, { method, params }: ProviderRequest) {
      calls.push(`${id} ${method}`)
      const p = (Array.isArray(params) ? params[0] : params) as Record<string, unknown>
      if (id === 'SIWX') {
        switch (method) {
          case 'siwx_getSessions':
            if (o.sessionsFail) throw new Error('backend down')
            if (o.unfiltered) return sessions
            return sessions.filter((s) => s.data.chainId === p.chainId && String(s.data.accountAddress).toLowerCase() === String(p.address).toLowerCase())
          case 'siwx_createMessage':
            return o.createMessage ? o.createMessage(p) : { accountAddress: p.accountAddress, chainId: p.chainId, domain: 'shop.example', uri: 'https://shop.example/', version: '1', nonce: 'k7Qz8mN3pL2x', issuedAt: new Date(Date.now() - 1000).toISOString(), expirationTime: new Date(Date.now() + 3_600_000).toISOString(), statement: 'Sign in to Harbour Coffee' }
          case 'siwx_addSession':
            sessions.push(p as unknown as Session)
            return null
          case 'siwx_revokeSession':
            calls.push(`revoke ${String(p.chainId)} ${String(p.address)}`)
            sessions.splice(0, sessions.length, ...sessions.filter((s) => String(s.data.accountAddress).toLowerCase() !== String(p.address).toLowerCase()))
            return null
          case 'siwx_getRequired':
            return o.required === true
        }
        throw new Error(`no ${method}`)
      }
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [ADDRESS]
        case 'eth_chainId':
          return '0x7a69'
        case 'personal_sign':
          if (o.refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          await o.signing
          return signer.signMessage({ message: { raw: (params as [Hex])[0] } })
        case 'wallet_revokePermissions':
          return null
      }
      return null
    },
    watch: () => undefined,
  }
  return { bridge, sessions, calls }
}

/** A node that knows no contract: viem's verification falls back to recovering the EOA. */
const node: typeof fetch = async (_url, init) => {
  const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
  const answer = ({ id, method }: { id: number; method: string }) => (method === 'eth_getCode' ? { jsonrpc: '2.0', id, result: '0x' } : method === 'eth_call' ? { jsonrpc: '2.0', id, error: { code: -32000, message: 'execution reverted' } } : { jsonrpc: '2.0', id, result: method === 'eth_getBalance' ? '0x0' : '0x1' })
  return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
}

const until = (engine: Engine, ok: (s: State) => boolean) => waitFor(engine, ok, { show: (s) => ({ siwx: s.siwx, view: s.modal.view, connection: s.connection.status }) })

async function connect(bridge: Bridge, signOutOnDisconnect = true): Promise<Engine> {
  const engine = createEngine({ mode: 'main', fetch: node })
  await engine.start({ projectId: 'test', networks: [LOCALNET], siwx: { signOutOnDisconnect } }, bridge)
  await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: WALLET, namespace: 'eip155' } })
  return engine
}

/** A session signed in through the engine (connect, Sign in), as the site kept it. */
async function signedSession(): Promise<Session> {
  const w = world()
  const engine = await connect(w.bridge)
  await until(engine, (x) => x.siwx.asking !== undefined)
  await engine.dispatch({ type: 'siwx/sign-requested', payload: {} })
  await until(engine, (x) => x.modal.view === 'Account')
  await engine.stop()
  return w.sessions[0]!
}

/** A connect whose site holds only `stored` (given for any account when `unfiltered`) asks for a sign-in, none of them verified. */
async function expectUnused(stored: Session[], unfiltered = false): Promise<void> {
  const engine = await connect(world({ sessions: stored, unfiltered }).bridge)
  const s = await until(engine, (x) => x.siwx.asking !== undefined)
  expect(s.modal.view).toBe('SIWXSignMessage')
  expect(s.siwx.sessions).toEqual({})
  await engine.stop()
}

describe('SIWX', () => {
  it('after a connect with no session: SIWXSignMessage; Sign in writes an EIP-4361 message, the wallet signs it, the site keeps the session; the next start finds it without a prompt', async () => {
    const w = world()
    let engine = await connect(w.bridge)
    let s = await until(engine, (x) => x.siwx.asking !== undefined)
    expect(s.modal.view).toBe('SIWXSignMessage')
    await engine.dispatch({ type: 'siwx/sign-requested', payload: {} })
    s = await until(engine, (x) => x.modal.view === 'Account')
    expect(s.siwx.sessions[CAIP_ADDRESS.toLowerCase()]).toMatchObject({ caipAddress: CAIP_ADDRESS })
    expect(w.sessions).toHaveLength(1)
    const [session] = w.sessions
    // Gangway wrote the text from the site's fields: EIP-4361, for this account and network.
    expect(session!.message).toMatch(/^shop\.example wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\nSign in to Harbour Coffee\n/)
    expect(parseSiwxMessage(session!.message, 'eip155')).toMatchObject({ accountAddress: ADDRESS, chainId: 'eip155:31337', nonce: 'k7Qz8mN3pL2x' })
    // Neither the message nor its signature is in the log.
    const exported = await engine.exportLog({ redact: false })
    expect(exported).not.toContain(session!.signature.slice(2, 40))
    expect(exported).not.toContain('k7Qz8mN3pL2x')
    await engine.stop()

    // A new page session: the stored session verifies; no signature is asked.
    const again = world({ sessions: w.sessions })
    engine = await connect(again.bridge)
    s = await until(engine, (x) => Object.keys(x.siwx.sessions).length === 1)
    expect(s.modal.view).toBe('Account')
    expect(again.calls.filter((c) => c.endsWith('personal_sign'))).toEqual([])
    await engine.stop()
  })

  it('a stored session that was tampered with, has expired, or is another account’s is not used: sign in again', async () => {
    const good = await signedSession()
    const expiredText = good.message.replace(/Expiration Time: .*/, `Expiration Time: ${new Date(Date.now() - 60_000).toISOString()}`)
    const stored: Session[][] = [
      [{ ...good, message: good.message.replace('Sign in to Harbour Coffee', 'Sign in to Harbour Coffee, and more') }],
      [{ ...good, message: expiredText, signature: await signer.signMessage({ message: expiredText }) }],
      [{ ...good, signature: await privateKeyToAccount(`0x${'11'.repeat(32)}`).signMessage({ message: good.message }) }],
    ]
    for (const sessions of stored) await expectUnused(sessions)
  })

  it("the wallet's refusal: 'Error signing message', and SIWXSignMessage stays to try again", async () => {
    const engine = await connect(world({ refuse: true }).bridge)
    await until(engine, (x) => x.siwx.asking !== undefined)
    await engine.dispatch({ type: 'siwx/sign-requested', payload: {} })
    const s = await until(engine, (x) => x.siwx.error !== undefined)
    expect(s.siwx).toMatchObject({ error: 'Error signing message', signing: false, asking: CAIP_ADDRESS })
    expect(s.modal.view).toBe('SIWXSignMessage')
    await engine.stop()
  })

  it("the site's SIWX failing, or giving a message for another account: 'A problem occurred while trying initialize authentication', disconnected, Connect", async () => {
    for (const createMessage of [
      () => Promise.reject(new Error('backend down')),
      (p: Record<string, unknown>) => ({ accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: p.chainId, domain: 'shop.example', uri: 'https://shop.example/', version: '1', nonce: 'k7Qz8mN3pL2x', issuedAt: new Date().toISOString() }),
    ]) {
      const engine = await connect(world({ createMessage }).bridge)
      await until(engine, (x) => x.siwx.asking !== undefined)
      await engine.dispatch({ type: 'siwx/sign-requested', payload: {} })
      const s = await until(engine, (x) => x.connection.status === 'disconnected')
      const failed = parseLog(await engine.exportLog()).events.filter((e) => e.type === 'siwx/failed').map((e) => (e.payload as { message: string }).message)
      expect(failed).toEqual(['A problem occurred while trying initialize authentication'])
      expect(s.modal.view).toBe('Connect')
      await engine.stop()
    }
  })

  it('Cancel disconnects where sign-in is required, and only closes where it is not', async () => {
    let engine = await connect(world({ required: true }).bridge)
    await until(engine, (x) => x.siwx.asking !== undefined)
    await engine.dispatch({ type: 'siwx/cancel-requested', payload: {} })
    let s = await until(engine, (x) => x.connection.status === 'disconnected')
    expect(s.siwx.asking).toBeUndefined()
    await engine.stop()
    engine = await connect(world().bridge)
    await until(engine, (x) => x.siwx.asking !== undefined)
    await engine.dispatch({ type: 'siwx/cancel-requested', payload: {} })
    s = await until(engine, (x) => x.siwx.asking === undefined)
    expect(s.modal.open).toBe(false)
    expect(s.connection.status).toBe('connected')
    await engine.stop()
  })

  it('a disconnect signs out through the site (signOutOnDisconnect), unless the site said not to', async () => {
    for (const signOut of [true, false]) {
      const w = world()
      const engine = await connect(w.bridge, signOut)
      await until(engine, (x) => x.siwx.asking !== undefined)
      await engine.dispatch({ type: 'siwx/sign-requested', payload: {} })
      await until(engine, (x) => x.modal.view === 'Account')
      await engine.dispatch({ type: 'disconnect/requested', payload: {} })
      await until(engine, (x) => x.connection.status === 'disconnected' && x.siwx.signingOut.length === 0)
      expect(w.calls.includes('SIWX siwx_revokeSession')).toBe(signOut)
      // On the account's network.
      if (signOut) expect(w.calls).toContain(`revoke eip155:31337 ${ADDRESS}`)
      expect(w.sessions).toHaveLength(signOut ? 0 : 1)
      await engine.stop()
    }
  })

  it('closing the modal while the wallet signs: the signature is dropped and the site gets no session', async () => {
    let release!: () => void
    const w = world({ signing: new Promise<void>((r) => (release = r)) })
    const engine = await connect(w.bridge)
    await until(engine, (x) => x.siwx.asking !== undefined)
    await engine.dispatch({ type: 'siwx/sign-requested', payload: {} })
    await until(engine, (x) => x.siwx.signing)
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    const s = await until(engine, (x) => x.siwx.asking === undefined)
    expect(s.connection.status).toBe('connected')
    release()
    await until(engine, (x) => !x.siwx.signing)
    await engine.exportLog()
    expect(w.calls).not.toContain('SIWX siwx_addSession')
    expect(w.sessions).toEqual([])
    await engine.stop()
  })

  it('a stored session validly signed for another account or another network is not used', async () => {
    const good = await signedSession()
    const other = privateKeyToAccount(`0x${'22'.repeat(32)}`)
    const foreign = good.message.replace(ADDRESS, other.address)
    const elsewhere = good.message.replace('Chain ID: 31337', 'Chain ID: 1')
    for (const [message, by] of [[foreign, other], [elsewhere, signer]] as const) {
      expect(message).not.toBe(good.message)
      await expectUnused([{ ...good, message, signature: await by.signMessage({ message }) }], true)
    }
  })

  it("getSessions failing: 'A problem occurred while trying initialize authentication' shown, and the account's connection ends", async () => {
    const engine = await connect(world({ sessionsFail: true }).bridge)
    const s = await until(engine, (x) => x.connection.status === 'disconnected')
    expect(s.snackbar).toMatchObject({ message: 'A problem occurred while trying initialize authentication', variant: 'error' })
    await engine.stop()
  })

  it('a declined sign-in is not asked again when the wallet repeats the same account', async () => {
    const w = world()
    const engine = await connect(w.bridge)
    await until(engine, (x) => x.siwx.asking !== undefined)
    await engine.dispatch({ type: 'siwx/cancel-requested', payload: {} })
    await until(engine, (x) => x.siwx.asking === undefined)
    await engine.dispatch({ type: 'wallet/accounts-changed', payload: { connectorId: WALLET, namespace: 'eip155', addresses: [ADDRESS] } })
    await engine.exportLog()
    const s = await engine.getState()
    expect(s.siwx.asking).toBeUndefined()
    expect(w.calls.filter((c) => c === 'SIWX siwx_getSessions')).toHaveLength(1)
    await engine.stop()
  })
})
