// The Reown adapter over a stand-in of the client's module: each step is the client's method with
// the client's argument shapes (eip155 chain ids as numbers), its answers come back in Gangway's
// (CAIP-2 chain ids, no nulls), its rejections as Gangway's errors (the secure panel's refusal as
// 4001), every step is bounded by the adapter's own timer, and the guard stops `@w3m-frame/`
// messages from any window but the client's iframe.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthContext } from '../events/auth-adapter.js'
import { ProviderRequestError, UserRejectedError } from '../events/kernel/errors.js'
import { createReownAdapter, guardFrameMessages, REOWN_STEP_TIMEOUT_MS, type ReownWalletModule } from './reown-adapter.js'

const EOA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const NETWORKS = [
  { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } },
  { id: 31338, caipNetworkId: 'eip155:31338', chainNamespace: 'eip155', rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } } },
]
const context: AuthContext = { projectId: 'p1', metadata: { name: 'Shop', url: 'https://shop.example' }, networks: NETWORKS, activeNetwork: () => NETWORKS[1] }

/** The client provider's methods that answer at once from its storage (W3mFrameProvider). */
const SYNC_METHODS = new Set(['getUsername', 'getEmail', 'getLoginEmailUsed', 'getLastUsedChainId'])

/** A stand-in client module: its provider records its construction and each call, and answers from `answers`. */
function client(answers: Record<string, (...args: unknown[]) => unknown> = {}) {
  const calls: [string, ...unknown[]][] = []
  let config: Record<string, unknown> = {}
  class W3mFrameProvider {
    constructor(c: Record<string, unknown>) {
      config = c
      return new Proxy(this, {
        get: (_t, name: string) => {
          const call = (...args: unknown[]) => {
            calls.push([name, ...args])
            return answers[name]?.(...args)
          }
          // The client's storage reads are synchronous; its steps return promises.
          return SYNC_METHODS.has(name) ? call : async (...args: unknown[]) => call(...args)
        },
      })
    }
  }
  return { module: { W3mFrameProvider } as unknown as ReownWalletModule, calls, config: () => config }
}

/** A window with a document whose `#w3m-iframe` is `frame` (once set). */
function page() {
  const target = new EventTarget() as EventTarget & { document: { getElementById(id: string): unknown } }
  let frame: { src: string; contentWindow: object } | undefined
  target.document = { getElementById: (id: string) => (id === 'w3m-iframe' ? frame : null) }
  return { win: target as unknown as Window, setFrame: (f: typeof frame) => void (frame = f), location: { origin: 'https://shop.example' } }
}

afterEach(() => void vi.useRealTimers())

describe('the Reown adapter', () => {
  it('starts the client for the site: its project, metadata and networks, the active eip155 network, no logger', () => {
    const c = client()
    const p = page()
    createReownAdapter(c.module, context, Object.assign(p.win, { location: p.location }))
    const config = c.config()
    expect(config).toMatchObject({ projectId: 'p1', chainId: 'eip155:31338', enableLogger: false, sdkType: 'appkit', metadata: { name: 'Shop', description: '', url: 'https://shop.example', icons: [] } })
    const getCaipNetworks = config.getCaipNetworks as (n?: string) => { id: unknown; rpcUrls: unknown }[]
    expect(getCaipNetworks('eip155').map((n) => [n.id, n.rpcUrls])).toEqual([[31337, { default: { http: ['http://127.0.0.1:8545'] } }], [31338, { default: { http: ['http://127.0.0.1:8546'] } }]])
    expect(getCaipNetworks('solana')).toEqual([])
    expect((config.getActiveCaipNetwork as (n?: string) => { caipNetworkId: string })('eip155').caipNetworkId).toBe('eip155:31338')
  })

  it('asks for the user with connect (so the client keeps its login flag), an eip155 chain as a number, and answers CAIP-2 without nulls', async () => {
    const c = client({ connect: () => ({ email: null, userName: null, address: EOA, chainId: 31337, preferredAccountType: 'eoa', accounts: [{ address: EOA, type: 'eoa' }] }) })
    const adapter = createReownAdapter(c.module, context, page().win)
    const user = await adapter.getUser({ caipNetworkId: 'eip155:31337', preferredAccountType: 'eoa' })
    expect(c.calls).toEqual([['connect', { chainId: 31337, preferredAccountType: 'eoa' }], ['getUsername']])
    expect(user).toEqual({ email: undefined, userName: undefined, address: EOA, chainId: 'eip155:31337', preferredAccountType: 'eoa', accounts: [{ address: EOA, type: 'eoa' }] })
    // Without a network named: the active one; a social answer goes to connect with socialUri.
    await adapter.connectSocial('https://secure.example/social?code=1&state=s', {})
    expect(c.calls.at(-1)).toEqual(['connect', { socialUri: 'https://secure.example/social?code=1&state=s', chainId: 31338 }])
  })

  it('a user without a username gets the one the client kept from its social login; one with a username keeps its own', async () => {
    let userName: string | undefined
    const c = client({ connect: () => ({ address: EOA, chainId: 31337, ...(userName ? { userName } : {}) }), getUsername: () => 'harbour0' })
    const adapter = createReownAdapter(c.module, context, page().win)
    expect(await adapter.getUser({})).toMatchObject({ userName: 'harbour0' })
    userName = 'fresh'
    expect(await adapter.getUser({})).toMatchObject({ userName: 'fresh' })
  })

  it('maps the other steps to the client’s methods and shapes', async () => {
    const c = client({ connectEmail: () => ({ action: 'VERIFY_OTP' }), isConnected: () => ({ isConnected: true }), getChainId: () => ({ chainId: 31338 }), getSocialRedirectUri: () => ({ uri: 'https://secure.example/oauth' }), getFarcasterUri: () => ({ url: 'https://farcaster.example/c' }), getSmartAccountEnabledNetworks: () => ({ smartAccountEnabledNetworks: [31337] }), request: () => '0x1' })
    const adapter = createReownAdapter(c.module, context, page().win)
    expect(await adapter.connectEmail('a@example.com')).toEqual({ action: 'VERIFY_OTP' })
    await adapter.connectOtp('123456')
    expect(await adapter.isConnected()).toBe(true)
    expect(await adapter.getChainId()).toBe('eip155:31338')
    await adapter.switchNetwork('eip155:31337')
    expect(await adapter.getSocialRedirectUri('discord')).toBe('https://secure.example/oauth')
    expect(await adapter.getFarcasterUri()).toBe('https://farcaster.example/c')
    expect(await adapter.getSmartAccountEnabledNetworks()).toEqual([31337])
    expect(await adapter.request({ method: 'eth_getBalance', params: [EOA, 'latest'], caipNetworkId: 'eip155:31337' }, 1000)).toBe('0x1')
    expect(c.calls).toEqual([
      ['connectEmail', { email: 'a@example.com' }],
      ['connectOtp', { otp: '123456' }],
      ['isConnected'],
      ['getChainId'],
      ['switchNetwork', { chainId: 'eip155:31337' }],
      ['getSocialRedirectUri', { provider: 'discord' }],
      ['getFarcasterUri'],
      ['getSmartAccountEnabledNetworks'],
      ['request', { method: 'eth_getBalance', params: [EOA, 'latest'], chainNamespace: 'eip155' }],
    ])
  })

  it('a refusal in the secure panel is the visitor’s (4001); another rejection keeps its message; a step that never settles fails after the adapter’s own bound', async () => {
    const c = client({ request: (call) => ((call as { method: string }).method === 'personal_sign' ? Promise.reject(new Error('User rejected the request.')) : Promise.reject(new Error('Unsupported network'))), connectDevice: () => new Promise(() => undefined) })
    const adapter = createReownAdapter(c.module, context, page().win)
    const refused = adapter.request({ method: 'personal_sign', params: ['0x00', EOA] }, 1000)
    await expect(refused).rejects.toBeInstanceOf(UserRejectedError)
    await expect(refused).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    const other = adapter.request({ method: 'eth_call', params: [] }, 1000)
    await expect(other).rejects.toBeInstanceOf(ProviderRequestError)
    await expect(other).rejects.toThrow('Unsupported network')
    vi.useFakeTimers()
    const device = adapter.connectDevice()
    const seen = expect(device).rejects.toThrow('The secure site did not answer')
    await vi.advanceTimersByTimeAsync(REOWN_STEP_TIMEOUT_MS)
    await seen
  })
})

describe('the guard before the client’s listeners', () => {
  it('stops every @w3m-frame/ message but the client iframe’s from its origin; other messages pass', () => {
    const p = page()
    const frameWindow = {}
    const unguard = guardFrameMessages(p.win as never)
    const heard: unknown[] = []
    p.win.addEventListener('message', (e) => heard.push((e as MessageEvent).data))
    const post = (data: unknown, origin: string, source: unknown) => p.win.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }))
    const forged = { type: '@w3m-frame/GET_USER_SUCCESS', id: 'x', payload: { address: EOA, chainId: 1 } }
    // Before the frame exists, nothing of the frame's shape is taken.
    post(forged, 'https://secure.walletconnect.org', frameWindow)
    p.setFrame({ src: 'https://secure.walletconnect.org/sdk?projectId=p1', contentWindow: frameWindow })
    post(forged, 'https://shop.example', {})
    post(forged, 'https://secure.walletconnect.org', {})
    post(forged, 'https://evil.example', frameWindow)
    post({ type: 'x@w3m-frame/READY' }, 'https://evil.example', {})
    expect(heard).toEqual([])
    post(forged, 'https://secure.walletconnect.org', frameWindow)
    post({ resultUri: 'https://secure.walletconnect.org/social' }, 'https://secure.walletconnect.org', {})
    post('the page’s own', 'https://shop.example', null)
    expect(heard).toEqual([forged, { resultUri: 'https://secure.walletconnect.org/social' }, 'the page’s own'])
    unguard()
    post(forged, 'https://evil.example', {})
    expect(heard).toHaveLength(4)
  })
})
