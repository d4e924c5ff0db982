// Email and social login through the engine with a fake auth bridge: the steps, the guards, the
// user and its typed accounts, the refusals, and what never enters the log.
import { describe, expect, it } from 'vitest'
import { ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until as waitFor } from '../../../../tests/unit/engine-until.js'
import type { Bridge, Engine, ProviderRequest } from '../../../contract.js'
import { parseLog } from '../../../events/log/ndjson.js'
import { initialStateFor, project, type State } from '../../../projections/state.js'
import { createEngine } from '../../engine.js'
import { authUserOf } from './auth-connect.js'
import { accountModel } from '../../../projections/view-models/account-model.js'
import { connectModel } from '../../../projections/view-models/connect-model.js'
import { memoryLogStorage } from '../../../events/log/memory-storage.js'

const SMART = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const EMAIL = 'visitor@harbour.example'

type Answers = Record<string, unknown | ((args: ProviderRequest) => unknown)>
const USER = { email: EMAIL, address: SMART, chainId: 'eip155:31337', preferredAccountType: 'smartAccount', smartAccountDeployed: false, accounts: [{ address: ADDRESS, type: 'eoa' }, { address: SMART, type: 'smartAccount' }], token: 'secret-session-token' }

/** The auth connector's page side, answering the engine's calls by method; every call is recorded. */
function authBridge(answers: Answers = {}): Bridge & { asked: { method: string; params?: unknown }[] } {
  const defaults: Answers = { gangway_auth_connectEmail: { action: 'VERIFY_OTP' }, gangway_auth_getUser: USER, gangway_auth_awaitDevice: {} }
  const asked: { method: string; params?: unknown }[] = []
  return {
    asked,
    async request(id, args) {
      if (id !== 'AUTH') throw new Error(`no connector ${id}`)
      asked.push({ method: args.method, ...(args.params ? { params: args.params } : {}) })
      const answer = args.method in answers ? answers[args.method] : defaults[args.method]
      return typeof answer === 'function' ? answer(args) : answer
    },
    watch: () => undefined,
  }
}

const until = (engine: Engine, ok: (s: State) => boolean) => waitFor(engine, ok, { show: (s) => s.auth })

const start = async (bridge: Bridge, options: Record<string, unknown> = {}, clock?: () => number): Promise<Engine> => {
  const engine = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }), ...(clock ? { clock } : {}) })
  await engine.start({ projectId: 'test', networks: [LOCALNET], services: { secureSite: 'https://secure.example' }, ...options }, bridge)
  await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
  return engine
}
const typesOf = async (engine: Engine) => parseLog(await engine.exportLog()).events.map((e) => e.type as string)
const submit = (engine: Engine, email = EMAIL) => engine.dispatch({ type: 'auth/email-submitted', payload: { email } })

describe('email login', () => {
  it('the email asks for a code; the verified code gives the user and the auth connection on the preferred account', async () => {
    const bridge = authBridge()
    const engine = await start(bridge)
    await submit(engine, `  ${EMAIL} `)
    let s = await until(engine, (x) => x.auth.step === 'verify-otp')
    expect(s.modal.view).toBe('EmailLogin')
    expect(bridge.asked[0]).toEqual({ method: 'gangway_auth_connectEmail', params: [{ email: EMAIL }] })
    // The page sent the code to the secure site itself; the engine learns the outcome only.
    await engine.dispatch({ type: 'auth/otp-verified', payload: {} })
    s = await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    expect(bridge.asked[1]).toEqual({ method: 'gangway_auth_getUser', params: [{ caipNetworkId: 'eip155:31337', preferredAccountType: 'smartAccount' }] })
    expect(s.accounts.eip155?.address).toBe(SMART)
    expect(s.connections.eip155?.[0]?.accounts).toEqual([
      { address: SMART, type: 'smartAccount' },
      { address: ADDRESS, type: 'eoa' },
    ])
    expect(s.auth.users.eip155).toMatchObject({ email: EMAIL, preferredAccountType: 'smartAccount', smartAccountDeployed: false })
    expect(s.auth.step).toBeUndefined()
    expect(s.modal.view).toBe('Account')
    // The account names the connection by its user (docs/behaviour.md §5) and says what it is.
    expect(accountModel(s)).toMatchObject({ connectedWalletInfo: { name: EMAIL }, embeddedWalletInfo: { user: { email: EMAIL }, authProvider: 'email', accountType: 'smartAccount', isSmartAccountDeployed: false } })
    // Nothing of the secure site's session is logged; the export redacts the email.
    const log = await engine.exportLog({ redact: false })
    expect(log).not.toContain('secret-session-token')
    expect(await engine.exportLog()).not.toContain(EMAIL)
    await engine.stop()
  })

  it('a refused code keeps the code step with the secure site’s message; the next one connects', async () => {
    const engine = await start(authBridge())
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-otp')
    await engine.dispatch({ type: 'auth/otp-failed', payload: { message: 'Invalid code' } })
    const s = await until(engine, (x) => x.auth.error === 'Invalid code')
    expect(s.auth.step).toBe('verify-otp')
    expect(s.modal.view).toBe('EmailLogin')
    await engine.dispatch({ type: 'auth/otp-verified', payload: {} })
    await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    await engine.stop()
  })

  it('a device link comes first when the secure site asks for one, then the code', async () => {
    let approve!: (v: unknown) => void
    const bridge = authBridge({ gangway_auth_connectEmail: { action: 'VERIFY_DEVICE' }, gangway_auth_awaitDevice: () => new Promise((r) => (approve = r)) })
    const engine = await start(bridge)
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-device')
    await until(engine, () => bridge.asked.some((a) => a.method === 'gangway_auth_awaitDevice'))
    approve({})
    await until(engine, (x) => x.auth.step === 'verify-otp')
    await engine.stop()
  })

  it('a session the secure site already holds connects without a code', async () => {
    const engine = await start(authBridge({ gangway_auth_connectEmail: { action: 'CONNECT' } }))
    await submit(engine)
    const s = await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    expect(s.auth.users.eip155?.email).toBe(EMAIL)
    await engine.stop()
  })

  it('a refused email goes back to Connect with the message; a bad answer or user fails to connect', async () => {
    const engine = await start(authBridge({ gangway_auth_connectEmail: () => Promise.reject(new Error('Email not allowed')) }))
    await submit(engine)
    const s = await until(engine, (x) => x.auth.error === 'Email not allowed')
    expect(s.modal.view).toBe('Connect')
    expect((await until(engine, (x) => x.snackbar.open)).snackbar).toMatchObject({ variant: 'error', message: 'Email not allowed' })
    await engine.stop()

    const other = await start(authBridge({ gangway_auth_getUser: { accounts: [{ address: 'not an address', type: 'eoa' }] } }))
    await submit(other)
    await until(other, (x) => x.auth.step === 'verify-otp')
    await other.dispatch({ type: 'auth/otp-verified', payload: {} })
    const failed = await until(other, (x) => x.auth.error === 'Failed to connect')
    expect(failed.connection.connectorIds.eip155).toBeUndefined()
    await other.stop()
  })

  it('closing the modal while the user is read ends the login with Modal closed', async () => {
    const engine = await start(authBridge({ gangway_auth_getUser: () => new Promise(() => undefined) }))
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-otp')
    await engine.dispatch({ type: 'auth/otp-verified', payload: {} })
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    const s = await until(engine, (x) => x.connection.lastError?.message === 'Modal closed')
    expect(s.connection.connectorIds.eip155).toBeUndefined()
    await engine.stop()
  })

  it('refuses an email that is not one, a second code within 30 s, email without the secure site, and before the legal tick', async () => {
    let now = 1_000_000
    const engine = await start(authBridge(), {}, () => now)
    await expect(submit(engine, 'not-an-email')).rejects.toThrow('Invalid email')
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-otp')
    now += 12_500
    await expect(submit(engine)).rejects.toThrow('Please try again after 18 seconds')
    now += 17_500
    await submit(engine)
    await engine.stop()

    const noSite = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }) })
    await noSite.start({ projectId: 'test', networks: [LOCALNET] }, authBridge())
    await expect(submit(noSite)).rejects.toThrow('Email login is not enabled')
    expect((await noSite.getState()).auth.step).toBeUndefined()
    await noSite.stop()

    // A site's auth adapter (the page's `auth` option) offers email login as a secure site does.
    const adapter = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }) })
    await adapter.start({ projectId: 'test', networks: [LOCALNET], authAdapter: true }, authBridge())
    await adapter.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await submit(adapter)
    await until(adapter, (x) => x.auth.step === 'verify-otp')
    expect(parseLog(await adapter.exportLog()).events.find((e) => e.type === 'engine/configured')?.payload).toMatchObject({ secureSite: true })
    await adapter.stop()
    const badFlag = createEngine({ mode: 'main' })
    await expect(badFlag.start({ projectId: 'test', networks: [LOCALNET], authAdapter: 'yes' as never }, authBridge())).rejects.toThrow('Invalid option: authAdapter must be a boolean')

    const legal = await start(authBridge(), { features: { legalCheckbox: true } })
    await expect(submit(legal)).rejects.toThrow('Accept the terms to connect a wallet')
    await legal.stop()
  })

  it('the user and the auth connection fold alike in another tab and in the snapshots', async () => {
    const engine = await start(authBridge())
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-otp')
    await engine.dispatch({ type: 'auth/otp-verified', payload: {} })
    await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    const { events } = parseLog(await engine.exportLog({ redact: false }))
    const other = events.reduce((s, e) => project([e], s), initialStateFor('another-tab'))
    expect(other.auth.users.eip155?.accounts).toHaveLength(2)
    expect(other.connections.eip155?.[0]?.accounts.map((a) => a.type)).toEqual(['smartAccount', 'eoa'])
    expect(other.auth.step).toBeUndefined()
    await engine.stop()
  })
})

describe('authUserOf', () => {
  const s = { config: { networks: [LOCALNET] }, auth: { users: {} } } as unknown as State
  it('keeps EVM accounts of the two types, the preferred first, and bounds the rest', () => {
    expect(authUserOf({ ...USER, preferredAccountType: 'eoa', userName: 'x'.repeat(300) }, s, 'eip155:31337')).toEqual({
      caipNetworkId: 'eip155:31337',
      email: EMAIL,
      accounts: [
        { address: ADDRESS, type: 'eoa' },
        { address: SMART, type: 'smartAccount' },
      ],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(authUserOf({ address: ADDRESS, chainId: 'eip155:1' }, s, 'eip155:31337')).toMatchObject({ caipNetworkId: 'eip155:31337', accounts: [{ address: ADDRESS, type: 'eoa' }] })
    expect(authUserOf({ accounts: [{ address: ADDRESS, type: 'payment' }] }, s, 'eip155:31337')).toBeUndefined()
    expect(authUserOf('nope', s, 'eip155:31337')).toBeUndefined()
  })

  it('reads an eip155 chain id given as a CAIP-2 id only (the page turns a number into one)', () => {
    expect(authUserOf({ ...USER, chainId: 31337 }, s, 'eip155:31338')).toMatchObject({ caipNetworkId: 'eip155:31338' })
  })

  it('a user whose answer names no social provider or username: the login under way’s, else the same user’s known ones, never across an email login or another user', () => {
    const user = { ...USER, email: undefined, userName: 'harbour0' }
    const social = { ...s, auth: { users: {}, social: { provider: 'github', step: 'user-data-requested' } } } as unknown as State
    expect(authUserOf(user, social, 'eip155:31337')?.socialProvider).toBe('github')
    const known = { accounts: [{ address: SMART, type: 'smartAccount' }], socialProvider: 'x', username: 'harbour-x' }
    const restored = { ...s, auth: { users: { eip155: known } } } as unknown as State
    expect(authUserOf(user, restored, 'eip155:31337')).toMatchObject({ socialProvider: 'x', username: 'harbour0' })
    expect(authUserOf({ ...user, userName: undefined }, restored, 'eip155:31337')).toMatchObject({ socialProvider: 'x', username: 'harbour-x' })
    const other = authUserOf({ address: '0x000000000000000000000000000000000000dEaD' }, restored, 'eip155:31337')
    expect([other?.socialProvider, other?.username]).toEqual([undefined, undefined])
    const emailLogin = { ...s, auth: { users: { eip155: known }, step: 'connecting' } } as unknown as State
    const byEmail = authUserOf({ ...user, userName: undefined }, emailLogin, 'eip155:31337')
    expect([byEmail?.socialProvider, byEmail?.username]).toEqual([undefined, undefined])
    // The answer's own provider wins.
    expect(authUserOf({ ...user, socialProvider: 'apple' }, social, 'eip155:31337')?.socialProvider).toBe('apple')
  })
})

describe('social login', () => {
  it('the page’s steps, then the user as the secure site has it, with its provider', async () => {
    const engine = await start(authBridge({ gangway_auth_getUser: { ...USER, email: undefined, userName: 'harbour0', socialProvider: 'discord' } }))
    await engine.dispatch({ type: 'auth/social-requested', payload: { provider: 'discord' } })
    let s = await engine.getState()
    expect([s.modal.view, s.auth.social]).toEqual(['ConnectingExternal', { provider: 'discord', step: 'started' }])
    await engine.dispatch({ type: 'auth/social-result-received', payload: { provider: 'discord' } })
    await engine.dispatch({ type: 'auth/social-connected', payload: { provider: 'discord' } })
    s = await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    // docs/behaviour.md §5: a discord name ending in 0 shows without it.
    expect(accountModel(s)).toMatchObject({ connectedWalletInfo: { name: 'harbour' }, embeddedWalletInfo: { user: { username: 'harbour0' }, authProvider: 'discord' } })
    expect(s.auth.social).toBeUndefined()
    await engine.stop()
  })

  it('a failure goes back to Connect with its message; a provider not on offer, or Farcaster, is refused', async () => {
    const engine = await start(authBridge(), { remoteFeatures: { socials: ['google', 'farcaster'] } })
    await engine.dispatch({ type: 'auth/social-requested', payload: { provider: 'google' } })
    await engine.dispatch({ type: 'auth/social-failed', payload: { provider: 'google', message: 'Popup closed' } })
    const s = await until(engine, (x) => x.snackbar.open)
    expect([s.modal.view, s.snackbar.message]).toEqual(['Connect', 'Popup closed'])
    await expect(engine.dispatch({ type: 'auth/social-requested', payload: { provider: 'github' } })).rejects.toThrow('Social login is not enabled')
    await expect(engine.dispatch({ type: 'auth/social-requested', payload: { provider: 'farcaster' } })).rejects.toThrow('Social login is not enabled')
    await engine.stop()
  })
})

describe('Farcaster login', () => {
  it('leaving ConnectingFarcaster unconnected reloads the secure site 100 ms later; the approval connects', async () => {
    const bridge = authBridge({ gangway_auth_getUser: { ...USER, email: undefined, userName: 'fc-user', socialProvider: 'farcaster' }, gangway_auth_reload: null })
    const engine = await start(bridge)
    await engine.dispatch({ type: 'auth/farcaster-requested', payload: {} })
    expect((await engine.getState()).modal.view).toBe('ConnectingFarcaster')
    await engine.dispatch({ type: 'modal/back-requested', payload: {} })
    const s = await until(engine, () => bridge.asked.length > 0)
    expect([s.modal.view, s.auth.social]).toEqual(['Connect', undefined])
    expect(bridge.asked.map((a) => a.method)).toEqual(['gangway_auth_reload'])
    await expect.poll(async () => (await typesOf(engine)).filter((t) => t === 'auth/farcaster-reset')).toHaveLength(1)
    await engine.dispatch({ type: 'auth/farcaster-requested', payload: {} })
    await engine.dispatch({ type: 'auth/social-connected', payload: { provider: 'farcaster' } })
    const done = await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    expect(accountModel(done).embeddedWalletInfo).toMatchObject({ authProvider: 'farcaster', user: { username: 'fc-user' } })
    // Connected, not left: no second reload.
    expect(bridge.asked.filter((a) => a.method === 'gangway_auth_reload')).toHaveLength(1)
    await engine.stop()
  })
})

describe('account types of an email or social login (docs/behaviour.md §6)', () => {
  const login = async (bridge: ReturnType<typeof authBridge>) => {
    const engine = await start(bridge)
    await engine.dispatch({ type: 'auth/smart-account-networks-fetched', payload: { caipNetworkIds: ['eip155:31337'] } })
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-otp')
    await engine.dispatch({ type: 'auth/otp-verified', payload: {} })
    await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    return engine
  }

  it('switches between the smart account and the eoa through the secure site; the connection keeps both accounts', async () => {
    const bridge = authBridge({ gangway_auth_setPreferredAccount: (args: ProviderRequest) => {
      const type = (args.params as [{ type: string }])[0].type
      return { type, address: type === 'eoa' ? ADDRESS : SMART }
    } })
    const engine = await login(bridge)
    let s = await engine.getState()
    expect(accountModel(s).accountTypeSwitch).toBe('eoa')
    await engine.dispatch({ type: 'account-type/switch-requested', payload: { namespace: 'eip155', accountType: 'eoa' } })
    s = await until(engine, (x) => x.accounts.eip155?.address === ADDRESS)
    expect(accountModel(s)).toMatchObject({ embeddedWalletInfo: { accountType: 'eoa' }, accountTypeSwitch: 'smartAccount' })
    expect(s.connections.eip155?.[0]?.accounts.map((a) => a.type)).toEqual(['smartAccount', 'eoa'])
    await engine.dispatch({ type: 'account-type/switch-requested', payload: { namespace: 'eip155', accountType: 'smartAccount' } })
    s = await until(engine, (x) => x.accounts.eip155?.address === SMART)
    expect(accountModel(s).embeddedWalletInfo).toMatchObject({ accountType: 'smartAccount' })
    await engine.stop()
  })

  it('the first approved send from the counterfactual smart account: deployed once its code is on chain, read from the chain', async () => {
    // The chain: no code at the smart account for the first two reads, then the Safe's.
    let reads = 0
    const chain = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[]
      const answer = (r: { id: number; method: string; params: unknown[] }) => {
        if (r.method !== 'eth_getCode') return { jsonrpc: '2.0', id: r.id, result: '0x0' }
        expect(String(r.params[0]).toLowerCase()).toBe(SMART.toLowerCase())
        return { jsonrpc: '2.0', id: r.id, result: ++reads > 2 ? '0x6080' : '0x' }
      }
      return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)), { headers: { 'content-type': 'application/json' } })
    }
    const bridge = authBridge({ gangway_auth_approve: `0x${'ab'.repeat(32)}` })
    const engine = createEngine({ mode: 'main', fetch: chain as typeof fetch, pollIntervalMs: 5 })
    await engine.start({ projectId: 'test', networks: [LOCALNET], services: { secureSite: 'https://secure.example' } }, bridge)
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-otp')
    await engine.dispatch({ type: 'auth/otp-verified', payload: {} })
    await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    // An approved send starts the reads.
    await engine.walletRequest('AUTH', { method: 'eth_sendTransaction', params: [{ from: SMART, to: ADDRESS, value: '0x1' }] })
    const s = await until(engine, (x) => x.auth.users.eip155?.smartAccountDeployed === true)
    expect(reads).toBe(3)
    expect(accountModel(s).embeddedWalletInfo).toMatchObject({ accountType: 'smartAccount', isSmartAccountDeployed: true })
    expect((await typesOf(engine)).filter((t) => t === 'auth/smart-account-deployed')).toHaveLength(1)
    // Deployed: a later send reads nothing more.
    await engine.walletRequest('AUTH', { method: 'eth_sendTransaction', params: [{ from: SMART, to: ADDRESS, value: '0x1' }] })
    await engine.exportLog()
    expect(reads).toBe(3)
    await engine.stop()
  })

  it('a smart account the secure site refuses falls back to the eoa, with the refusal shown; an answer naming another account is refused', async () => {
    const bridge = authBridge({ gangway_auth_setPreferredAccount: (args: ProviderRequest) => {
      const type = (args.params as [{ type: string }])[0].type
      if (type === 'smartAccount') throw new Error('Smart accounts are not available')
      return { type, address: ADDRESS }
    } })
    const engine = await login(bridge)
    await engine.dispatch({ type: 'account-type/switch-requested', payload: { namespace: 'eip155', accountType: 'eoa' } })
    await until(engine, (x) => x.accounts.eip155?.address === ADDRESS)
    await engine.dispatch({ type: 'account-type/switch-requested', payload: { namespace: 'eip155', accountType: 'smartAccount' } })
    const s = await until(engine, (x) => x.snackbar.open && x.accountTypes.switched.eip155 === 'eoa')
    expect([s.snackbar.message, s.accounts.eip155?.address]).toEqual(['Smart accounts are not available', ADDRESS])
    await engine.stop()

    const liar = await login(authBridge({ gangway_auth_setPreferredAccount: { type: 'eoa', address: '0x000000000000000000000000000000000000dEaD' } }))
    await liar.dispatch({ type: 'account-type/switch-requested', payload: { namespace: 'eip155', accountType: 'eoa' } })
    const refused = await until(liar, (x) => x.snackbar.open)
    expect([refused.snackbar.message, refused.accounts.eip155?.address]).toEqual(['Failed to switch account type', SMART])
    await liar.stop()
  })
})

describe('a login that ended', () => {
  it('refuses the page’s late facts: a code accepted after the modal closed, a social answer after the visitor went back', async () => {
    const engine = await start(authBridge())
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-otp')
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    await expect(engine.dispatch({ type: 'auth/otp-verified', payload: {} })).rejects.toThrow('No login under way')
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await engine.dispatch({ type: 'auth/social-requested', payload: { provider: 'google' } })
    await engine.dispatch({ type: 'modal/back-requested', payload: {} })
    await expect(engine.dispatch({ type: 'auth/social-connected', payload: { provider: 'google' } })).rejects.toThrow('No login under way')
    const s = await engine.getState()
    expect(s.connection.connectorIds.eip155).toBeUndefined()
    await engine.stop()
  })

  it('an email the secure site knows, answered after the modal closed, does not connect', async () => {
    let answer!: (v: unknown) => void
    const bridge = authBridge({ gangway_auth_connectEmail: () => new Promise((r) => (answer = r)) })
    const engine = await start(bridge)
    await submit(engine)
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    answer({ action: 'CONNECT' })
    await expect.poll(async () => (await typesOf(engine)).includes('auth/email-accepted')).toBe(true)
    expect(bridge.asked.map((a) => a.method)).toEqual(['gangway_auth_connectEmail'])
    expect((await engine.getState()).connection.connectorIds.eip155).toBeUndefined()
    await engine.stop()
  })
})

describe('UpdateEmailWallet', () => {
  it('is refused without a secure site or an email login; the change goes through the two codes to the new email', async () => {
    const bridge = authBridge({ gangway_auth_updateEmail: { action: 'VERIFY_PRIMARY_OTP' } })
    const engine = await start(bridge)
    const openUpdate = () => engine.dispatch({ type: 'modal/navigate-requested', payload: { view: 'UpdateEmailWallet' } })
    await expect(openUpdate()).rejects.toThrow('Not connected to email or social')
    await submit(engine)
    await until(engine, (x) => x.auth.step === 'verify-otp')
    await engine.dispatch({ type: 'auth/otp-verified', payload: {} })
    await until(engine, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    await openUpdate()
    await expect(engine.dispatch({ type: 'auth/email-update-requested', payload: { email: EMAIL.toUpperCase() } })).rejects.toThrow('The new email is the current one')
    await engine.dispatch({ type: 'auth/email-update-requested', payload: { email: 'new@harbour.example' } })
    await until(engine, (x) => x.auth.update?.step === 'primary-otp')
    expect(bridge.asked.at(-1)).toEqual({ method: 'gangway_auth_updateEmail', params: [{ email: 'new@harbour.example' }] })
    await engine.dispatch({ type: 'auth/email-update-failed', payload: { message: 'Invalid code' } })
    expect((await engine.getState()).auth.update).toEqual({ step: 'primary-otp', email: 'new@harbour.example', error: 'Invalid code' })
    await engine.dispatch({ type: 'auth/email-update-verified', payload: {} })
    await engine.dispatch({ type: 'auth/email-updated', payload: { namespace: 'eip155', email: 'new@harbour.example' } })
    const s = await engine.getState()
    expect([s.modal.view, s.auth.update, s.auth.users.eip155?.email]).toEqual(['Account', undefined, 'new@harbour.example'])
    await engine.stop()

    const noSite = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }) })
    await noSite.start({ projectId: 'test', networks: [LOCALNET] }, authBridge())
    await expect(noSite.dispatch({ type: 'modal/open-requested', payload: { view: 'UpdateEmailWallet', isMobile: false } })).rejects.toThrow('No auth connector found')
    await noSite.stop()
  })
})

describe('Telegram (docs/behaviour.md §4, §5)', () => {
  it('keeps the social options its platform keeps', async () => {
    const engine = await start(authBridge())
    await engine.dispatch({ type: 'page/platform-detected', payload: { telegram: true, ios: true, android: false, mac: false, iosSafari: false } })
    const s = await engine.getState()
    expect(connectModel(s).socials).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    await expect(engine.dispatch({ type: 'auth/social-requested', payload: { provider: 'google' } })).rejects.toThrow('Social login is not enabled')
    await engine.stop()
  })

  it('the provider the page left for is kept across the reload that brings the answer back; then the login ends', async () => {
    const storage = memoryLogStorage()
    const first = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }), storage: () => storage })
    await first.start({ projectId: 'test', networks: [LOCALNET], services: { secureSite: 'https://secure.example' } }, authBridge())
    await first.dispatch({ type: 'auth/social-requested', payload: { provider: 'discord' } })
    await first.dispatch({ type: 'auth/telegram-social-started', payload: { provider: 'discord' } })
    await first.stop()
    const bridge = authBridge({ gangway_auth_getUser: { ...USER, email: undefined, userName: 'harbour', socialProvider: 'discord' } })
    const back = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }), storage: () => storage })
    await back.start({ projectId: 'test', networks: [LOCALNET], services: { secureSite: 'https://secure.example' } }, bridge)
    expect(connectModel(await back.getState()).telegramProvider).toBe('discord')
    await expect(back.dispatch({ type: 'auth/social-result-received', payload: { provider: 'google' } })).rejects.toThrow('No login under way')
    await back.dispatch({ type: 'auth/social-result-received', payload: { provider: 'discord' } })
    await back.dispatch({ type: 'auth/social-connected', payload: { provider: 'discord' } })
    const s = await until(back, (x) => x.connection.connectorIds.eip155 === 'AUTH')
    expect([s.auth.telegramProvider, accountModel(s).embeddedWalletInfo?.authProvider]).toEqual([undefined, 'discord'])
    await back.stop()
  })
})
