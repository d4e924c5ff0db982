/**
 * Layout facts of the modal, read in the page inside `gangway-modal`'s open shadow root, for the
 * view checks (every-view.test.ts) and the screenshots (scripts/screenshots.ts): `settle` waits until
 * the shown view is still, `layoutProblems` lists what overflows the card or clips text.
 */
import type { Page } from 'playwright-core'
import { E2E_WAIT_MS } from './wait.js'

/** One layout fact broken: what (`kind`), where (`path`, a short CSS-like path from the card), the text concerned, and the numbers (CSS px). */
export interface LayoutProblem {
  /**
   * `box`: an element's box leaves the card horizontally; `scroll`: an element's text is wider than
   * its box (scrollWidth > clientWidth) and it does not truncate with an ellipsis; `clip`: a box
   * with `overflow` other than `visible` cuts a text's line; `ellipsis-untitled`: a text truncated
   * with `text-overflow: ellipsis` whose full text is in no `title`; `placeholder`: an empty input's
   * placeholder is wider than the input's content box.
   */
  kind: 'box' | 'scroll' | 'clip' | 'ellipsis-untitled' | 'placeholder'
  path: string
  text: string
  detail: string
}

/**
 * Run under tsx (scripts/screenshots.ts), esbuild keeps function names by wrapping the helpers
 * declared inside a page function in `__name(…)`, which the page does not have: this defines it
 * there (as the identity) before such a function runs. Vitest's transform needs none.
 */
const pageNames = (page: Page) => page.evaluate('globalThis.__name ??= (f) => f')

/**
 * Waits until the modal's view is settled for a picture or a measurement: no image placeholder
 * (`[data-icon=loading]`, src/ui/images/Icon.tsx) in view (a lazy list's rows scrolled out of view
 * never load, so those do not count), every `<img>` of the card decoded, the fonts loaded, and the
 * card's box the same and no finite animation running in it over two animation frames.
 * @throws Error 'the modal did not settle in {timeoutMs} ms: {reason}' after `timeoutMs`.
 */
export async function settle(page: Page, timeoutMs = E2E_WAIT_MS): Promise<void> {
  await pageNames(page)
  const reason = await page.evaluate(async (timeoutMs) => {
    const root = document.querySelector('gangway-modal')?.shadowRoot
    const card = root?.querySelector<HTMLElement>('[data-testid=gw-modal] .gw-card')
    if (!root || !card) return 'no modal card in gangway-modal\'s shadow root'
    await document.fonts.ready
    /** Whether `el`'s box shows: inside the viewport and inside every ancestor box that clips. */
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect()
      if (r.width === 0 && r.height === 0) return false
      if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return false
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflow === 'visible') continue
        const b = a.getBoundingClientRect()
        if (r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right) return false
      }
      return true
    }
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))
    const deadline = performance.now() + timeoutMs
    let last = ''
    let why = ''
    while (performance.now() < deadline) {
      const loading = Array.from(root.querySelectorAll('[data-icon=loading]')).filter(inView).length
      const images = Array.from(card.querySelectorAll('img')).filter((img) => !img.complete).length
      const moving = card.getAnimations({ subtree: true }).filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length
      const box = card.getBoundingClientRect()
      const key = [box.x, box.y, box.width, box.height].join()
      if (loading === 0 && images === 0 && moving === 0 && key === last) return ''
      why = `${loading} image placeholders in view, ${images} images decoding, ${moving} animations running, card box ${key} (was ${last || 'unmeasured'})`
      last = key
      await frame()
    }
    return why
  }, timeoutMs)
  if (reason) throw new Error(`the modal did not settle in ${timeoutMs} ms: ${reason}`)
}

/** The card's box (CSS px, viewport coordinates); throws 'no modal card' when the modal is not there. */
export async function cardBox(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.evaluate(() => {
    const card = document.querySelector('gangway-modal')?.shadowRoot?.querySelector('[data-testid=gw-modal] .gw-card')
    if (!card) return null
    const r = card.getBoundingClientRect()
    return { x: r.x, y: r.y, width: r.width, height: r.height }
  })
  if (!box) throw new Error('no modal card')
  return box
}

/**
 * The layout problems of the modal's card as shown now (see `LayoutProblem`), in document order.
 * Reads only visible elements (`checkVisibility`), and not the text only screen readers read (in a
 * 1×1 px box that hides overflow, `.gw-sr`); lines a vertical scroller (a list) hides are not
 * clipped, lines a box with `overflow: hidden` or `clip` hides in part or whole are; inputs' values are not checked (a field scrolls
 * what a visitor types), their placeholders are. Horizontal facts allow half a pixel of rounding.
 * @throws Error 'no modal card' when the page shows no `gangway-modal` card.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  await pageNames(page)
  const problems = await page.evaluate(() => {
    const card = document.querySelector('gangway-modal')?.shadowRoot?.querySelector<HTMLElement>('[data-testid=gw-modal] .gw-card')
    if (!card) return null
    const out: { kind: string; path: string; text: string; detail: string }[] = []
    const EPS = 0.5
    const round = (n: number) => Math.round(n * 10) / 10
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    const pathOf = (el: Element) => {
      const parts: string[] = []
      for (let e: Element | null = el; e && e !== card; e = e.parentElement) {
        const testid = e.getAttribute('data-testid')
        parts.unshift(testid ? `[data-testid=${testid}]` : `${e.localName}${e.classList.length ? `.${Array.from(e.classList).join('.')}` : ''}`)
        if (testid) break
      }
      return parts.join(' > ') || '.gw-card'
    }
    const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80)
    const ownText = (el: Element) =>
      Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim()
    /** Whether `el` is inside a box that hides it on purpose and only a screen reader reads (`.gw-sr`: 1×1 px, overflow hidden). */
    const forScreenReaders = (el: Element) => {
      for (let e: Element | null = el; e && e !== card; e = e.parentElement) {
        const r = e.getBoundingClientRect()
        if (r.width <= 1 && r.height <= 1 && getComputedStyle(e).overflow !== 'visible') return true
      }
      return false
    }
    const cardBox = card.getBoundingClientRect()
    const inCard = (left: number, right: number) => left >= cardBox.left - EPS && right <= cardBox.right + EPS
    /** The nearest element from `el` up (to the card) that truncates its text with an ellipsis. */
    const ellipsisBox = (el: Element | null): HTMLElement | null => {
      for (let e = el; e && e !== card.parentElement; e = e.parentElement) {
        const s = getComputedStyle(e)
        if (s.textOverflow === 'ellipsis' && s.overflowX !== 'visible') return e as HTMLElement
      }
      return null
    }
    /** Whether `text` is in the `title` of `el` or one of its ancestors up to the card. */
    const titled = (el: Element, text: string) => {
      for (let e: Element | null = el; e && e !== card.parentElement; e = e.parentElement) if ((e.getAttribute('title') ?? '').includes(text)) return true
      return false
    }
    const seen = new Set<string>()
    const add = (kind: string, el: Element, text: string, detail: string) => {
      const path = pathOf(el)
      const key = `${kind} ${path} ${text}`
      if (seen.has(key)) return
      seen.add(key)
      out.push({ kind, path, text, detail })
    }

    for (const el of [card, ...Array.from(card.querySelectorAll('*'))]) {
      if (!shown(el) || forScreenReaders(el)) continue
      const r = el.getBoundingClientRect()
      // A box leaving the card horizontally.
      if (r.width > 0 && !inCard(r.left, r.right)) add('box', el, textOf(el), `box ${round(r.left)}…${round(r.right)}, card ${round(cardBox.left)}…${round(cardBox.right)}`)
      // Its own text wider than its box (not for inline boxes, whose clientWidth is 0).
      const html = el as HTMLElement
      const text = ownText(el)
      if (text && html.clientWidth > 0 && html.scrollWidth > html.clientWidth) {
        const eb = ellipsisBox(el)
        if (eb) {
          if (!titled(eb, eb.textContent?.trim() ?? '')) add('ellipsis-untitled', eb, textOf(eb), `scrollWidth ${eb.scrollWidth} > clientWidth ${eb.clientWidth}, no title with the full text`)
        } else add('scroll', el, text.slice(0, 80), `scrollWidth ${html.scrollWidth} > clientWidth ${html.clientWidth}`)
      }
      // An empty field's placeholder wider than the field's content box.
      if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && !el.value && el.placeholder) {
        const s = getComputedStyle(el)
        const ctx = document.createElement('canvas').getContext('2d')!
        ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`
        const width = ctx.measureText(el.placeholder).width
        const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)
        if (width > room + EPS) add('placeholder', el, el.placeholder, `placeholder ${round(width)} px wide, room ${round(room)} px`)
      }
    }

    // Every visible text's line boxes, against the card and every clipping ancestor.
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      const text = (node.textContent ?? '').trim()
      if (!text || !parent || !shown(parent) || forScreenReaders(parent)) continue
      range.selectNodeContents(node)
      const eb = ellipsisBox(parent)
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width === 0) continue
        // What is left of the line as each clipping ancestor cuts it: a line an inner box cuts
        // (an ellipsis, a cell) is reported there, and outer boxes see only what it lets through.
        const line = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom }
        for (let a: Element | null = parent; a && a !== card.parentElement; a = a.parentElement) {
          const s = getComputedStyle(a)
          const clipsX = s.overflowX !== 'visible'
          // Vertical scrollers (lists) hide rows out of view on purpose: only `hidden`/`clip` cut vertically.
          const scrollsY = s.overflowY === 'auto' || s.overflowY === 'scroll'
          const clipsY = s.overflowY === 'hidden' || s.overflowY === 'clip'
          if (!clipsX && !clipsY && !scrollsY) continue
          const b = a.getBoundingClientRect()
          const left = b.left + a.clientLeft
          const right = left + a.clientWidth
          const top = b.top + a.clientTop
          const bottom = top + a.clientHeight
          const cutX = clipsX && (line.left < left - EPS || line.right > right + EPS)
          const cutY = clipsY && (line.top < top - EPS || line.bottom > bottom + EPS)
          if (cutX && !cutY && eb && a === eb) {
            if (!titled(eb, eb.textContent?.trim() ?? '')) add('ellipsis-untitled', eb, textOf(eb), `truncated with an ellipsis, no title with the full text`)
          } else if (cutX || cutY) {
            add('clip', parent, text.slice(0, 80), `line ${round(line.left)}…${round(line.right)} × ${round(line.top)}…${round(line.bottom)} cut by ${pathOf(a)} (${s.overflowX}/${s.overflowY}) ${round(left)}…${round(right)} × ${round(top)}…${round(bottom)}`)
          }
          if (clipsX) Object.assign(line, { left: Math.max(line.left, left), right: Math.min(line.right, right) })
          if (clipsY || scrollsY) Object.assign(line, { top: Math.max(line.top, top), bottom: Math.min(line.bottom, bottom) })
          if (line.right <= line.left || line.bottom <= line.top) break
        }
      }
    }
    return out
  })
  if (!problems) throw new Error('no modal card')
  return problems as LayoutProblem[]
}
