// The secure site's channel: correlation by random id, the READY and request timeouts,
// and the trust boundary: exact origin and source window, exact targetOrigin.
import { describe, expect, it } from 'vitest'
import { createSecureFrameTransport, FRAME_READY_TIMEOUT_MS, type FrameMessageEvent } from './frame-transport.js'

const ORIGIN = 'http://localhost:4455'

/** A page with one frame, hand-driven timers and a record of what was posted and ignored. */
function harness(readyTimeoutMs?: number) {
  const posted: { message: { type: string; id: string; payload?: unknown }; targetOrigin: string }[] = []
  const frame = { postMessage: (message: unknown, targetOrigin: string) => void posted.push({ message: message as never, targetOrigin }) }
  const other = { postMessage: () => undefined }
  let handler!: (e: FrameMessageEvent) => void
  let listening = false
  const timers: { fn: () => void; at: number; live: boolean }[] = []
  let now = 0
  const ignored: string[] = []
  let seed = 0
  const t = createSecureFrameTransport({
    origin: ORIGIN,
    frame: () => frame,
    listen: (h) => ((handler = h), (listening = true), () => void (listening = false)),
    // Distinct bytes per call (a stand-in for crypto.getRandomValues).
    randomBytes: () => Uint8Array.from({ length: 16 }, (_, i) => (++seed * 7 + i) & 0xff),
    setTimer: (fn, ms) => {
      const timer = { fn, at: now + ms, live: true }
      timers.push(timer)
      return timer
    },
    clearTimer: (h) => void ((h as { live: boolean }).live = false),
    ...(readyTimeoutMs !== undefined ? { readyTimeoutMs } : {}),
    onIgnored: (reason) => void ignored.push(reason),
  })
  const advance = (ms: number) => {
    now += ms
    for (const timer of timers) if (timer.live && timer.at <= now) ((timer.live = false), timer.fn())
  }
  const send = (data: unknown, origin = ORIGIN, source: unknown = frame) => handler({ origin, source, data })
  const flush = () => new Promise((r) => setTimeout(r, 0))
  return { t, posted, frame, other, send, advance, ignored, flush, listening: () => listening }
}

describe('the secure site channel', () => {
  it('waits for READY, posts with the exact origin and a 128-bit id, and answers each request by its id', async () => {
    const h = harness()
    const first = h.t.request('CONNECT_EMAIL', { email: 'a@b.co' })
    const second = h.t.request('GET_USER')
    await h.flush()
    expect(h.posted).toEqual([])
    h.send({ type: '@w3m-frame/READY', payload: { version: '4' } })
    await h.t.ready
    await h.flush()
    expect(h.posted.map((p) => [p.message.type, p.targetOrigin])).toEqual([['@w3m-app/CONNECT_EMAIL', ORIGIN], ['@w3m-app/GET_USER', ORIGIN]])
    const [a, b] = h.posted.map((p) => p.message.id)
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(a).not.toBe(b)
    expect(h.posted[0]!.message.payload).toEqual({ email: 'a@b.co' })
    // Answers in any order, matched by id; an error carries the frame's message.
    h.send({ type: '@w3m-frame/GET_USER_SUCCESS', id: b, payload: { address: '0x1' } })
    h.send({ type: '@w3m-frame/CONNECT_EMAIL_ERROR', id: a, payload: { message: 'Invalid email' } })
    await expect(second).resolves.toEqual({ address: '0x1' })
    await expect(first).rejects.toMatchObject({ message: 'Invalid email', category: 'SECURE_SITE_ERROR' })
  })

  it('ignores a message from another origin, another window of the same origin, of another shape, or answering no request', async () => {
    const h = harness()
    h.send({ type: '@w3m-frame/READY' })
    await h.t.ready
    const asked = h.t.request('CONNECT_OTP', { otp: '123456' })
    await h.flush()
    const id = h.posted[0]!.message.id
    h.send({ type: '@w3m-frame/CONNECT_OTP_SUCCESS', id }, 'http://127.0.0.1:4455')
    h.send({ type: '@w3m-frame/CONNECT_OTP_SUCCESS', id }, 'http://localhost:4455.evil.example')
    h.send({ type: '@w3m-frame/CONNECT_OTP_SUCCESS', id }, ORIGIN, h.other)
    h.send({ type: '@w3m-frame/CONNECT_OTP_SUCCESS', id: 'f'.repeat(32) })
    h.send({ type: '@w3m-frame/GET_USER_SUCCESS', id })
    h.send('@w3m-frame/CONNECT_OTP_SUCCESS')
    h.send(null)
    expect(h.ignored).toHaveLength(7)
    let settled = false
    void asked.then(() => (settled = true), () => (settled = true))
    await h.flush()
    expect(settled).toBe(false)
    h.send({ type: '@w3m-frame/CONNECT_OTP_SUCCESS', id })
    await expect(asked).resolves.toBeUndefined()
    // A second answer to the same id is one to no request.
    h.send({ type: '@w3m-frame/CONNECT_OTP_SUCCESS', id })
    expect(h.ignored).toHaveLength(8)
  })

  it('a frame silent for 20 s has failed to load; a request without an answer in time fails; close rejects what is pending', async () => {
    const silent = harness()
    const waiting = silent.t.request('GET_USER')
    silent.advance(FRAME_READY_TIMEOUT_MS - 1)
    await silent.flush()
    silent.advance(1)
    await expect(silent.t.ready).rejects.toMatchObject({ message: 'The secure site did not load', category: 'SECURE_SITE_ERROR' })
    await expect(waiting).rejects.toThrow('The secure site did not load')

    const h = harness()
    h.send({ type: '@w3m-frame/READY' })
    const slow = h.t.request('CONNECT_SOCIAL', { uri: 'x' }, 1000)
    await h.flush()
    h.advance(1000)
    await expect(slow).rejects.toThrow('The secure site did not answer')
    const left = h.t.request('GET_FARCASTER_URI')
    await h.flush()
    h.t.close()
    await expect(left).rejects.toThrow('The secure site is closed')
    expect(h.listening()).toBe(false)
    await expect(h.t.request('GET_USER')).rejects.toThrow('The secure site is closed')
  })
})
