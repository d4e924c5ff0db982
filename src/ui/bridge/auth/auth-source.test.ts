// The auth source over a stand-in adapter (events/auth-adapter.ts): each connector call is one
// adapter step, the answers are taken as untrusted (only the user's known fields, chain ids and
// links checked), a provider that did not start is told the engine once and started again at the
// next use, and a call left waiting for the visitor's approval is the visitor's refusal when the
// visitor leaves it.
import { describe, expect, it } from 'vitest'
import type { Intent } from '../../../contract.js'
import type { AuthAdapter, AuthCall } from '../../../events/auth-adapter.js'
import { UserRejectedError } from '../../../events/kernel/errors.js'
import { settle } from '../../../../tests/unit/virtual-time.js'
import { createAuthSource } from './auth-source.js'

const ORIGIN = 'https://secure.example'
const EOA = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SAFE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A stand-in adapter whose steps answer from `answers` (a function or a value), recording each step with its arguments. */
function adapter(answers: Partial<Record<keyof AuthAdapter, unknown>> = {}) {
  const steps: [string, ...unknown[]][] = []
  const step =
    (name: keyof AuthAdapter) =>
    async (...args: unknown[]) => {
      steps.push([name, ...args])
      const answer = answers[name]
      return typeof answer === 'function' ? (answer as (...a: unknown[]) => unknown)(...args) : answer
    }
  const names: (keyof AuthAdapter)[] = ['init', 'connectEmail', 'connectDevice', 'connectOtp', 'isConnected', 'getUser', 'getChainId', 'switchNetwork', 'setPreferredAccount', 'getSmartAccountEnabledNetworks', 'getSocialRedirectUri', 'connectSocial', 'getFarcasterUri', 'connectFarcaster', 'updateEmail', 'updateEmailPrimaryOtp', 'updateEmailSecondaryOtp', 'reload', 'signOut', 'request']
  const a = Object.fromEntries(names.map((n) => [n, step(n)])) as unknown as AuthAdapter
  Object.assign(a, { origin: ORIGIN, abortRequests: () => void steps.push(['abortRequests']), frame: () => undefined, close: () => void steps.push(['close']) })
  return { adapter: a, steps, names: () => steps.map((s) => s[0]) }
}

function source(a: AuthAdapter) {
  const told: Intent[] = []
  const s = createAuthSource({ adapter: a, projectId: 'p1', network: () => 'eip155:31337', dispatch: (intent) => void told.push(intent) })
  return { s, told }
}

describe('the auth source over an adapter', () => {
  it('restores: eth_accounts asks isConnected first, then the user (the preferred type’s address first); without a session, no accounts and no user asked', async () => {
    const user = { email: 'a@example.com', address: SAFE, chainId: 'eip155:31337', preferredAccountType: 'smartAccount', accounts: [{ address: EOA, type: 'eoa' }, { address: SAFE, type: 'smartAccount' }], token: 'secret-session' }
    const a = adapter({ isConnected: true, getUser: user, getSmartAccountEnabledNetworks: [31337, -1, 'x'] })
    const { s, told } = source(a.adapter)
    expect(await s.request('AUTH', { method: 'eth_accounts' })).toEqual([SAFE, EOA])
    expect(a.names()).toEqual(['init', 'isConnected', 'getSmartAccountEnabledNetworks', 'getUser'])
    expect(a.steps.find((x) => x[0] === 'getUser')).toEqual(['getUser', {}])
    // The user's known fields only: no token goes to the engine.
    expect(await s.request('AUTH', { method: 'gangway_auth_getUser', params: [{ caipNetworkId: 'eip155:31338', preferredAccountType: 'eoa' }] })).toEqual({ email: 'a@example.com', address: SAFE, chainId: 'eip155:31337', preferredAccountType: 'smartAccount', accounts: user.accounts })
    expect(a.steps.at(-1)).toEqual(['getUser', { caipNetworkId: 'eip155:31338', preferredAccountType: 'eoa' }])
    await settle()
    expect(told).toEqual([{ type: 'auth/smart-account-networks-fetched', payload: { caipNetworkIds: ['eip155:31337'] } }])

    const none = adapter({ isConnected: false })
    expect(await source(none.adapter).s.request('AUTH', { method: 'eth_accounts' })).toEqual([])
    expect(none.names()).toEqual(['init', 'isConnected'])
  })

  it('takes a chain id as CAIP-2 or a number, and refuses anything else with the secure site’s error', async () => {
    for (const [answer, hex] of [['eip155:31338', '0x7a6a'], [31337, '0x7a69'], ['31337', '0x7a69']] as const) expect(await source(adapter({ getChainId: answer }).adapter).s.request('AUTH', { method: 'eth_chainId' })).toBe(hex)
    for (const bad of ['solana:abc', 'bip122:123', 'eip155:', -1, 1.5, null, { chainId: 1 }]) await expect(source(adapter({ getChainId: bad }).adapter).s.request('AUTH', { method: 'eth_chainId' })).rejects.toThrow('Invalid chain id from the secure site')
  })

  it('a provider that did not start is told the engine (its message cut to 256 characters), and started again at the next use', async () => {
    let tries = 0
    const a = adapter({ init: () => (++tries === 1 ? Promise.reject(new Error(`The secure site did not load${'!'.repeat(300)}`)) : undefined), isConnected: false })
    const { s, told } = source(a.adapter)
    // Started ahead of use, as the core does in idle time: the failure is told, nothing is left unhandled.
    s.start()
    await settle()
    expect(told).toEqual([{ type: 'auth/frame-failed', payload: { message: `The secure site did not load${'!'.repeat(228)}` } }])
    told.length = 0
    tries = 0
    await expect(s.request('AUTH', { method: 'eth_accounts' })).rejects.toThrow('The secure site did not load')
    await settle()
    expect(told).toEqual([{ type: 'auth/frame-failed', payload: { message: `The secure site did not load${'!'.repeat(228)}` } }])
    expect(await s.request('AUTH', { method: 'eth_accounts' })).toEqual([])
    expect(a.names()).toEqual(['init', 'init', 'init', 'isConnected'])
  })

  it('the site’s calls go to the provider on the call’s network; one waiting for approval is the visitor’s refusal (4001) when the visitor leaves, and the provider drops it', async () => {
    let approve!: (v: unknown) => void
    const a = adapter({ request: (call: AuthCall) => (call.method === 'personal_sign' ? new Promise((r) => (approve = r)) : '0x1') })
    const { s } = source(a.adapter)
    expect(await s.request('AUTH', { method: 'gangway_auth_rpc', params: [{ method: 'eth_getBalance', params: [EOA, 'latest'], caipNetworkId: 'eip155:31338' }] })).toBe('0x1')
    expect(a.steps.at(-1)).toEqual(['request', { method: 'eth_getBalance', params: [EOA, 'latest'], caipNetworkId: 'eip155:31338' }, 120_000])
    const signing = s.request('AUTH', { method: 'gangway_auth_approve', params: [{ method: 'personal_sign', params: ['0x00', EOA] }] })
    await settle()
    expect(a.steps.at(-1)).toEqual(['request', { method: 'personal_sign', params: ['0x00', EOA], caipNetworkId: 'eip155:31337' }, 30 * 60_000])
    s.abortApprovals()
    await expect(signing).rejects.toBeInstanceOf(UserRejectedError)
    expect(a.names().at(-1)).toBe('abortRequests')
    // A late answer changes nothing; with nothing waiting, leaving asks the provider nothing.
    approve('0xsig')
    s.abortApprovals()
    expect(a.names().filter((n) => n === 'abortRequests')).toHaveLength(1)
  })

  it('the code goes to the provider and only its outcome to the engine; a code of another format is refused before the provider is asked', async () => {
    const a = adapter({ connectOtp: (otp: string) => (otp === '123456' ? undefined : Promise.reject(new Error('Invalid code'))), })
    const { s, told } = source(a.adapter)
    await s.submitOtp('654321')
    await s.submitOtp('123456')
    await settle()
    expect(told).toEqual([
      { type: 'auth/otp-failed', payload: { message: 'Invalid code' } },
      { type: 'auth/otp-verified', payload: {} },
    ])
    expect(JSON.stringify(told)).not.toContain('123456')
    await expect(s.submitOtp('12345')).rejects.toThrow('Invalid code')
    expect(a.names().filter((n) => n === 'connectOtp')).toHaveLength(2)
  })
})
