/**
 * Theming (issue 16): themeMode light, dark and system (following prefers-color-scheme live),
 * themeVariables reaching the modal and <gangway-button>, bad theme options refused; and the three
 * animations of docs/behaviour.md §2 (header text 120 ms, modal height 150 ms, view 150 ms), none
 * under prefers-reduced-motion.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { useBrowser, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

const WHITE = 'rgb(255, 255, 255)'
const ZINC_900 = 'rgb(24, 24, 27)'
/** A computed colour as `rgb(r, g, b)` (color-mix() results serialise as `color(srgb r g b)` with 0–1 channels). */
const rgb = (css: string) => {
  const srgb = css.match(/^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)\)$/)
  return srgb ? `rgb(${srgb.slice(1).map((c) => Math.round(Number(c) * 255)).join(', ')})` : css
}
const cardBackground = async (page: Page) => rgb(await page.locator('[data-testid=gw-modal] .gw-card').evaluate((el) => getComputedStyle(el).backgroundColor))
async function openAt(page: Page, query: string) {
  await page.goto(`${webUrl}/?${query}`)
  await page.click('gangway-button')
  await waitForView(page, 'Connect')
}
const vars = (v: Record<string, string | number>) => `theme-vars=${encodeURIComponent(JSON.stringify(v))}`

describe('theming', () => {
  it('themeMode: light and dark; system follows prefers-color-scheme, live', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await openAt(page, 'theme=light')
    expect(await cardBackground(page)).toBe(WHITE)
    await openAt(page, 'theme=dark')
    expect(await cardBackground(page)).toBe(ZINC_900)
    // <gangway-button> keeps the accent (its connected chip takes the scheme's Canvas colours).
    expect(await page.locator('gangway-button button').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(37, 99, 235)')

    await page.emulateMedia({ colorScheme: 'dark' })
    await openAt(page, 'theme=system')
    expect(await cardBackground(page)).toBe(ZINC_900)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => cardBackground(page)).toBe(WHITE)
    await context.close()
  })

  it('themeVariables reach the modal and the button: accent, font, sizes, radius, z-index, colour mix, QR colour', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const theme = { '--gw-accent': '#b45309', '--gw-font-family': 'Georgia, serif', '--gw-font-size-master': '12px', '--gw-border-radius-master': '2px', '--gw-z-index': 5000, '--gw-color-mix': '#b45309', '--gw-color-mix-strength': 20, '--gw-qr-color': '#1e3a8a' }
    await openAt(page, `theme=light&${vars(theme)}`)
    const overlay = await page.locator('[data-testid=gw-modal]').evaluate((el) => {
      const s = getComputedStyle(el)
      return { fontSize: s.fontSize, fontFamily: s.fontFamily, zIndex: s.zIndex }
    })
    expect(overlay).toEqual({ fontSize: '16.8px', fontFamily: 'Georgia, serif', zIndex: '5000' })
    expect(await page.locator('[data-testid=gw-modal] .gw-card').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('16px')
    // 20 % of the mix colour (180, 83, 9) into white.
    expect(await cardBackground(page)).toBe('rgb(240, 221, 206)')
    expect(await page.locator('gangway-button button').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(180, 83, 9)')
    await page.click('[data-wallet-row=walletConnect]')
    await page.locator('[data-testid=gw-qr][data-ready]').waitFor()
    expect(await page.locator('[data-testid=gw-qr] path').evaluate((el) => getComputedStyle(el).fill)).toBe('rgb(30, 58, 138)')
    await context.close()
  })

  it("refuses a theme it cannot use: 'Unknown theme variable', 'Invalid themeMode'", async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const openError = () => page.evaluate(() => (window as unknown as { gangway: { open(): Promise<void> } }).gangway.open().then(() => 'opened', (e: Error) => `${e.name}: ${e.message}`))
    await page.goto(`${webUrl}/?${vars({ '--gw-colour': 'red' })}`)
    expect(await openError()).toBe('InvalidOptionError: Unknown theme variable: --gw-colour')
    await page.goto(`${webUrl}/?theme=blue`)
    expect(await openError()).toBe('InvalidOptionError: Invalid themeMode: blue')
    await page.goto(`${webUrl}/?${vars({ '--gw-accent': 'x'.repeat(201) })}`)
    expect(await openError()).toBe('InvalidOptionError: Invalid theme variable --gw-accent')
    await context.close()
  })
})

/** Records, from now on, the CSS animations that start in the modal (name, the element's classes, duration) and the Web Animations it runs. */
async function recordAnimations(page: Page) {
  await page.evaluate(() => {
    const root = document.querySelector('gangway-modal')!.shadowRoot!
    const seen: { kind: string; name: string; on: string; ms: number }[] = []
    ;(window as unknown as { __animations: typeof seen }).__animations = seen
    root.addEventListener('animationstart', (e) => {
      const el = e.target as HTMLElement
      seen.push({ kind: 'css', name: (e as AnimationEvent).animationName, on: el.className, ms: parseFloat(getComputedStyle(el).animationDuration) * 1000 })
    })
    const animate = Element.prototype.animate
    Element.prototype.animate = function (this: Element, keyframes, options) {
      if (root.contains(this)) seen.push({ kind: 'waapi', name: Object.keys((keyframes as Keyframe[])[0] ?? {}).join(','), on: (this as HTMLElement).className, ms: Number((options as KeyframeAnimationOptions)?.duration) })
      return animate.call(this, keyframes, options)
    }
  })
}
const animations = (page: Page) => page.evaluate(() => (window as unknown as { __animations: { kind: string; name: string; on: string; ms: number }[] }).__animations)

describe('animations (docs/behaviour.md §2)', () => {
  it('a view change fades the header text in 120 ms and the view in 150 ms, and animates the height over 150 ms', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await openAt(page, 'theme=light')
    await recordAnimations(page)
    await page.click('[data-testid=gw-all-wallets]')
    await waitForView(page, 'AllWallets')
    await page.locator('[data-testid=gw-all-list] [data-wallet-id]').first().waitFor()
    await expect.poll(() => animations(page)).toEqual(
      expect.arrayContaining([
        { kind: 'css', name: 'gw-fade', on: 'gw-title', ms: 120 },
        { kind: 'css', name: 'gw-fade', on: 'gw-body gw-view', ms: 150 },
        { kind: 'waapi', name: 'height', on: 'gw-card', ms: 150 },
      ]),
    )
    await context.close()
  })

  it('none of them under prefers-reduced-motion', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openAt(page, 'theme=light')
    await recordAnimations(page)
    await page.click('[data-testid=gw-all-wallets]')
    await waitForView(page, 'AllWallets')
    await page.locator('[data-testid=gw-all-list] [data-wallet-id]').first().waitFor()
    // Back and forth once more, so a late animation would have had its chance.
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Connect')
    expect(await animations(page)).toEqual([])
    await context.close()
  })
})
