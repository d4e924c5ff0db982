// The secure-site emulator's one-time codes (localnet/services/secure-site/email-login.ts): five wrong codes
// spend a code, with a clear message, so its million values cannot be tried through; a new code works again.
import { describe, expect, it } from 'vitest'
import { EmailLogin, MAX_OTP_ATTEMPTS, TOO_MANY_ATTEMPTS } from '../../localnet/services/secure-site/email-login.js'
import { Inbox } from '../../localnet/services/secure-site/inbox.js'
import type { FrameCall } from '../../localnet/services/secure-site/protocol.js'
import type { Session, Users } from '../../localnet/services/secure-site/users.js'

const EMAIL = 'visitor@harbour.example'

/** Users that know nobody and hand out sessions (no chain, no key: the codes are what is tested). */
function users(): Users {
  const user = { projectId: 'p1', email: EMAIL, devices: new Set<string>() }
  return {
    find: () => undefined,
    findOrCreate: async () => user,
    endSession: () => undefined,
    startSession: () => ({ token: 'sst_test', user, preferredAccountType: 'eoa' }),
  } as unknown as Users
}

const call = (name: string, payload: Record<string, unknown>): FrameCall => ({ projectId: 'p1', deviceId: 'device-0123456789abcdef', parentOrigin: 'http://127.0.0.1:5173', chainId: 'eip155:31337', name, payload })
/** A six-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('the emulator’s one-time codes', () => {
  it('four wrong codes are each "Invalid code"; the fifth spends the code: it and the right one after it are refused with the message', async () => {
    const inbox = new Inbox()
    const login = new EmailLogin(users(), inbox, 'http://localhost:4455')
    expect(login.connectEmail(call('CONNECT_EMAIL', { email: EMAIL }), undefined)).toEqual({ ok: true, payload: { action: 'VERIFY_OTP' } })
    const code = inbox.list(EMAIL)[0]!.code!
    for (let i = 1; i < MAX_OTP_ATTEMPTS; i++) expect(await login.connectOtp(call('CONNECT_OTP', { otp: wrong(code) }))).toEqual({ ok: false, message: 'Invalid code' })
    expect(await login.connectOtp(call('CONNECT_OTP', { otp: wrong(code) }))).toEqual({ ok: false, message: TOO_MANY_ATTEMPTS })
    expect(await login.connectOtp(call('CONNECT_OTP', { otp: code }))).toEqual({ ok: false, message: TOO_MANY_ATTEMPTS })

    // A new code: the count starts again, and the right code logs in after a wrong one.
    login.connectEmail(call('CONNECT_EMAIL', { email: EMAIL }), undefined)
    const fresh = inbox.list(EMAIL)[0]!.code!
    expect(await login.connectOtp(call('CONNECT_OTP', { otp: wrong(fresh) }))).toEqual({ ok: false, message: 'Invalid code' })
    expect(await login.connectOtp(call('CONNECT_OTP', { otp: fresh }))).toEqual({ ok: true, payload: {}, token: 'sst_test' })
  })

  it('the email change’s codes are limited the same way', async () => {
    const inbox = new Inbox()
    const login = new EmailLogin(users(), inbox, 'http://localhost:4455')
    const session = { token: 'sst_test', user: { projectId: 'p1', email: EMAIL }, preferredAccountType: 'eoa' } as unknown as Session
    expect(login.updateEmail(call('UPDATE_EMAIL', { email: 'new@harbour.example' }), session)).toEqual({ ok: true, payload: { action: 'VERIFY_PRIMARY_OTP' } })
    const code = inbox.list(EMAIL)[0]!.code!
    for (let i = 1; i < MAX_OTP_ATTEMPTS; i++) expect(login.primaryOtp(call('UPDATE_EMAIL_PRIMARY_OTP', { otp: wrong(code) }), session)).toEqual({ ok: false, message: 'Invalid code' })
    expect(login.primaryOtp(call('UPDATE_EMAIL_PRIMARY_OTP', { otp: wrong(code) }), session)).toEqual({ ok: false, message: TOO_MANY_ATTEMPTS })
    expect(login.primaryOtp(call('UPDATE_EMAIL_PRIMARY_OTP', { otp: code }), session)).toEqual({ ok: false, message: TOO_MANY_ATTEMPTS })
  })
})
