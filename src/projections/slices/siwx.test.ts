// SIWX as the engine folds it (docs/behaviour.md §4 SIWX): the sign-in asked for, its outcome, the verified sessions,
// the sign-out on disconnect; the modal's SIWXSignMessage; the guards.
import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, connected, log, started } from '../../../tests/unit/fixtures.js'
import { project } from '../state.js'
import { refusal } from '../rules/guards.js'
import { isSignedIn, siwxKey } from '../select/siwx-sessions.js'
import { connectModel } from '../view-models/connect-model.js'

const withSiwx = (signOutOnDisconnect = true) => started({ siwx: { signOutOnDisconnect } })
const needed = ['siwx/sign-in-needed', { caipAddress: CAIP_ADDRESS }] as const

describe('SIWX in the state', () => {
  it('a connect with no session opens SIWXSignMessage for the account; a failed signature stays there with its message; signed: Account', () => {
    let s = project(log(...withSiwx(), ['modal/open-requested', { isMobile: false }], ...connected, needed))
    expect(s.modal).toMatchObject({ open: true, view: 'SIWXSignMessage', history: [] })
    expect(connectModel(s).siwx).toEqual({ caipAddress: CAIP_ADDRESS, address: ADDRESS, signing: false })
    s = project(log(...withSiwx(), ...connected, needed, ['siwx/sign-requested', {}], ['siwx/sign-failed', { caipAddress: CAIP_ADDRESS, message: 'Error signing message' }]))
    expect(s.siwx).toMatchObject({ asking: CAIP_ADDRESS, signing: false, error: 'Error signing message' })
    expect(s.modal.view).toBe('SIWXSignMessage')
    s = project(log(...withSiwx(), ...connected, needed, ['siwx/sign-requested', {}], ['siwx/session-verified', { caipAddress: CAIP_ADDRESS, via: 'signature', expiresAt: 50_000 }]))
    expect(s.modal).toMatchObject({ open: true, view: 'Account' })
    expect(s.siwx.asking).toBeUndefined()
    expect(isSignedIn(s.siwx, CAIP_ADDRESS.toLowerCase(), 49_999)).toBe(true)
    expect(isSignedIn(s.siwx, CAIP_ADDRESS, 50_000)).toBe(false)
  })

  it('DataCapture follows a sign-in when the emailCapture remote feature is on and the site takes an email; completed or skipped: Account', () => {
    const signed = [needed, ['siwx/sign-requested', {}], ['siwx/session-verified', { caipAddress: CAIP_ADDRESS, via: 'signature' }]] as const
    const capture = (emailCapture: boolean, remote: boolean) => started({ siwx: { signOutOnDisconnect: true, emailCapture }, remoteFeatures: { emailCapture: remote } })
    let s = project(log(...capture(true, true), ['modal/open-requested', { isMobile: false }], ...connected, ...signed))
    expect(s.modal).toMatchObject({ open: true, view: 'DataCapture' })
    expect(refusal(s, { type: 'data-capture/completed', payload: {} })).toBeUndefined()
    expect(project(log(...capture(true, true), ['modal/open-requested', { isMobile: false }], ...connected, ...signed, ['data-capture/completed', {}])).modal.view).toBe('Account')
    expect(project(log(...capture(true, true), ['modal/open-requested', { isMobile: false }], ...connected, ...signed, ['data-capture/skipped', {}])).modal.view).toBe('Account')
    // A stored session verified while SIWXSignMessage showed is no sign-in by the visitor: Account.
    s = project(log(...capture(true, true), ['modal/open-requested', { isMobile: false }], ...connected, needed, ['siwx/session-verified', { caipAddress: CAIP_ADDRESS, via: 'stored' }]))
    expect(s.modal.view).toBe('Account')
    // Either one off: straight to Account, and DataCapture is refused.
    for (const [site, remote] of [[false, true], [true, false]] as const) {
      s = project(log(...capture(site, remote), ['modal/open-requested', { isMobile: false }], ...connected, ...signed))
      expect(s.modal.view).toBe('Account')
      expect(refusal(s, { type: 'modal/navigate-requested', payload: { view: 'DataCapture' } })).toBe('Email capture is not enabled')
      expect(refusal(s, { type: 'data-capture/completed', payload: {} })).toBe('No email capture under way')
    }
    // On, but the account is not signed in.
    s = project(log(...capture(true, true), ['modal/open-requested', { isMobile: false }], ...connected, needed))
    expect(refusal(s, { type: 'modal/navigate-requested', payload: { view: 'DataCapture' } })).toBe('No sign-in under way')
  })

  it('sessions are keyed by CAIP-10 with the EVM address in any case; another network of the same address is another session', () => {
    expect(siwxKey(CAIP_ADDRESS)).toBe(siwxKey(`eip155:31337:${ADDRESS.toLowerCase()}`))
    expect(siwxKey(CAIP_ADDRESS)).not.toBe(siwxKey(`eip155:1:${ADDRESS}`))
    expect(siwxKey('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:Abc')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:Abc')
  })

  it("the site's SIWX failing resets SIWXSignMessage to Connect; a declined sign-in closes the modal and leaves the account connected", () => {
    let s = project(log(...withSiwx(), ['modal/open-requested', { isMobile: false }], ...connected, needed, ['siwx/failed', { caipAddress: CAIP_ADDRESS, message: 'A problem occurred while trying initialize authentication' }]))
    expect(s.modal.view).toBe('Connect')
    expect(s.siwx.asking).toBeUndefined()
    s = project(log(...withSiwx(), ['modal/open-requested', { isMobile: false }], ...connected, needed, ['siwx/sign-in-declined', { caipAddress: CAIP_ADDRESS }]))
    expect(s.modal.open).toBe(false)
    expect(s.accounts.eip155?.address).toBe(ADDRESS)
  })

  it('a disconnect moves the connection’s sessions to be signed out (signOutOnDisconnect), and keeps them when the site said not to', () => {
    const verified = ['siwx/session-verified', { caipAddress: CAIP_ADDRESS, via: 'stored' }] as const
    const gone = ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }] as const
    let s = project(log(...withSiwx(), ...connected, verified, gone))
    expect(s.siwx.sessions).toEqual({})
    expect(s.siwx.signingOut).toEqual([CAIP_ADDRESS])
    s = project(log(...withSiwx(), ...connected, verified, gone, ['siwx/signed-out', { caipAddress: CAIP_ADDRESS }]))
    expect(s.siwx.signingOut).toEqual([])
    s = project(log(...withSiwx(false), ...connected, verified, gone))
    expect(s.siwx.signingOut).toEqual([])
    expect(Object.keys(s.siwx.sessions)).toEqual([siwxKey(CAIP_ADDRESS)])
  })

  it("refuses SIWX without the option ('SIWX is not enabled'), Sign in and Cancel with no sign-in asked for, and a second Sign in while one is under way", () => {
    const off = project(log(...started(), ...connected))
    expect(refusal(off, { type: 'siwx/sign-requested', payload: {} })).toBe('SIWX is not enabled')
    expect(refusal(off, { type: 'modal/open-requested', payload: { isMobile: false, view: 'SIWXSignMessage' } })).toBe('SIWX is not enabled')
    const on = project(log(...withSiwx(), ...connected))
    expect(refusal(on, { type: 'siwx/sign-requested', payload: {} })).toBe('No sign-in under way')
    expect(refusal(on, { type: 'siwx/cancel-requested', payload: {} })).toBe('No sign-in under way')
    expect(refusal(project(log(...withSiwx())), { type: 'modal/open-requested', payload: { isMobile: false, view: 'SIWXSignMessage' } })).toBe('No sign-in under way')
    // The site opens SIWXSignMessage itself: the active account is asked.
    const opened = project(log(...withSiwx(), ...connected, ['modal/open-requested', { isMobile: false, view: 'SIWXSignMessage' }]))
    expect(opened.siwx.asking).toBe(CAIP_ADDRESS)
    expect(refusal(opened, { type: 'siwx/sign-requested', payload: {} })).toBeUndefined()
    const signing = project(log(...withSiwx(), ...connected, needed, ['siwx/sign-requested', {}]))
    expect(refusal(signing, { type: 'siwx/sign-requested', payload: {} })).toBe('A sign-in is already under way')
  })
})
