/**
 * The modal's dialog behaviour (WAI-ARIA dialog pattern):
 * - on open, focus moves into the dialog (once it has painted); on close, it returns to the element that had it before
 *   (the site's button, or <gangway-button>'s inner button, through open shadow roots);
 * - Tab and Shift+Tab cycle inside the dialog;
 * - the arrow keys move between the buttons of a list (Up/Down; Left/Right too in a grid);
 * - the card's height animates over 150 ms from one view's to the next's (docs/behaviour.md §2 modal
 *   height; useAnimatedHeight), through the Web Animations API (no inline style, so a strict CSP
 *   holds), and not at all under prefers-reduced-motion.
 * - Escape closes it while it is open (`onEscape`), wherever focus is: also in the frame before focus
 *   has moved in, while it is still on the button that opened it.
 */
import { useLayoutEffect, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'

/** docs/behaviour.md §2: the modal's height changes over 150 ms. */
export const HEIGHT_ANIMATION_MS = 150

const FOCUSABLE = 'button:not([disabled]),[href],input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** The element that has focus, looking into open shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement as HTMLElement | null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement
  return active
}

const visible = (el: HTMLElement) => el.getClientRects().length > 0
const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * Animates `card`'s height from the last view's to `view`'s when the view changes. The height
 * before is the one the browser last laid out, as a ResizeObserver reports it after each layout
 * (reading `offsetHeight` as the new view renders would force a style and layout pass in the
 * click's task); the height after is read once the new view is in the DOM, before the browser
 * paints. Sizes only ever feed the next view change: a card whose content follows its height (the
 * mobile sheet's scrolling body) cannot set off another animation.
 */
export function useAnimatedHeight(card: RefObject<HTMLElement | null>, view: string): void {
  const shown = useRef(view)
  const before = useRef(0)
  /** The card's border-box height (px, rounded as offsetHeight is) at its last layout; 0 until one is reported. */
  const laidOut = useRef(0)
  useLayoutEffect(() => {
    const el = card.current
    if (!el || typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.borderBoxSize?.[0]
      laidOut.current = box ? Math.round(box.blockSize) : el.offsetHeight
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  if (shown.current !== view) {
    shown.current = view
    before.current = laidOut.current || (card.current?.offsetHeight ?? 0)
  }
  useLayoutEffect(() => {
    const el = card.current
    const from = before.current
    before.current = 0
    if (!el || !from || reducedMotion() || !el.checkVisibility({ visibilityProperty: true })) return
    const to = el.offsetHeight
    if (to !== from) el.animate([{ height: `${from}px` }, { height: `${to}px` }], { duration: HEIGHT_ANIMATION_MS, easing: 'ease' })
  }, [view])
}

/**
 * Focus in and back out for the dialog `card` (`open`: the modal shows), and Escape, which calls `onEscape`.
 * Returns the card's keydown handler (the Tab cycle and the arrow keys).
 */
export function useDialog(card: RefObject<HTMLElement | null>, open: boolean, onEscape: () => void): (e: KeyboardEvent<HTMLElement>) => void {
  const opener = useRef<HTMLElement | null>(null)
  const escape = useRef(onEscape)
  escape.current = onEscape
  useEffect(() => {
    if (!open) return
    // On the window: a key pressed in the modal's shadow root reaches it too (keyboard events are composed).
    const onKey = (e: globalThis.KeyboardEvent) => void (e.key === 'Escape' && !e.defaultPrevented && escape.current())
    addEventListener('keydown', onKey)
    return () => removeEventListener('keydown', onKey)
  }, [open])
  useEffect(() => {
    if (!open) return
    const before = deepActiveElement()
    opener.current = before && !card.current?.contains(before) ? before : null
    // After the frame that shows the dialog: a focus now would force a style and layout pass in the
    // click's task, before the open has painted (the click budget of docs/behaviour.md §2).
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => card.current?.focus({ preventScroll: true }))))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
      const back = opener.current
      opener.current = null
      if (back?.isConnected) back.focus({ preventScroll: true })
    }
  }, [open])

  return (e) => {
    const el = card.current
    if (!el) return
    const root = el.getRootNode() as ShadowRoot | Document
    const active = root.activeElement as HTMLElement | null
    if (e.key === 'Tab') {
      const all = Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(visible)
      if (all.length === 0) return e.preventDefault()
      const first = all[0]!
      const last = all[all.length - 1]!
      if (e.shiftKey && (active === first || active === el)) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && active === last) {
        e.preventDefault()
        first.focus()
      }
      return
    }
    const step = { ArrowDown: 1, ArrowUp: -1, ArrowRight: 1, ArrowLeft: -1 }[e.key]
    const list = active?.closest('ul')
    if (!step || !list || !el.contains(list)) return
    const grid = getComputedStyle(list).display === 'grid'
    if (!grid && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) return
    const rtl = getComputedStyle(list).direction === 'rtl' && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')
    const items = Array.from(list.querySelectorAll<HTMLElement>(':scope > li > button:not([disabled])')).filter(visible)
    const i = items.indexOf(active as HTMLElement)
    if (i < 0) return
    // In a grid, Up and Down move a row: as many items as the grid has columns.
    const columns = grid && (e.key === 'ArrowDown' || e.key === 'ArrowUp') ? getComputedStyle(list).gridTemplateColumns.split(' ').length : 1
    const target = items[i + (rtl ? -step : step) * columns]
    if (!target) return
    e.preventDefault()
    target.focus()
  }
}
