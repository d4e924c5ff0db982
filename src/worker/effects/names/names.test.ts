// Account names through the engine (docs/behaviour.md §4 name registration, §5 the name
// rule, §9 debounce 500 ms and the 5 min name cache) with a fake name service and a wallet that
// signs for real (anvil's first dev key): suggestions after the debounce, registration (the signed
// JSON message, the coin type, the profile name, RegisterAccountNameSuccess), a refused signature,
// the service's refusal, the guards, and the send form's receiver name resolved through the cache.
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { verifyMessage, type Hex } from 'viem'
import { ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until as waitFor } from '../../../../tests/unit/engine-until.js'
import { settle, virtualTime } from '../../../../tests/unit/virtual-time.js'
import type { Bridge, Engine, ProviderRequest } from '../../../contract.js'
import type { State } from '../../../projections/state.js'
import { selectors } from '../../../projections/selectors.js'
import { createEngine } from '../../engine.js'
// The engine loads this chunk at the first name event (effects/index.ts); imported here first, its
// dynamic import settles at once, inside the virtual time the debounce is measured in.
import './names.js'

const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

type Call = { method: string; path: string; query: URLSearchParams; body?: Record<string, unknown> }

/** A wallet signing with anvil's first key (or refusing), and a name service holding `taken` names. */
function world(o: { refuse?: boolean; taken?: Record<string, string>; registerStatus?: number; signing?: Promise<void> } = {}) {
  const calls: Call[] = []
  const taken: Record<string, string> = { ...o.taken }
  const bridge: Bridge = {
    async request(_id, { method, params }: ProviderRequest) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'personal_sign') {
        if (o.refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        await o.signing
        return signer.signMessage({ message: { raw: (params as [Hex])[0] } })
      }
      return null
    },
    watch: () => undefined,
  }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.hostname !== 'bc.example') return json(200, { jsonrpc: '2.0', id: 1, result: '0x0' })
    const call: Call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) }
    calls.push(call)
    let m: RegExpExecArray | null
    if ((m = /^\/v1\/profile\/suggestions\/(.+)$/.exec(url.pathname))) return json(200, { suggestions: [{ name: `${m[1]}.reown.id`, registered: `${m[1]}.reown.id` in taken }, { name: `${m[1]}1.reown.id`, registered: false }] })
    if ((m = /^\/v1\/profile\/account\/(.+)$/.exec(url.pathname))) {
      const name = decodeURIComponent(m[1]!)
      return name in taken ? json(200, { name, addresses: { '2147514985': { address: taken[name] } }, attributes: {} }) : json(404, {})
    }
    if (url.pathname === '/v1/profile/account' && call.method === 'POST') {
      if (o.registerStatus) return json(o.registerStatus, { reasons: [{ description: 'Name is already taken' }] })
      const name = JSON.parse(String(call.body!.message)).name as string
      taken[name] = String(call.body!.address)
      // As the hosted service: the registered record.
      return json(200, { name, registered_at: '2026-11-23T12:13:20Z', updated_at: '2026-11-23T12:13:20Z', attributes: {}, addresses: { [String(call.body!.coin_type)]: { address: call.body!.address, created_at: '2026-11-23T12:13:20Z' } } })
    }
    if (url.pathname.startsWith('/v1/identity/')) return json(200, { name: null, avatar: null })
    if (url.pathname.endsWith('/balance')) return json(200, { balances: [] })
    return json(200, { http: [], ws: [] })
  }
  return { bridge, fetch, calls }
}

const show = (s: State) => ({ names: s.names, view: s.modal.view })

async function connected(w: ReturnType<typeof world>, time = virtualTime()): Promise<Engine> {
  const engine = createEngine({ mode: 'main', fetch: w.fetch, clock: time.clock, scheduler: time.scheduler })
  await engine.start({ projectId: 'test', networks: [LOCALNET], services: { blockchain: 'https://bc.example' } }, w.bridge)
  await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
  await waitFor(engine, (s) => s.connection.status === 'connected')
  return engine
}

describe('account names', () => {
  it('suggestions wait 500 ms after the last label typed, ask only for it, and never for a label outside the rule', async () => {
    const w = world({ taken: { 'alice.reown.id': BOB } })
    const time = virtualTime()
    const engine = await connected(w, time)
    const asked = () => w.calls.filter((c) => c.path.startsWith('/v1/profile/suggestions/')).map((c) => `${c.path} ${c.query.get('zone')}`)
    await engine.dispatch({ type: 'name/suggestions-requested', payload: { label: 'ali' } })
    await time.advance(300)
    await engine.dispatch({ type: 'name/suggestions-requested', payload: { label: 'alice' } })
    await time.advance(499)
    expect(asked()).toEqual([])
    expect((await engine.getState()).names).toMatchObject({ label: 'alice', loading: true })
    await time.advance(1)
    const s = await waitFor(engine, (x) => !x.names.loading, { show })
    expect(asked()).toEqual(['/v1/profile/suggestions/alice reown.id'])
    expect(s.names.suggestions).toEqual([
      { name: 'alice.reown.id', registered: true },
      { name: 'alice1.reown.id', registered: false },
    ])
    // 'ab' breaks the rule: the view says so, and nothing is asked.
    await engine.dispatch({ type: 'name/suggestions-requested', payload: { label: 'ab' } })
    await time.advance(500)
    await settle()
    const after = await engine.getState()
    expect(asked()).toHaveLength(1)
    expect(selectors.names(after)).toMatchObject({ label: 'ab', problem: 'A name has at least 4 characters: letters, digits and hyphens', suggestions: [], loading: false })
    await engine.stop()
  })

  it('Register: the account signs the JSON message, the service gets its coin type; the name becomes the profile name and RegisterAccountNameSuccess shows', async () => {
    const w = world()
    const time = virtualTime()
    const engine = await connected(w, time)
    await engine.dispatch({ type: 'modal/navigate-requested', payload: { view: 'RegisterAccountName' } })
    expect(selectors.names(await engine.getState()).canChoose).toBe(true)
    await engine.dispatch({ type: 'name/register-requested', payload: { label: 'Harbour-Cafe' } })
    const s = await waitFor(engine, (x) => x.modal.view === 'RegisterAccountNameSuccess', { show })
    const post = w.calls.find((c) => c.method === 'POST')!
    expect(post.path).toBe('/v1/profile/account')
    const body = post.body as { coin_type: number; address: string; message: string; signature: Hex }
    // ENSIP-11 for chain 31337: 0x80000000 | 31337, as an unsigned number.
    expect(body.coin_type).toBe(2147514985)
    expect(body.address).toBe(ADDRESS)
    expect(JSON.parse(body.message)).toEqual({ name: 'harbour-cafe.reown.id', attributes: {}, timestamp: Math.floor(time.clock() / 1000) })
    expect(await verifyMessage({ address: ADDRESS, message: body.message, signature: body.signature })).toBe(true)
    expect(selectors.account(s).profileName).toBe('harbour-cafe.reown.id')
    expect(selectors.names(s)).toMatchObject({ canChoose: false, registered: 'harbour-cafe.reown.id' })
    expect(s.names.registering).toBeUndefined()
    await engine.stop()
  })

  it('a refused signature goes back to RegisterAccountName with nothing sent; the service’s refusal shows its reason', async () => {
    let w = world({ refuse: true })
    let engine = await connected(w)
    await engine.dispatch({ type: 'modal/navigate-requested', payload: { view: 'RegisterAccountName' } })
    await engine.dispatch({ type: 'name/register-requested', payload: { label: 'alice' } })
    let s = await waitFor(engine, (x) => x.names.registering === undefined, { show })
    expect(s.modal.view).toBe('RegisterAccountName')
    expect(s.names.error).toBeUndefined()
    expect(w.calls.filter((c) => c.method === 'POST')).toEqual([])
    await engine.stop()

    w = world({ registerStatus: 400 })
    engine = await connected(w)
    await engine.dispatch({ type: 'modal/navigate-requested', payload: { view: 'RegisterAccountName' } })
    await engine.dispatch({ type: 'name/register-requested', payload: { label: 'alice' } })
    s = await waitFor(engine, (x) => x.names.error !== undefined, { show })
    expect(s.modal.view).toBe('RegisterAccountName')
    expect(s.names.error).toBe('Name is already taken')
    expect(selectors.account(s).profileName).toBeUndefined()
    await engine.stop()
  })

  it('refuses a label outside the rule and a second Register, leaving the state as it was; names are EVM only', async () => {
    const w = world()
    const engine = await connected(w)
    const before = await engine.getState()
    await expect(engine.dispatch({ type: 'name/register-requested', payload: { label: 'abc' } })).rejects.toThrow('A name has at least 4 characters: letters, digits and hyphens')
    await expect(engine.dispatch({ type: 'name/register-requested', payload: { label: 'al_ce' } })).rejects.toThrow('A name has at least 4 characters: letters, digits and hyphens')
    expect((await engine.getState()).names).toEqual(before.names)
    await engine.stop()

    // The wallet's prompt for the first is still open.
    let sign!: () => void
    const held = world({ signing: new Promise<void>((resolve) => (sign = resolve)) })
    const busy = await connected(held)
    await busy.dispatch({ type: 'name/register-requested', payload: { label: 'alice' } })
    await expect(busy.dispatch({ type: 'name/register-requested', payload: { label: 'alice2' } })).rejects.toThrow('A name registration is already under way')
    // Closed and opened again while the wallet still asks: still one at a time.
    await busy.dispatch({ type: 'modal/close-requested', payload: {} })
    await busy.dispatch({ type: 'modal/open-requested', payload: { view: 'RegisterAccountName', isMobile: false } })
    await expect(busy.dispatch({ type: 'name/register-requested', payload: { label: 'alice3' } })).rejects.toThrow('A name registration is already under way')
    expect((await busy.getState()).names.registering).toBe('alice')
    sign()
    await waitFor(busy, (x) => x.names.registered === 'alice.reown.id', { show })
    expect(held.calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    await busy.stop()

    // Nobody connected: no active EVM account.
    const alone = createEngine({ mode: 'main', fetch: w.fetch })
    await alone.start({ projectId: 'test', networks: [LOCALNET], services: { blockchain: 'https://bc.example' } }, w.bridge)
    await expect(alone.dispatch({ type: 'name/register-requested', payload: { label: 'alice' } })).rejects.toThrow('Names are EVM only')
    await expect(alone.dispatch({ type: 'modal/open-requested', payload: { view: 'RegisterAccountName', isMobile: false } })).rejects.toThrow('Names are EVM only')
    await alone.stop()
  })

  it('the send form resolves a receiver name to its address, through the name cache; an unknown name says so', async () => {
    const w = world({ taken: { 'alice.reown.id': BOB } })
    const engine = await connected(w)
    const lookups = () => w.calls.filter((c) => c.path.startsWith('/v1/profile/account/'))
    await engine.dispatch({ type: 'send/receiver-changed', payload: { receiver: ' Alice.reown.id ' } })
    let s = await waitFor(engine, (x) => x.names.resolved['alice.reown.id']?.address !== undefined, { show })
    expect(selectors.send(s)).toMatchObject({ receiverName: 'alice.reown.id', receiverAddress: BOB })
    expect(lookups()).toHaveLength(1)
    expect(lookups()[0]!.query.get('apiVersion')).toBe('2')
    // Typed again: the cache answers, the service is not asked again.
    await engine.dispatch({ type: 'send/receiver-changed', payload: { receiver: BOB } })
    await engine.dispatch({ type: 'send/receiver-changed', payload: { receiver: 'alice.reown.id' } })
    s = await waitFor(engine, (x) => x.names.resolved['alice.reown.id']?.address !== undefined, { show })
    expect(lookups()).toHaveLength(1)
    await engine.dispatch({ type: 'send/receiver-changed', payload: { receiver: 'nobody.reown.id' } })
    s = await waitFor(engine, (x) => x.names.resolved['nobody.reown.id']?.error !== undefined, { show })
    expect(selectors.send(s)).toMatchObject({ receiverName: 'nobody.reown.id', problem: 'Name not found' })
    expect(selectors.send(s).receiverAddress).toBeUndefined()
    await engine.stop()
  })
})
