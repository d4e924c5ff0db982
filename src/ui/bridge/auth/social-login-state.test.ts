// The social login this tab started (login CSRF, docs/security.md "The social popup"): the provider page's
// OAuth state and the lifetime an answer must match, the Telegram address without the page's query or
// fragment, and the tab's record, taken once.
import { describe, expect, it } from 'vitest'
import { SOCIAL_LOGIN_TTL_MS } from '../../../events/kernel/limits.js'
import { checkSocialReturn, keepSocialLogin, pageOf, providerState, restoredHref, takeSocialLogin, telegramSocialUrl, type SocialLogin } from './social-login-state.js'

const ORIGIN = 'http://localhost:4455'
const STATE = `sos_${'a'.repeat(64)}`
const OTHER = `sos_${'b'.repeat(64)}`
const NOW = 1_700_000_000_000
const login: SocialLogin = { provider: 'discord', state: STATE, expiresAt: NOW + SOCIAL_LOGIN_TTL_MS }

/** A sessionStorage stand-in; `refuse` makes every call throw (storage denied). */
function storage(refuse = false) {
  const items = new Map<string, string>()
  const guard = () => {
    if (refuse) throw new DOMException('denied', 'SecurityError')
  }
  return {
    items,
    getItem: (k: string) => (guard(), items.get(k) ?? null),
    setItem: (k: string, v: string) => void (guard(), items.set(k, v)),
    removeItem: (k: string) => void (guard(), items.delete(k)),
  }
}

describe('the provider page’s state', () => {
  it('is the state the secure site issued: the part before any --, at least 16 characters', () => {
    expect(providerState(`${ORIGIN}/oauth/discord?state=${STATE}`)).toBe(STATE)
    expect(providerState(`${ORIGIN}/oauth/discord?state=${STATE}--http%3A%2F%2Fexample`)).toBe(STATE)
    expect(providerState(`${ORIGIN}/oauth/discord?state=short`)).toBeUndefined()
    expect(providerState(`${ORIGIN}/oauth/discord`)).toBeUndefined()
    expect(providerState(`${ORIGIN}/oauth/discord?state=--${STATE}`)).toBeUndefined()
    expect(providerState('not a url')).toBeUndefined()
  })
})

describe('an answer checked against the login this tab started', () => {
  it('is taken with that state, on the secure site’s origin, before the lifetime ends: popup and Telegram shapes', () => {
    expect(checkSocialReturn(`${ORIGIN}/social?code=soc_1&state=${STATE}`, login, ORIGIN, NOW)).toBe('ok')
    const telegram = telegramSocialUrl(`${ORIGIN}/oauth/discord?state=${STATE}`, 'http://127.0.0.1:5173/shop')
    const back = `${ORIGIN}/social?code=soc_1&state=${encodeURIComponent(new URL(telegram).searchParams.get('state')!)}`
    expect(checkSocialReturn(back, login, ORIGIN, login.expiresAt - 1)).toBe('ok')
    // A refusal from the provider answers the same login (the caller reads its error).
    expect(checkSocialReturn(`${ORIGIN}/social?error=access_denied&state=${STATE}`, login, ORIGIN, NOW)).toBe('ok')
  })

  it('is refused without a login, at the end of its lifetime, with another state, none, or off the secure site', () => {
    expect(checkSocialReturn(`${ORIGIN}/social?code=soc_1&state=${STATE}`, undefined, ORIGIN, NOW)).toBe('not-started')
    expect(checkSocialReturn(`${ORIGIN}/social?code=soc_1&state=${STATE}`, login, ORIGIN, login.expiresAt)).toBe('expired')
    expect(checkSocialReturn(`${ORIGIN}/social?code=soc_1&state=${OTHER}`, login, ORIGIN, NOW)).toBe('mismatch')
    expect(checkSocialReturn(`${ORIGIN}/social?code=soc_1&state=${OTHER}--${STATE}`, login, ORIGIN, NOW)).toBe('mismatch')
    expect(checkSocialReturn(`${ORIGIN}/social?code=soc_1`, login, ORIGIN, NOW)).toBe('mismatch')
    expect(checkSocialReturn(`${ORIGIN}/social?code=soc_1&state=${STATE.slice(0, -1)}`, login, ORIGIN, NOW)).toBe('mismatch')
    expect(checkSocialReturn(`https://evil.example/social?code=soc_1&state=${STATE}`, login, ORIGIN, NOW)).toBe('mismatch')
    expect(checkSocialReturn('javascript:alert(1)', login, ORIGIN, NOW)).toBe('mismatch')
  })
})

describe('the Telegram path', () => {
  it('sends the provider the page’s origin and path only, and puts its query and fragment back on return', () => {
    const page = 'http://127.0.0.1:5173/shop/cart?token=secret&result_uri=old#pay'
    const url = new URL(telegramSocialUrl(`${ORIGIN}/oauth/discord?state=${STATE}`, page))
    // The address encoded once, appended to the state as written (AppKit's client's shape).
    expect(url.search).toBe(`?state=${STATE}--${encodeURIComponent('http://127.0.0.1:5173/shop/cart')}`)
    expect(url.searchParams.get('state')).toBe(`${STATE}--http://127.0.0.1:5173/shop/cart`)
    // The other parameters stay as they were, before and after the state; without one, a state of the suffix alone.
    expect(new URL(telegramSocialUrl(`${ORIGIN}/oauth/discord?a=1&state=${STATE}&b=%2F`, page)).search).toBe(`?a=1&state=${STATE}--${encodeURIComponent('http://127.0.0.1:5173/shop/cart')}&b=%2F`)
    expect(new URL(telegramSocialUrl(`${ORIGIN}/oauth/discord?a=1`, page)).searchParams.get('state')).toBe('--http://127.0.0.1:5173/shop/cart')
    expect(url.href).not.toContain('secret')
    expect(url.href).not.toContain('pay')
    const kept = { ...login, page: pageOf(page) }
    expect(kept.page).toEqual({ path: '/shop/cart', search: '?token=secret', hash: '#pay' })
    expect(restoredHref('http://127.0.0.1:5173/shop/cart', kept)).toBe('http://127.0.0.1:5173/shop/cart?token=secret#pay')
    // Nothing to put back: another path, an address with a query of its own, a page that had none, no login.
    expect(restoredHref('http://127.0.0.1:5173/other', kept)).toBeUndefined()
    expect(restoredHref('http://127.0.0.1:5173/shop/cart?x=1', kept)).toBeUndefined()
    expect(restoredHref('http://127.0.0.1:5173/shop/cart', { ...login, page: pageOf('http://127.0.0.1:5173/shop/cart') })).toBeUndefined()
    expect(restoredHref('http://127.0.0.1:5173/shop/cart', undefined)).toBeUndefined()
  })

  it('keeps the login in this tab’s storage per project and gives it back once; malformed or denied storage gives none', () => {
    const s = storage()
    const kept = { ...login, page: { path: '/', search: '?a=1', hash: '' } }
    expect(keepSocialLogin(s, 'p1', kept)).toBe(true)
    expect(takeSocialLogin(s, 'p2')).toBeUndefined()
    expect(takeSocialLogin(s, 'p1')).toEqual(kept)
    expect(takeSocialLogin(s, 'p1')).toBeUndefined()
    for (const bad of ['{', 'null', JSON.stringify({ ...login, state: 'short' }), JSON.stringify({ ...login, expiresAt: 'later' }), JSON.stringify({ provider: 'discord' })]) {
      s.items.set('gangway:social-login:p1', bad)
      expect(takeSocialLogin(s, 'p1'), bad).toBeUndefined()
      expect(s.items.size).toBe(0)
    }
    expect(keepSocialLogin(storage(true), 'p1', login)).toBe(false)
    expect(keepSocialLogin(undefined, 'p1', login)).toBe(false)
    expect(takeSocialLogin(storage(true), 'p1')).toBeUndefined()
  })
})
