/** headless-auth.ts through headless.ts: email and social login over the client's auth functions (the code never dispatched, the popup started inside the call), refused without them; the SIWX sign-in settled on the connect model. */
import { signal, type Signal } from '@preact/signals-core'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConnectModel, Intent, WalletListModel } from '../../contract.js'
import { createHeadless } from './headless.js'
import type { HeadlessAuth } from './headless-auth.js'
import type { ClientSignals } from './signals.js'

const flush = () => new Promise((r) => setTimeout(r, 0))
const list: WalletListModel = { wallets: [], wcWallets: [], page: 0, count: 0, hasMore: false, isFetchingWallets: false }
const idle: ConnectModel = { rows: [], status: 'disconnected', methods: ['email', 'social', 'wallet'], legalCheckbox: false, legalAccepted: false, collapseWallets: false, branding: false, socials: ['google', 'x'] }

let calls: string[]
let intents: Intent[]
let reach: ReturnType<typeof vi.fn<() => void>>
let connect: Signal<ConnectModel>
/** What the fake engine does with each intent after recording it. */
let engine: (intent: Intent) => void

const dispatch = async (intent: Intent) => {
  intents.push(intent)
  calls.push(intent.type)
  engine(intent)
}

async function headless(auth?: HeadlessAuth) {
  return createHeadless({
    engine: { subscribe: ((_: string, cb: (v: WalletListModel) => void) => (cb(list), Promise.resolve(1))) as never, subscribeEvents: () => Promise.resolve(2), dispatch },
    signals: { connect } as unknown as ClientSignals,
    dispatch,
    api: { switchNetwork: async () => undefined },
    reach,
    ...(auth ? { auth } : {}),
  })
}

beforeEach(() => {
  calls = []
  intents = []
  reach = vi.fn<() => void>()
  connect = signal(idle)
  engine = () => undefined
})

describe('the headless email and social login', () => {
  it('refuses every login without the client’s auth functions, and says so in the login state', async () => {
    const h = await headless()
    await expect(h.connectEmail('visitor@example.com')).rejects.toMatchObject({ name: 'GangwayError', message: 'Email and social login are not enabled' })
    await expect(h.submitEmailOtp('123456')).rejects.toThrow('Email and social login are not enabled')
    await expect(h.connectSocial('google')).rejects.toThrow('Email and social login are not enabled')
    expect(calls).toEqual([])
    expect(h.getLogin()).toEqual({ enabled: false, methods: idle.methods, socials: idle.socials })
  })

  it('sends the email and resolves with the step the secure site answered, not taking an earlier refusal for it', async () => {
    connect.value = { ...idle, emailLogin: { email: 'old@example.com', error: 'Invalid email' } }
    engine = (intent) => {
      if (intent.type !== 'auth/email-submitted') return
      connect.value = { ...idle, emailLogin: { step: 'sending', email: intent.payload.email } }
      setTimeout(() => (connect.value = { ...idle, emailLogin: { step: 'verify-otp', email: 'visitor@example.com', resendAt: 30_000 } }))
    }
    const h = await headless({ submitOtp: vi.fn(), startSocial: vi.fn() })
    await expect(h.connectEmail('visitor@example.com')).resolves.toBe('verify-otp')
    expect(reach).toHaveBeenCalledTimes(1)
    engine = (intent) => {
      if (intent.type !== 'auth/email-submitted') return
      connect.value = { ...idle, emailLogin: { step: 'sending', email: intent.payload.email } }
      setTimeout(() => (connect.value = { ...idle, emailLogin: { email: 'visitor@example.com', error: 'Too many requests' } }))
    }
    await expect(h.connectEmail('visitor@example.com')).rejects.toMatchObject({ message: 'Too many requests', category: 'API_ERROR' })
  })

  it('hands the code to the client’s submitOtp and never puts it in an intent', async () => {
    const submitOtp = vi.fn(async (_: string) => undefined)
    const h = await headless({ submitOtp, startSocial: vi.fn() })
    const login: unknown[] = []
    h.subscribeLogin((v) => login.push(v))
    await h.submitEmailOtp('493817')
    expect(submitOtp).toHaveBeenCalledWith('493817')
    expect(JSON.stringify(intents)).not.toContain('493817')
    connect.value = { ...idle, emailLogin: { step: 'verify-otp', email: 'visitor@example.com', error: 'Invalid code' } }
    // Another field of the connect model: no call.
    connect.value = { ...connect.value, status: 'connecting' }
    expect(login).toEqual([{ enabled: true, methods: idle.methods, socials: idle.socials, emailLogin: { step: 'verify-otp', email: 'visitor@example.com', error: 'Invalid code' } }])
  })

  it('starts the social login synchronously inside the call, and settles when the account is connecting or the login failed', async () => {
    const startSocial = vi.fn(async (provider: string) => {
      connect.value = { ...idle, socialLogin: { provider: provider as 'google', step: 'started' } }
    })
    const h = await headless({ submitOtp: vi.fn(), startSocial })
    const connected = h.connectSocial('google')
    // Nothing awaited before it: the popup opens inside the visitor's click.
    expect(startSocial).toHaveBeenCalledWith('google')
    expect(reach).toHaveBeenCalledTimes(1)
    await flush()
    connect.value = { ...idle, socialLogin: { provider: 'google', step: 'user-data-requested' } }
    connect.value = { ...idle, socialLogin: { provider: 'google', step: 'connecting' } }
    await expect(connected).resolves.toBeUndefined()

    const failed = h.connectSocial('x')
    await flush()
    connect.value = { ...idle, socialLogin: { provider: 'x', step: 'started', error: 'Popup closed' } }
    await expect(failed).rejects.toMatchObject({ message: 'Popup closed' })
  })

  it('rejects with the engine’s refusal of the social login', async () => {
    const h = await headless({ submitOtp: vi.fn(), startSocial: () => Promise.reject(new Error('Social login is not enabled')) })
    await expect(h.connectSocial('google')).rejects.toThrow('Social login is not enabled')
  })
})

describe('the headless sign-in', () => {
  const asked = { caipAddress: 'eip155:1:0xabc', address: '0xabc', signing: false }

  it('reads the sign-in asked for, signs, and resolves once it ended; rejects with the wallet’s failure', async () => {
    connect.value = { ...idle, siwx: { ...asked, error: 'Error signing message' } }
    const h = await headless()
    expect(h.getSignIn()).toEqual({ ...asked, error: 'Error signing message' })
    const seen: unknown[] = []
    h.subscribeSignIn((v) => seen.push(v))
    engine = (intent) => {
      if (intent.type !== 'siwx/sign-requested') return
      connect.value = { ...idle, siwx: { ...asked, signing: true } }
      setTimeout(() => (connect.value = idle))
    }
    await expect(h.signIn()).resolves.toBeUndefined()
    expect(seen).toEqual([{ ...asked, signing: true }, undefined])

    connect.value = { ...idle, siwx: asked }
    engine = (intent) => {
      if (intent.type !== 'siwx/sign-requested') return
      connect.value = { ...idle, siwx: { ...asked, signing: true } }
      setTimeout(() => (connect.value = { ...idle, siwx: { ...asked, error: 'Error signing message' } }))
    }
    await expect(h.signIn()).rejects.toMatchObject({ message: 'Error signing message', category: 'API_ERROR' })
    await h.cancelSignIn()
    expect(calls.at(-1)).toBe('siwx/cancel-requested')
  })
})
