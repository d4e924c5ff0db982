// The auth source's social logins against a stand-in secure site (login CSRF): the Telegram path leaves
// with the provider page's state kept in the tab and comes back redeeming only that login's answer, in
// time; another login's answer, a late one or one no login here started is never sent to the secure
// site and the engine hears auth/social-return-refused; the popup path refuses another login's answer.
// The state never reaches the engine.
import { describe, expect, it } from 'vitest'
import type { Intent } from '../../../contract.js'
import { SOCIAL_RETURN_REFUSED } from '../../../events/kernel/errors.js'
import { SOCIAL_LOGIN_TTL_MS } from '../../../events/kernel/limits.js'
import { settle } from '../../../../tests/unit/virtual-time.js'
import { createAuthSource } from './auth-source.js'
import { createFrameAdapter } from './frame-adapter.js'

const ORIGIN = 'http://localhost:4455'
const PAGE = 'http://127.0.0.1:5173/shop'
const STATE = `sos_${'a'.repeat(64)}`
const OTHER = `sos_${'b'.repeat(64)}`

type Listener = (e: { origin: string; source: unknown; data: unknown }) => void

/**
 * A page (window, document, sessionStorage, clock) with a stand-in secure site in its frame: READY
 * once the frame is in the document, GET_SOCIAL_REDIRECT_URI answers the provider's page with STATE,
 * every other request `{}`; the names asked are kept in `asked`.
 */
function world(href = `${PAGE}?token=secret#pay`) {
  const listeners = new Set<Listener>()
  const deliver = (e: Parameters<Listener>[0]) => listeners.forEach((l) => l(e))
  const asked: { name: string; payload: unknown }[] = []
  const items = new Map<string, string>()
  const frameWindow = {
    postMessage(message: { type: string; id: string; payload?: unknown }, targetOrigin: string) {
      if (targetOrigin !== ORIGIN) return
      const name = message.type.slice('@w3m-app/'.length)
      asked.push({ name, payload: message.payload })
      const payload = name === 'GET_SOCIAL_REDIRECT_URI' ? { uri: `${ORIGIN}/oauth/discord?state=${STATE}` } : {}
      queueMicrotask(() => deliver({ origin: ORIGIN, source: frameWindow, data: { type: `@w3m-frame/${name}_SUCCESS`, id: message.id, payload } }))
    },
  }
  const win = {
    location: { href, assigned: undefined as string | undefined, assign(url: string) { this.assigned = url } },
    history: { state: null, replaceState(_s: unknown, _t: string, url: string) { win.location.href = url } },
    addEventListener: (_t: string, l: Listener) => void listeners.add(l),
    removeEventListener: (_t: string, l: Listener) => void listeners.delete(l),
  }
  const doc = {
    defaultView: win,
    createElement: () => ({ style: {}, setAttribute() {}, removeAttribute() {}, remove() {}, contentWindow: frameWindow }),
    body: { append: () => queueMicrotask(() => deliver({ origin: ORIGIN, source: frameWindow, data: { type: '@w3m-frame/READY', payload: { version: '4' } } })) },
  }
  const told: Intent[] = []
  let now = 1_700_000_000_000
  const refused = new Set<string>()
  const source = createAuthSource({
    adapter: createFrameAdapter({ origin: ORIGIN, projectId: 'p1', network: () => 'eip155:31337', doc: doc as unknown as Document }),
    projectId: 'p1',
    network: () => 'eip155:31337',
    dispatch: (intent) => {
      if (refused.has(intent.type)) throw new Error('No login under way')
      told.push(intent)
    },
    doc: doc as unknown as Document,
    sessionStorage: () => ({ getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) }) as unknown as Storage,
    now: () => now,
  })
  return {
    source,
    win,
    asked,
    told,
    items,
    deliver,
    refuse: (type: string) => refused.add(type),
    later: (ms: number) => void (now += ms),
    /** The page as it comes back from the provider: its address is PAGE with `result_uri` taken off by the core. */
    back: () => void (win.location.href = PAGE),
  }
}

/** The secure site's answer as /social gives it on the Telegram path: its own URL, with the state the provider kept. */
const answer = (state: string, code = 'soc_1') => `${ORIGIN}/social?code=${code}&state=${encodeURIComponent(`${state}--${encodeURIComponent(PAGE)}`)}`
const names = (w: ReturnType<typeof world>) => w.asked.map((a) => a.name)
const types = (w: ReturnType<typeof world>) => w.told.map((i) => i.type)

/** Leaves for discord's page by the Telegram path and comes back to the page. */
async function leave(w: ReturnType<typeof world>) {
  await w.source.leaveForSocial('discord')
  w.back()
}

describe('a Telegram social login', () => {
  it('leaves with the page’s origin and path only, keeps the state in the tab (not in the engine), and redeems its own answer, the page’s query and fragment put back', async () => {
    const w = world()
    await w.source.leaveForSocial('discord')
    const left = new URL(w.win.location.assigned!)
    expect(left.searchParams.get('state')).toBe(`${STATE}--http://127.0.0.1:5173/shop`)
    expect(left.href).not.toContain('secret')
    expect([...w.items.values()].join()).toContain(STATE)
    expect(types(w)).toEqual(['auth/social-requested', 'auth/telegram-social-started'])
    w.back()
    await w.source.returnFromSocial(answer(STATE))
    expect(w.win.location.href).toBe(`${PAGE}?token=secret#pay`)
    expect(w.asked.at(-1)).toEqual({ name: 'CONNECT_SOCIAL', payload: { uri: answer(STATE), chainId: 31337 } })
    expect(types(w)).toEqual(['auth/social-requested', 'auth/telegram-social-started', 'auth/social-result-received', 'auth/social-connected'])
    expect(JSON.stringify(w.told)).not.toContain(STATE)
    expect(w.items.size).toBe(0)
  })

  it('another login’s answer (the abandoned login’s page, then a CSRF link) is never sent to the secure site: refused as mismatch, and the login is spent', async () => {
    const w = world()
    await leave(w)
    await w.source.returnFromSocial(answer(OTHER, 'soc_attacker'))
    expect(w.told.at(-1)).toEqual({ type: 'auth/social-return-refused', payload: { reason: 'mismatch' } })
    expect(names(w)).not.toContain('CONNECT_SOCIAL')
    // The page's address is put back all the same; the login is spent: its own answer now is one no login here started.
    expect(w.win.location.href).toBe(`${PAGE}?token=secret#pay`)
    w.back()
    await w.source.returnFromSocial(answer(STATE))
    expect(w.told.at(-1)).toEqual({ type: 'auth/social-return-refused', payload: { reason: 'not-started' } })
    expect(names(w)).not.toContain('CONNECT_SOCIAL')
  })

  it('its own answer after the lifetime is refused as expired; an answer with no login started here as not-started', async () => {
    const w = world()
    await leave(w)
    w.later(SOCIAL_LOGIN_TTL_MS)
    await w.source.returnFromSocial(answer(STATE))
    expect(w.told.at(-1)).toEqual({ type: 'auth/social-return-refused', payload: { reason: 'expired' } })
    const fresh = world()
    await fresh.source.returnFromSocial(answer(STATE))
    expect(fresh.told).toEqual([{ type: 'auth/social-return-refused', payload: { reason: 'not-started' } }])
    expect(names(w)).not.toContain('CONNECT_SOCIAL')
    expect(fresh.asked).toEqual([])
  })

  it('its own answer the engine no longer waits for (another tab ended it) is refused as expired and not sent', async () => {
    const w = world()
    await leave(w)
    w.refuse('auth/social-result-received')
    await w.source.returnFromSocial(answer(STATE))
    expect(w.told.at(-1)).toEqual({ type: 'auth/social-return-refused', payload: { reason: 'expired' } })
    expect(names(w)).not.toContain('CONNECT_SOCIAL')
  })
})

describe('a social login through the popup', () => {
  it('another login’s answer posted by the popup (a window another page holding it can navigate) fails with the message and is not sent; its own connects', async () => {
    for (const [state, expected] of [
      [OTHER, 'auth/social-failed'],
      [STATE, 'auth/social-connected'],
    ] as const) {
      const w = world()
      const popup = { closed: false, location: { href: `${ORIGIN}/loading` }, close() { this.closed = true } }
      const login = w.source.connectSocial('discord', popup as unknown as Window)
      await settle()
      expect(popup.location.href).toBe(`${ORIGIN}/oauth/discord?state=${STATE}`)
      w.deliver({ origin: ORIGIN, source: popup, data: { resultUri: `${ORIGIN}/social?code=soc_1&state=${state}` } })
      await login
      expect(w.told.at(-1)?.type).toBe(expected)
      if (state === OTHER) {
        expect(w.told.at(-1)).toEqual({ type: 'auth/social-failed', payload: { provider: 'discord', message: SOCIAL_RETURN_REFUSED } })
        expect(names(w)).not.toContain('CONNECT_SOCIAL')
      } else expect(names(w)).toContain('CONNECT_SOCIAL')
      expect(popup.closed).toBe(true)
    }
  })
})
