// The social popup's answer: taken only from the popup window and the secure site's exact
// origin, as a URL on that origin; a closed popup is 'Popup closed' within one poll; a newer login cancels.
import { describe, expect, it, vi } from 'vitest'
import { socialResult } from './auth-social.js'

const ORIGIN = 'http://localhost:4455'

/** A page that delivers `message` events to its listeners, and a popup that can be closed. */
function page() {
  const listeners = new Set<(e: MessageEvent) => void>()
  return {
    win: { addEventListener: (_: string, l: (e: MessageEvent) => void) => void listeners.add(l), removeEventListener: (_: string, l: (e: MessageEvent) => void) => void listeners.delete(l) } as unknown as Window,
    popup: { closed: false },
    other: { closed: false },
    post: (data: unknown, origin: string, source: unknown) => listeners.forEach((l) => l({ data, origin, source } as MessageEvent)),
    listening: () => listeners.size,
  }
}

describe('the social popup’s answer', () => {
  it('takes the answer from the popup on the secure origin only', async () => {
    const p = page()
    const wait = socialResult(p.win, p.popup, ORIGIN)
    const good = `${ORIGIN}/social?code=soc_1&state=sos_1`
    p.post({ resultUri: good }, 'http://127.0.0.1:4455', p.popup)
    p.post({ resultUri: good }, ORIGIN, p.other)
    p.post({ resultUri: 'https://evil.example/social?code=x' }, ORIGIN, p.popup)
    p.post({ resultUri: `javascript:alert(1)` }, ORIGIN, p.popup)
    p.post({ resultUri: `${ORIGIN}/${'x'.repeat(5000)}` }, ORIGIN, p.popup)
    p.post('not an object', ORIGIN, p.popup)
    let settled = false
    void wait.result.then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    p.post({ resultUri: good }, ORIGIN, p.popup)
    await expect(wait.result).resolves.toBe(good)
    expect(p.listening()).toBe(0)
  })

  it('a popup closed before the answer is Popup closed at the next poll; cancel ends the wait with nothing', async () => {
    vi.useFakeTimers()
    try {
      const p = page()
      const wait = socialResult(p.win, p.popup, ORIGIN)
      p.popup.closed = true
      vi.advanceTimersByTime(999)
      let outcome: unknown = 'pending'
      void wait.result.then((r) => (outcome = r))
      await Promise.resolve()
      expect(outcome).toBe('pending')
      vi.advanceTimersByTime(1)
      await expect(wait.result).resolves.toEqual({ failed: 'Popup closed' })

      const q = page()
      const cancelled = socialResult(q.win, q.popup, ORIGIN)
      cancelled.cancel()
      await expect(cancelled.result).resolves.toBeUndefined()
      expect(q.listening()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
