import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firstValueFrom, toArray, take } from 'rxjs'
import { LOCALNET } from '../../../tests/unit/fixtures.js'
import type { NewEvent } from '../../events/types.js'
import { GangwayError, ProviderRequestError, UserRejectedError } from '../../events/kernel/errors.js'
import { errorFields, rejection } from '../../../tests/unit/error-fields.js'
import { createWalletConnectConnector, PAIRING_RESET, type SessionLike, type SignClientLike } from './connector.js'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { siwxMessageText, type SiwxMessage } from '../../siwx/message.js'
import { verifySiwxSignature } from '../../siwx/verify.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const topic = (n: number) => n.toString(16).padStart(64, '0')
const uriOf = (n: number) => `wc:${topic(n)}@2?relay-protocol=irn&symKey=${'ab'.repeat(32)}&expiryTimestamp=1`
const session = (chains = ['eip155:31337']): SessionLike => ({
  topic: 'f'.repeat(64),
  expiry: 4_000_000_000,
  namespaces: { eip155: { accounts: chains.map((c) => `${c}:${ADDRESS}`), methods: ['personal_sign', 'eth_sendTransaction', 'eth_getBalance'], events: [] } },
})

/** A sign client whose proposals the test settles: `approve(i)` / `reject(i)` the i-th pairing. */
function fakeClient(stored: SessionLike[] = []) {
  const pairings: { resolve(s: SessionLike): void; reject(e: unknown): void }[] = []
  const listeners = new Map<string, (a: never) => void>()
  const client: SignClientLike = {
    connect: vi.fn(async () => {
      const n = pairings.length + 1
      let settle!: (typeof pairings)[number]
      const approval = new Promise<SessionLike>((resolve, reject) => (settle = { resolve, reject }))
      pairings.push(settle)
      return { uri: uriOf(n), approval: () => approval }
    }),
    request: vi.fn(async ({ request }) => `answered:${request.method}`) as SignClientLike['request'],
    disconnect: vi.fn(async () => undefined),
    session: { getAll: () => stored },
    on: (name, l) => void listeners.set(name, l as (a: never) => void),
  }
  return { client, pairings, emit: (name: string, args: unknown) => listeners.get(name)?.(args as never) }
}

let now = 1_000_000_000
const connector = (client: SignClientLike, lifetime?: number) =>
  createWalletConnectConnector({ load: async () => client, networks: () => [LOCALNET], activeChain: () => undefined, clock: () => now, ...(lifetime ? { pairingLifetimeS: lifetime } : {}) })

describe('WalletConnect connector', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    now = 1_000_000_000
  })
  afterEach(() => vi.useRealTimers())

  it('pairs, shows the URI only on the pairing channel, and answers with the approved accounts', async () => {
    const { client, pairings } = fakeClient()
    const c = connector(client)
    const events: NewEvent[] = []
    c.events$.subscribe((e) => events.push(e))
    const accounts = c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    expect((await firstValueFrom(c.pairing$))?.uri).toBe(uriOf(1))
    expect(events).toEqual([{ type: 'walletconnect/pairing-created', payload: { pairingTopic: topic(1), expiresAt: 1_000_000 + 240 } }])
    expect(JSON.stringify(events)).not.toContain('symKey')
    pairings[0]!.resolve(session())
    expect(await accounts).toEqual([ADDRESS])
    expect(await c.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
    expect(await c.request({ method: 'personal_sign', params: ['0x00', ADDRESS] })).toBe('answered:personal_sign')
    expect(client.request).toHaveBeenCalledWith({ topic: 'f'.repeat(64), chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['0x00', ADDRESS] } })
  })

  it('replaces the URI when 10 s or less of its lifetime remain (docs/behaviour.md §5, §9), and lets a late approval of the old one go', async () => {
    const { client, pairings } = fakeClient()
    const c = connector(client)
    const events: NewEvent[] = []
    c.events$.subscribe((e) => events.push(e))
    void c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(229_000)
    expect(client.connect).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(client.connect).toHaveBeenCalledTimes(2)
    expect(events.map((e) => e.type)).toEqual(['walletconnect/pairing-created', 'walletconnect/pairing-expired', 'walletconnect/pairing-created'])
    expect((await firstValueFrom(c.pairing$))?.pairingTopic).toBe(topic(2))
    pairings[0]!.resolve(session())
    await vi.advanceTimersByTimeAsync(0)
    expect(client.disconnect).toHaveBeenCalledWith({ topic: 'f'.repeat(64), reason: expect.objectContaining({ code: 6000 }) })
  })

  it("ends a pairing with 'Modal closed' on cancel, and passes a wallet's refusal on", async () => {
    const { client, pairings } = fakeClient()
    const c = connector(client)
    const closed = c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    c.cancel()
    await expect(closed).rejects.toThrow('Modal closed')
    await expect(closed).rejects.toBeInstanceOf(GangwayError)
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
    const refused = c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    pairings[1]!.reject({ code: 5000, message: 'User rejected.' })
    await expect(refused).rejects.toBeInstanceOf(UserRejectedError)
    expect(await rejection(refused)).toEqual({ name: 'UserRejectedError', category: 'API_ERROR', code: 5000, message: 'User rejected.', details: 'eth_requestAccounts on connector walletConnect' })
  })

  it('refuses calls that need a session with 4100, and a wallet’s error on a forwarded call arrives typed', async () => {
    const { client, pairings } = fakeClient()
    const c = connector(client)
    const noSession = { name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code: 4100, message: 'No WalletConnect session' }
    expect(await rejection(c.request({ method: 'eth_chainId' }))).toEqual(noSession)
    expect(await rejection(c.request({ method: 'personal_sign', params: ['0x00', ADDRESS] }))).toEqual(noSession)
    const accounts = c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    pairings[0]!.resolve(session())
    await accounts
    vi.mocked(client.request).mockRejectedValueOnce({ code: -32000, message: 'insufficient funds', data: { need: '0x1' } })
    const failed = await c.request({ method: 'eth_sendTransaction', params: [] }).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(ProviderRequestError)
    expect(errorFields(failed)).toEqual({ name: 'ProviderRequestError', category: 'API_ERROR', code: -32000, message: 'insufficient funds', details: 'eth_sendTransaction on connector walletConnect' })
    expect((failed as ProviderRequestError).data).toEqual({ need: '0x1' })
    // A method the wallet did not approve for the session (EIP-5792's here) is one it lacks: 4200, and the wallet is not asked.
    vi.mocked(client.request).mockClear()
    expect(await rejection(c.request({ method: 'wallet_sendCalls', params: [{}] }))).toMatchObject({ name: 'ProviderRequestError', code: 4200, message: 'Unsupported method: wallet_sendCalls' })
    expect(client.request).not.toHaveBeenCalled()
  })

  it('reads session events through the CAIP parsers: CAIP-10 or bare accounts, and ignores malformed ids', async () => {
    const { client, emit } = fakeClient([session()])
    const c = connector(client)
    const events: NewEvent[] = []
    c.events$.subscribe((e) => events.push(e))
    await c.request({ method: 'eth_accounts' })
    const sessionEvent = (chainId: string, name: string, data: unknown) => emit('session_event', { topic: 'f'.repeat(64), params: { chainId, event: { name, data } } })
    sessionEvent('eip155', 'accountsChanged', [`eip155:31337:${ADDRESS}`])
    sessionEvent('eip155:31337:extra', 'accountsChanged', [ADDRESS])
    sessionEvent('eip155:31337', 'accountsChanged', ['eip155:31337'])
    sessionEvent('eip155:31337', 'chainChanged', 'eip155:')
    expect(events).toEqual([])
    sessionEvent('eip155:31337', 'accountsChanged', [`eip155:31337:${ADDRESS}`, ADDRESS])
    sessionEvent('eip155:31337', 'chainChanged', '0x7a6a')
    expect(events).toEqual([
      { type: 'wallet/accounts-changed', payload: { connectorId: 'walletConnect', namespace: 'eip155', addresses: [ADDRESS, ADDRESS] } },
      { type: 'wallet/chain-changed', payload: { connectorId: 'walletConnect', namespace: 'eip155', caipNetworkId: 'eip155:31338' } },
    ])
  })

  it('restores a stored session silently, switches within its chains, and reports a wallet-side delete', async () => {
    const { client, emit } = fakeClient([session(['eip155:31337', 'eip155:31338'])])
    const c = connector(client)
    const events = firstValueFrom(c.events$.pipe(take(2), toArray()))
    expect(await c.request({ method: 'eth_accounts' })).toEqual([ADDRESS])
    expect(client.connect).not.toHaveBeenCalled()
    await c.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(await c.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    await expect(c.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4902 })
    expect(await rejection(c.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))).toEqual({
      name: 'ProviderRequestError',
      category: 'INTERNAL_SDK_ERROR',
      code: 4902,
      message: 'Unrecognized chain ID',
      details: "eip155:1 is not among the session's chains",
    })
    emit('session_delete', { topic: 'f'.repeat(64) })
    expect((await events).map((e) => e.type)).toEqual(['wallet/chain-changed', 'wallet/disconnected'])
    expect(await c.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('prepare(): the URI shows before any pick, and the next connect takes that pairing over (mobile)', async () => {
    const { client, pairings } = fakeClient()
    const c = connector(client)
    c.prepare()
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    expect((await firstValueFrom(c.pairing$))?.uri).toBe(uriOf(1))
    const accounts = c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    expect(client.connect).toHaveBeenCalledTimes(1)
    pairings[0]!.resolve(session())
    expect(await accounts).toEqual([ADDRESS])
    // Settled: nothing more to prepare.
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    expect(client.connect).toHaveBeenCalledTimes(1)
  })

  it('a prepared pairing a wallet approves with no connect waiting asks for the WalletConnect connect, which the session answers at once; one a connect took over does not', async () => {
    const { client, pairings } = fakeClient()
    const c = connector(client)
    const events: NewEvent[] = []
    c.events$.subscribe((e) => events.push(e))
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    // The wallet scanned the site's own QR code of this pairing.
    pairings[0]!.resolve(session())
    await vi.advanceTimersByTimeAsync(0)
    expect(events.filter((e) => e.type === 'connect/requested')).toEqual([expect.objectContaining({ type: 'connect/requested', payload: { connectorId: 'walletConnect', namespace: 'eip155' } })])
    expect(await c.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
    expect(client.connect).toHaveBeenCalledTimes(1)

    const taken = fakeClient()
    const d = connector(taken.client)
    const later: NewEvent[] = []
    d.events$.subscribe((e) => later.push(e))
    d.prepare()
    await vi.advanceTimersByTimeAsync(0)
    const accounts = d.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    taken.pairings[0]!.resolve(session())
    expect(await accounts).toEqual([ADDRESS])
    expect(later.filter((e) => e.type === 'connect/requested')).toEqual([])
  })

  it('prepare() then cancel(): a cancel while the client starts ends it before it pairs; a later connect pairs afresh', async () => {
    const { client } = fakeClient()
    const c = connector(client)
    c.prepare()
    c.cancel()
    await vi.advanceTimersByTimeAsync(0)
    expect(client.connect).not.toHaveBeenCalled()
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
    void c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    expect(client.connect).toHaveBeenCalledTimes(1)
  })

  it('a connect waiting on a prepared pairing fails with it when the modal closes', async () => {
    const { client } = fakeClient()
    const c = connector(client)
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    const accounts = c.request({ method: 'eth_requestAccounts' })
    const failed = expect(accounts).rejects.toThrow('Modal closed')
    c.cancel()
    await failed
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
  })

  it('hold(): the pairing outlives the close, a late approval settles it, and the next connect joins it (docs/behaviour.md §4, Telegram and iOS Safari)', async () => {
    const { client, pairings } = fakeClient()
    const c = connector(client)
    const first = c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    c.hold()
    await vi.advanceTimersByTimeAsync(60_000)
    now += 60_000
    expect((await firstValueFrom(c.pairing$))?.uri).toBe(uriOf(1))
    const second = c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(0)
    expect(client.connect).toHaveBeenCalledTimes(1)
    pairings[0]!.resolve(session())
    expect(await first).toEqual([ADDRESS])
    expect(await second).toEqual([ADDRESS])
  })

  it("hold(): a held pairing ends with 'Modal closed' at its expiry instead of being renewed; a connect before then renews as usual", async () => {
    const { client } = fakeClient()
    const c = connector(client)
    const events: NewEvent[] = []
    c.events$.subscribe((e) => events.push(e))
    const held = c.request({ method: 'eth_requestAccounts' })
    const ended = expect(held).rejects.toThrow('Modal closed')
    await vi.advanceTimersByTimeAsync(0)
    c.hold()
    await vi.advanceTimersByTimeAsync(230_000)
    await ended
    expect(client.connect).toHaveBeenCalledTimes(1)
    expect(events.map((e) => e.type)).toEqual(['walletconnect/pairing-created', 'walletconnect/pairing-expired'])
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
    // Held, then taken over by a connect: renewed at its expiry.
    const joined = [c.request({ method: 'eth_requestAccounts' })]
    await vi.advanceTimersByTimeAsync(0)
    c.hold()
    joined.push(c.request({ method: 'eth_requestAccounts' }))
    await vi.advanceTimersByTimeAsync(230_000)
    expect(client.connect).toHaveBeenCalledTimes(3)
    expect((await firstValueFrom(c.pairing$))?.pairingTopic).toBe(topic(3))
    // cancel() still ends a held pairing at once.
    c.hold()
    c.cancel()
    for (const j of joined) await expect(j).rejects.toThrow('Modal closed')
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
  })

  it('hold() with no pairing in progress does nothing: the next pairing renews', async () => {
    const { client } = fakeClient()
    const c = connector(client)
    c.hold()
    void c.request({ method: 'eth_requestAccounts' })
    await vi.advanceTimersByTimeAsync(230_000)
    expect(client.connect).toHaveBeenCalledTimes(2)
  })
})

describe('WalletConnect connector: a pairing asked for ahead of a pick (prepare, reset, failure)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    now = 1_000_000_000
  })
  afterEach(() => vi.useRealTimers())

  /** The connector's events, as they come. */
  const recorded = (c: ReturnType<typeof connector>) => {
    const events: NewEvent[] = []
    c.events$.subscribe((e) => events.push(e))
    return events
  }

  it('a prepared pairing with no connect is renewed when 10 s or less of its lifetime remain (docs/behaviour.md §5, §9), with a new URI each time', async () => {
    const { client } = fakeClient()
    const c = connector(client)
    const events = recorded(c)
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual([{ type: 'walletconnect/pairing-created', payload: { pairingTopic: topic(1), expiresAt: 1_000_000 + 240 } }])
    await vi.advanceTimersByTimeAsync(229_000)
    expect(client.connect).toHaveBeenCalledTimes(1)
    now += 230_000
    await vi.advanceTimersByTimeAsync(1_000)
    expect(client.connect).toHaveBeenCalledTimes(2)
    expect(events.map((e) => e.type)).toEqual(['walletconnect/pairing-created', 'walletconnect/pairing-expired', 'walletconnect/pairing-created'])
    expect(events[2]).toEqual({ type: 'walletconnect/pairing-created', payload: { pairingTopic: topic(2), expiresAt: 1_000_230 + 240 } })
    expect((await firstValueFrom(c.pairing$))?.uri).toBe(uriOf(2))
  })

  it("cancel('Pairing reset') clears the URI and stops renewal; a connect waiting on it fails with 'Pairing reset'; no pairing-failed", async () => {
    const { client } = fakeClient()
    const c = connector(client)
    const events = recorded(c)
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    const waiting = c.request({ method: 'eth_requestAccounts' })
    const failed = expect(waiting).rejects.toThrow(PAIRING_RESET)
    c.cancel(PAIRING_RESET)
    await failed
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(480_000)
    expect(client.connect).toHaveBeenCalledTimes(1)
    expect(events.map((e) => e.type)).toEqual(['walletconnect/pairing-created'])
    // A reset while the client starts ends it before it pairs, and a connect waiting on it; the next request pairs afresh.
    c.prepare()
    const early = c.request({ method: 'eth_requestAccounts' })
    const earlyFailed = expect(early).rejects.toThrow(PAIRING_RESET)
    c.cancel(PAIRING_RESET)
    await earlyFailed
    await vi.advanceTimersByTimeAsync(0)
    expect(client.connect).toHaveBeenCalledTimes(1)
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    expect(client.connect).toHaveBeenCalledTimes(2)
    expect(events.map((e) => e.type)).toEqual(['walletconnect/pairing-created', 'walletconnect/pairing-created'])
  })

  it('a held prepared pairing that ends at its expiry did not fail', async () => {
    const { client } = fakeClient()
    const c = connector(client)
    const events = recorded(c)
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    c.hold()
    await vi.advanceTimersByTimeAsync(230_000)
    expect(events.map((e) => e.type)).toEqual(['walletconnect/pairing-created', 'walletconnect/pairing-expired'])
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
  })

  it('a prepared pairing that fails logs walletconnect/pairing-failed with its message, at most 256 characters; the next prepare pairs afresh', async () => {
    const { client, pairings } = fakeClient()
    const c = connector(client)
    const events = recorded(c)
    vi.mocked(client.connect).mockRejectedValueOnce(new Error(`Relay: ${'x'.repeat(1000)}`))
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual([{ type: 'walletconnect/pairing-failed', payload: { message: `Relay: ${'x'.repeat(249)}` } }])
    expect(await firstValueFrom(c.pairing$)).toBeUndefined()
    // The wallet refuses the proposal of the next one.
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    pairings[0]!.reject({ code: 5000, message: 'User rejected.' })
    await vi.advanceTimersByTimeAsync(0)
    expect(events.slice(1)).toEqual([
      { type: 'walletconnect/pairing-created', payload: { pairingTopic: topic(1), expiresAt: 1_000_000 + 240 } },
      { type: 'walletconnect/pairing-failed', payload: { message: 'User rejected.' } },
    ])
    // A URI-less answer of the relay.
    vi.mocked(client.connect).mockResolvedValueOnce({ approval: () => new Promise<SessionLike>(() => undefined) })
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    expect(events.at(-1)).toEqual({ type: 'walletconnect/pairing-failed', payload: { message: 'WalletConnect gave no pairing URI' } })
  })

  it('a sign client that does not start fails the prepared pairing', async () => {
    const c = createWalletConnectConnector({ load: () => Promise.reject(new GangwayError('relay unreachable')), networks: () => [LOCALNET], activeChain: () => undefined, clock: () => now })
    const events = recorded(c)
    c.prepare()
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual([{ type: 'walletconnect/pairing-failed', payload: { message: 'relay unreachable' } }])
  })
})

describe('WalletConnect connector on Solana (SIWX)', () => {
  const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const seed = Uint8Array.from({ length: 32 }, (_, i) => i + 7)
  const pubkey = base58.encode(ed25519.getPublicKey(seed))
  const solanaSession: SessionLike = { topic: 'e'.repeat(64), expiry: 4_000_000_000, namespaces: { solana: { accounts: [`${SOLANA}:${pubkey}`], methods: ['solana_signMessage'], events: [] } } }
  const message: SiwxMessage = { accountAddress: pubkey, chainId: SOLANA, domain: 'shop.example', uri: 'https://shop.example/', version: '1', nonce: 'k7Qz8mN3pL2x', issuedAt: '2030-01-01T00:00:00.000Z', statement: 'Sign in to Harbour Coffee' }

  it("solana:signMessage is the session's solana_signMessage ({ message: base58 bytes, pubkey } → { signature: base58 }), a signature SIWX verifies; solana:signIn is 4200 so the engine falls back", async () => {
    const { client } = fakeClient([solanaSession])
    const asked: unknown[] = []
    vi.mocked(client.request).mockImplementation((async ({ chainId, request }: { chainId: string; request: { method: string; params?: unknown } }) => {
      asked.push({ chainId, request })
      const { message: bytes } = request.params as { message: string }
      return { signature: base58.encode(ed25519.sign(base58.decode(bytes), seed)) }
    }) as SignClientLike['request'])
    const c = connector(client)
    const text = siwxMessageText(message)
    const answer = (await c.request({ method: 'solana:signMessage', params: [text, pubkey] })) as { signature: string }
    expect(asked).toEqual([{ chainId: SOLANA, request: { method: 'solana_signMessage', params: { message: base58.encode(new TextEncoder().encode(text)), pubkey } } }])
    expect(base58.decode(answer.signature)).toHaveLength(64)
    expect(await verifySiwxSignature({ message, text, signature: answer.signature })).toBe(true)
    expect(await verifySiwxSignature({ message, text: text.replace('k7Qz8mN3pL2x', 'k7Qz8mN3pL2y'), signature: answer.signature })).toBe(false)

    expect(await rejection(c.request({ method: 'solana:signIn', params: [{ address: pubkey }] }))).toEqual({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code: 4200, message: 'Unsupported method: solana:signIn' })
    expect(asked).toHaveLength(1)
  })

  it("a wallet's answer to solana_signMessage that is not a 64-byte base58 signature: 'The wallet returned no signature'", async () => {
    for (const result of [null, {}, { signature: 42 }, { signature: '0OIl' }, { signature: base58.encode(new Uint8Array(63)) }, { signature: Buffer.alloc(64).toString('base64') }]) {
      const { client } = fakeClient([solanaSession])
      vi.mocked(client.request).mockResolvedValue(result)
      expect(await rejection(connector(client).request({ method: 'solana:signMessage', params: ['hello', pubkey] }))).toEqual({ name: 'GangwayError', category: 'API_ERROR', message: 'The wallet returned no signature' })
    }
  })
})

describe('WalletConnect connector start failures', () => {
  it('starts the sign client afresh after a failed start', async () => {
    const { client } = fakeClient([session()])
    let attempts = 0
    const c = createWalletConnectConnector({
      load: async () => {
        if (++attempts === 1) throw new Error('relay unreachable')
        return client
      },
      networks: () => [LOCALNET],
      activeChain: () => undefined,
      clock: () => now,
    })
    await expect(c.request({ method: 'eth_accounts' })).rejects.toThrow('relay unreachable')
    expect(await c.request({ method: 'eth_accounts' })).toEqual([ADDRESS])
    expect(attempts).toBe(2)
  })
})
