/**
 * An instrument for "the wallet's deep link opens inside the tap" (mobile.test.ts, headless.test.ts):
 * an init script that records each `window.open` instead of opening anything, with whether it ran
 * inside a click's dispatch and inside a click listener's own synchronous run.
 */
import type { Page } from 'playwright-core'

/** A `window.open` call as the init script recorded it. */
export interface Open {
  url: string
  target?: string
  features?: string
  /** Between the window's capture and bubble listeners of a click: inside its dispatch. */
  inDispatch: boolean
  /** Inside a click listener's own synchronous run (not a microtask after it). */
  inListener: boolean
}

/** Records `window.open` calls (see Open) instead of opening anything; installed before the page's scripts. */
export function instrumentOpen(): void {
  const w = window as unknown as { __opens: Open[] }
  w.__opens = []
  let depth = 0
  let inListener = 0
  // Registered before any page script: the first capture listener and the first bubble listener on window.
  window.addEventListener('click', () => void depth++, true)
  window.addEventListener('click', () => void (depth = Math.max(0, depth - 1)))
  // Every click listener registered from now on runs wrapped, so a call knows it is inside one.
  const add = EventTarget.prototype.addEventListener
  const remove = EventTarget.prototype.removeEventListener
  const wrapped = new WeakMap<object, EventListener>()
  const wrap = (listener: EventListenerOrEventListenerObject): EventListener => {
    let f = wrapped.get(listener)
    if (!f) {
      f = function (this: unknown, e: Event) {
        inListener++
        try {
          return typeof listener === 'function' ? listener.call(this, e) : listener.handleEvent(e)
        } finally {
          inListener--
        }
      }
      wrapped.set(listener, f)
    }
    return f
  }
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
    return add.call(this, type, type === 'click' && listener ? wrap(listener) : listener, options)
  }
  EventTarget.prototype.removeEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
    return remove.call(this, type, (type === 'click' && listener && wrapped.get(listener)) || listener, options)
  }
  window.open = (url?: string | URL, target?: string, features?: string) => {
    w.__opens.push({ url: String(url), target, features, inDispatch: depth > 0, inListener: inListener > 0 })
    return null
  }
}

/** The `window.open` calls `instrumentOpen` recorded in `page`, in order. */
export const opens = (page: Page) => page.evaluate(() => (window as unknown as { __opens: Open[] }).__opens)
