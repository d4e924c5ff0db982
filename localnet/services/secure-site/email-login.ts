/**
 * The secure-site emulator's email flows, per projectId and device id:
 * - CONNECT_EMAIL `{ email }` → `{ action }`: a new email → VERIFY_OTP and a code mailed; a known
 *   email on a device it never saw → VERIFY_DEVICE and a device link mailed (`/device?token=…`); a
 *   known email on a known device → VERIFY_OTP and a code mailed, unless the frame holds a live
 *   session for that very email → CONNECT.
 * - CONNECT_DEVICE → `{}` once the link was opened (a long poll: `retry` every LONG_POLL_MS); opening
 *   the link makes the device known and mails a code.
 * - CONNECT_OTP `{ otp }` → `{}` and a new session; a wrong or expired code → 'Invalid code'; the
 *   fifth wrong code spends the code: that answer and every later one is 'Too many wrong codes: ask
 *   for a new code' (the right code included) until CONNECT_EMAIL mails a new one.
 * - UPDATE_EMAIL `{ email }` → `{ action: 'VERIFY_PRIMARY_OTP' }` and a code to the old address;
 *   UPDATE_EMAIL_PRIMARY_OTP `{ otp }` → `{}` and a code to the new one;
 *   UPDATE_EMAIL_SECONDARY_OTP `{ otp }` → `{ newEmail }`.
 * Codes live CODE_TTL_MS and take MAX_OTP_ATTEMPTS wrong tries (the email change's codes too);
 * device links are single use. Nothing here is printed.
 * Demo and test tooling only.
 */
import type { Inbox } from './inbox.js'
import { createLatch, openedWithin, type Latch } from './latch.js'
import type { FrameAnswer, FrameCall } from './protocol.js'
import { randomOtp, randomToken, sameSecret, TOKEN_PREFIX } from './secrets.js'
import type { Session, Users } from './users.js'

/** How long a mailed code is valid, in ms. */
const CODE_TTL_MS = 10 * 60_000
/** How long one turn of a long poll is held, in ms. */
export const LONG_POLL_MS = 20_000
/** The longest email taken (RFC 5321's path limit). */
const MAX_EMAIL = 254
/** How many wrong codes spend a mailed code: the fifth wrong one does. */
export const MAX_OTP_ATTEMPTS = 5
/** The answer to the wrong code that spends a code, and to every code typed for it after. */
export const TOO_MANY_ATTEMPTS = 'Too many wrong codes: ask for a new code'

/** A plausible email address, trimmed; undefined when it is not one. */
export function parseEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const email = value.trim()
  return email.length <= MAX_EMAIL && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined
}

/** A mailed code: its digits, its end (ms since the epoch), and the wrong codes typed for it so far. */
interface Code {
  value: string
  expiresAt: number
  wrong: number
}

interface PendingLogin {
  email: string
  deviceId: string
  projectId: string
  /** Set while a code waits to be typed. */
  code?: Code
  /** Set on the device path: opens when the link is opened. */
  device?: { token: string; approved: Latch }
}

interface PendingUpdate {
  newEmail: string
  stage: 'primary' | 'secondary'
  code: Code
}

const newCode = (): Code => ({ value: randomOtp(), expiresAt: Date.now() + CODE_TTL_MS, wrong: 0 })
const invalidCode: FrameAnswer = { ok: false, message: 'Invalid code' }
const tooMany: FrameAnswer = { ok: false, message: TOO_MANY_ATTEMPTS }

/**
 * Checks `given` against `code` and counts a wrong one.
 * @returns undefined when it is the code, in time and not spent; else the refusal: 'Invalid code'
 *   (none mailed, expired, wrong), or TOO_MANY_ATTEMPTS for the wrong code that spends it and any
 *   code typed after.
 */
export function checkCode(given: unknown, code: Code | undefined): FrameAnswer | undefined {
  if (!code) return invalidCode
  if (code.wrong >= MAX_OTP_ATTEMPTS) return tooMany
  if (Date.now() < code.expiresAt && sameSecret(given, code.value)) return undefined
  code.wrong++
  return code.wrong >= MAX_OTP_ATTEMPTS ? tooMany : invalidCode
}

/** The email flows' state, in memory. */
export class EmailLogin {
  /** The pending login of each project and device. */
  readonly #pending = new Map<string, PendingLogin>()
  /** Open device links by token. */
  readonly #links = new Map<string, PendingLogin>()
  /** Pending email changes by session token. */
  readonly #updates = new Map<string, PendingUpdate>()

  constructor(
    private readonly users: Users,
    private readonly inbox: Inbox,
    /** The site's origin, for the device links. */
    private readonly origin: string,
  ) {}

  /** CONNECT_EMAIL. */
  connectEmail(call: FrameCall, session: Session | undefined): FrameAnswer {
    const email = parseEmail(call.payload.email)
    if (!email) return { ok: false, message: 'Invalid email' }
    const key = `${call.projectId}\0${call.deviceId}`
    this.#drop(key)
    if (session?.user.email?.toLowerCase() === email.toLowerCase()) return { ok: true, payload: { action: 'CONNECT' } }
    const user = this.users.find(call.projectId, { email })
    const pending: PendingLogin = { email, deviceId: call.deviceId, projectId: call.projectId }
    this.#pending.set(key, pending)
    if (user && !user.devices.has(call.deviceId)) {
      pending.device = { token: randomToken(TOKEN_PREFIX.device), approved: createLatch() }
      this.#links.set(pending.device.token, pending)
      this.inbox.sendDeviceLink(email, `${this.origin}/device?token=${pending.device.token}`)
      return { ok: true, payload: { action: 'VERIFY_DEVICE' } }
    }
    pending.code = newCode()
    this.inbox.sendCode(email, pending.code.value)
    return { ok: true, payload: { action: 'VERIFY_OTP' } }
  }

  /** CONNECT_DEVICE: answers once the device link was opened, or `retry` after LONG_POLL_MS. */
  async connectDevice(call: FrameCall): Promise<FrameAnswer> {
    const pending = this.#pending.get(`${call.projectId}\0${call.deviceId}`)
    if (!pending?.device) return { ok: false, message: 'No device verification pending' }
    return (await openedWithin(pending.device.approved, LONG_POLL_MS)) ? { ok: true, payload: {} } : { ok: true, retry: true }
  }

  /** Opens a device link: the device becomes known to the user and a code is mailed. Returns false for an unknown or used link. */
  approveDevice(token: string): boolean {
    const pending = this.#links.get(token)
    if (!pending?.device) return false
    this.#links.delete(token)
    this.users.find(pending.projectId, { email: pending.email })?.devices.add(pending.deviceId)
    pending.code = newCode()
    this.inbox.sendCode(pending.email, pending.code.value)
    pending.device.approved.open()
    return true
  }

  /** CONNECT_OTP: a new session (the frame's previous one ends) or 'Invalid code'. */
  async connectOtp(call: FrameCall): Promise<FrameAnswer> {
    const key = `${call.projectId}\0${call.deviceId}`
    const pending = this.#pending.get(key)
    const refused = checkCode(call.payload.otp, pending?.code)
    if (refused) return refused
    this.#drop(key)
    const user = await this.users.findOrCreate(call.projectId, { email: pending!.email })
    user.devices.add(call.deviceId)
    this.users.endSession(call.token)
    return { ok: true, payload: {}, token: this.users.startSession(user).token }
  }

  /** UPDATE_EMAIL: a code to the current address. */
  updateEmail(call: FrameCall, session: Session | undefined): FrameAnswer {
    if (!session) return { ok: false, message: 'Not logged in' }
    if (!session.user.email) return { ok: false, message: 'Not an email login' }
    const newEmail = parseEmail(call.payload.email)
    if (!newEmail) return { ok: false, message: 'Invalid email' }
    if (newEmail.toLowerCase() === session.user.email.toLowerCase()) return { ok: false, message: 'Email unchanged' }
    if (this.users.find(session.user.projectId, { email: newEmail })) return { ok: false, message: 'Email already in use' }
    const update: PendingUpdate = { newEmail, stage: 'primary', code: newCode() }
    this.#updates.set(session.token, update)
    this.inbox.sendCode(session.user.email, update.code.value)
    return { ok: true, payload: { action: 'VERIFY_PRIMARY_OTP' } }
  }

  /** UPDATE_EMAIL_PRIMARY_OTP: the old address's code; a code to the new address. */
  primaryOtp(call: FrameCall, session: Session | undefined): FrameAnswer {
    const update = session && this.#updates.get(session.token)
    if (!update || update.stage !== 'primary') return invalidCode
    const refused = checkCode(call.payload.otp, update.code)
    if (refused) return refused
    update.stage = 'secondary'
    update.code = newCode()
    this.inbox.sendCode(update.newEmail, update.code.value)
    return { ok: true, payload: {} }
  }

  /** UPDATE_EMAIL_SECONDARY_OTP: the new address's code; the user's email changes. */
  secondaryOtp(call: FrameCall, session: Session | undefined): FrameAnswer {
    const update = session && this.#updates.get(session.token)
    if (!session || !update || update.stage !== 'secondary') return invalidCode
    const refused = checkCode(call.payload.otp, update.code)
    if (refused) return refused
    this.#updates.delete(session.token)
    try {
      this.users.changeEmail(session.user, update.newEmail)
    } catch (error) {
      return { ok: false, message: (error as Error).message }
    }
    return { ok: true, payload: { newEmail: update.newEmail } }
  }

  /** Forgets a device's pending login and its link. */
  #drop(key: string): void {
    const old = this.#pending.get(key)
    if (old?.device) this.#links.delete(old.device.token)
    this.#pending.delete(key)
  }
}
