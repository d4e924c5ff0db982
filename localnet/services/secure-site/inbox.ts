/**
 * The secure-site emulator's mail: what it "sends" to an email address (one-time codes and
 * device-approval links), kept in memory for the `/inbox` page and `GET /api/test/inbox`.
 * Demo and test tooling only.
 */

/** One mail: a one-time code (`kind: 'otp'`, `code` six digits) or a device link (`kind: 'device'`, `link` an absolute URL); `at` in ms since the epoch. */
export interface Mail {
  kind: 'otp' | 'device'
  code?: string
  link?: string
  at: number
}

/** Every address's mail, in memory. Addresses compare case-insensitively. */
export class Inbox {
  readonly #mail = new Map<string, Mail[]>()

  /** Delivers a code to `email`. */
  sendCode(email: string, code: string): void {
    this.#deliver(email, { kind: 'otp', code, at: Date.now() })
  }

  /** Delivers a device-approval link to `email`. */
  sendDeviceLink(email: string, link: string): void {
    this.#deliver(email, { kind: 'device', link, at: Date.now() })
  }

  /** The mail of `email`, newest first (copies). */
  list(email: string): Mail[] {
    return [...(this.#mail.get(email.trim().toLowerCase()) ?? [])].reverse().map((m) => ({ ...m }))
  }

  #deliver(email: string, mail: Mail): void {
    const key = email.trim().toLowerCase()
    const list = this.#mail.get(key) ?? []
    list.push(mail)
    this.#mail.set(key, list)
  }
}
