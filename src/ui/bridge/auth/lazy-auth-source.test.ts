import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthSource } from './auth-source.js'
import { lazyAuthSource, SOCIAL_POPUP_FEATURES } from './lazy-auth-source.js'

/** A window.open stand-in: each call's arguments and the popup it returned. */
function popups() {
  const opened: { url: string; target: string; features: string; popup: { closed: boolean; close(): void } }[] = []
  const open = (url: string, target: string, features: string) => {
    const popup = { closed: false, close: () => void (popup.closed = true) }
    opened.push({ url, target, features, popup })
    return popup
  }
  vi.stubGlobal('window', { open })
  return opened
}

/** A loaded source that records the popups its social logins got; `load` resolves when `release` is called. */
function deferredSource() {
  const got: unknown[] = []
  let release!: () => void
  const source = { connectSocial: async (_provider: string, popup: unknown) => void got.push(popup) } as unknown as AuthSource
  const load = vi.fn(() => new Promise<AuthSource>((resolve) => (release = () => resolve(source))))
  return { got, load, release: () => release() }
}

afterEach(() => vi.unstubAllGlobals())

describe('lazyAuthSource: the social popup (docs/behaviour.md §9)', () => {
  it('opens blank, 600x800, in the click itself, before the source has loaded; the login gets that window once it has', async () => {
    const opened = popups()
    const d = deferredSource()
    const lazy = lazyAuthSource(d.load)
    const started = lazy.startSocial('google')
    // Synchronously, inside the click: a popup opened after an await is blocked.
    expect(opened.map(({ url, target, features }) => [url, target, features])).toEqual([['about:blank', '_blank', SOCIAL_POPUP_FEATURES]])
    expect(SOCIAL_POPUP_FEATURES).toContain('width=600,height=800')
    expect(d.got).toEqual([])
    d.release()
    await started
    expect(d.got).toEqual([opened[0]!.popup])
    expect(opened[0]!.popup.closed).toBe(false)
  })

  it('a second start, the source loaded: blank again; it closes the first login’s popup and opens its own', async () => {
    const opened = popups()
    const d = deferredSource()
    const lazy = lazyAuthSource(d.load)
    const first = lazy.startSocial('google')
    d.release()
    await first
    await lazy.startSocial('github')
    // Never at a page of the secure site: the navigation to the provider's page could be lost to that page's load.
    expect(opened.map(({ url, target }) => [url, target])).toEqual([['about:blank', '_blank'], ['about:blank', '_blank']])
    expect(opened.map((o) => o.popup.closed)).toEqual([true, false])
    expect(d.got).toEqual([opened[0]!.popup, opened[1]!.popup])
    expect(d.load).toHaveBeenCalledTimes(1)
  })

  it('a source that fails to load closes the popup and rejects; the next start loads again', async () => {
    const opened = popups()
    const load = vi.fn<() => Promise<AuthSource>>().mockRejectedValueOnce(new Error('chunk missing'))
    const got: unknown[] = []
    load.mockResolvedValueOnce({ connectSocial: async (_p: string, popup: unknown) => void got.push(popup) } as unknown as AuthSource)
    const lazy = lazyAuthSource(load)
    await expect(lazy.startSocial('google')).rejects.toThrow('chunk missing')
    expect(opened[0]!.popup.closed).toBe(true)
    await lazy.startSocial('google')
    expect(load).toHaveBeenCalledTimes(2)
    expect(got).toEqual([opened[1]!.popup])
  })
})
