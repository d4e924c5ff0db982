/** open-wallet.ts: where a deep link opens, what is remembered, and when a tap opens one. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Intent, PairingUri } from '../../contract.js'
import { checkedWalletLink, openOnTap, openWallet, wasOpened } from './open-wallet.js'

/** What the page did, in order: navigations and dispatches. */
let calls: string[]
let coarse: boolean
const dispatch = vi.fn((intent: Intent) => (calls.push(`dispatch ${intent.type} ${JSON.stringify(intent.payload)}`), Promise.resolve()))

beforeEach(() => {
  calls = []
  coarse = true
  dispatch.mockClear()
  const location = {
    set href(v: string) {
      calls.push(`location ${v}`)
    },
  }
  vi.stubGlobal('window', { open: (...args: unknown[]) => (calls.push(`open ${args.join(' ')}`), null), location })
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(pointer: coarse)' && coarse }))
})
afterEach(() => vi.unstubAllGlobals())

/** A pairing (topics differ per test: the module remembers opened pairings for the page session). */
const pairing = (topic: string, expiresAt = Math.floor(Date.now() / 1000) + 240): PairingUri => ({ uri: `wc:${topic}@2?relay-protocol=irn&symKey=ab`, pairingTopic: topic, expiresAt })
const encoded = (p: PairingUri) => encodeURIComponent(p.uri)

describe('openWallet', () => {
  it('opens an https link in a new tab, then records the deep link choice, and remembers the pairing for that link', () => {
    const p = pairing('t-https')
    expect(openWallet(dispatch, 'Harbor Wallet', 'https://harbor.example/app', p)).toBe(true)
    expect(calls).toEqual([
      `open https://harbor.example/app/wc?uri=${encoded(p)} _blank noreferrer,noopener`,
      `dispatch walletconnect/deep-link-opened {"name":"Harbor Wallet","href":"https://harbor.example/app"}`,
    ])
    expect(wasOpened(p, 'https://harbor.example/app')).toBe(true)
    // Another wallet on the same pairing has not been opened.
    expect(wasOpened(p, 'amber://')).toBe(false)
  })

  it('opens a custom scheme in this tab; an unnamed wallet is recorded as WalletConnect', () => {
    const p = pairing('t-scheme')
    expect(openWallet(dispatch, undefined, 'harborwallet://', p)).toBe(true)
    expect(calls).toEqual([`location harborwallet://wc?uri=${encoded(p)}`, `dispatch walletconnect/deep-link-opened {"name":"WalletConnect","href":"harborwallet://"}`])
  })

  it('opens nothing, records nothing and remembers nothing for a link the validator refuses', () => {
    const p = pairing('t-refused')
    for (const link of ['javascript:alert(1)', 'HTTP://127.0.0.2:9/steal', 'data:text/html,x']) {
      expect(openWallet(dispatch, 'Evil', link, p)).toBe(false)
      expect(wasOpened(p, link)).toBe(false)
    }
    expect(calls).toEqual([])
  })
})

describe('checkedWalletLink', () => {
  it('is a listing’s link when the validator accepts it, else undefined', () => {
    expect(checkedWalletLink('harborwallet://')).toBe('harborwallet://')
    expect(checkedWalletLink('javascript:alert(1)')).toBeUndefined()
    expect(checkedWalletLink(undefined)).toBeUndefined()
  })
})

describe('openOnTap', () => {
  const wallet = { id: 'harbor', name: 'Harbor Wallet', mobileLink: 'https://harbor.example/app' }

  it('on a mobile device with a fresh pairing and no connect pending, opens the wallet before returning', () => {
    const p = pairing('t-tap')
    expect(openOnTap(dispatch, wallet, p, false)).toBe(true)
    expect(calls[0]).toBe(`open https://harbor.example/app/wc?uri=${encoded(p)} _blank noreferrer,noopener`)
    expect(wasOpened(p, wallet.mobileLink)).toBe(true)
  })

  it('does nothing without a mobile device, a pairing, a mobile link the validator accepts, or with a connect pending or a pairing about to expire', () => {
    const now = Math.floor(Date.now() / 1000)
    coarse = false
    expect(openOnTap(dispatch, wallet, pairing('t-desktop'), false)).toBe(false)
    coarse = true
    expect(openOnTap(dispatch, wallet, undefined, false)).toBe(false)
    expect(openOnTap(dispatch, { id: 'x', name: 'X' }, pairing('t-nolink'), false)).toBe(false)
    expect(openOnTap(dispatch, { id: 'x', name: 'Evil', mobileLink: 'javascript:alert(1)' }, pairing('t-evil'), false)).toBe(false)
    expect(openOnTap(dispatch, undefined, pairing('t-nowallet'), false)).toBe(false)
    expect(openOnTap(dispatch, wallet, pairing('t-pending'), true)).toBe(false)
    // docs/behaviour.md §5: 10 s or less left counts as expired (the engine is replacing it).
    expect(openOnTap(dispatch, wallet, pairing('t-expiring', now + 10), false)).toBe(false)
    expect(calls).toEqual([])
    expect(openOnTap(dispatch, wallet, pairing('t-fresh', now + 30), false)).toBe(true)
  })
})
