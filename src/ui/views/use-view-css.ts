/**
 * A lazy view's own CSS (docs/behaviour.md §2): shipped in the view's chunk, not in the views'
 * first chunk, and adopted into the shadow root the view renders in when it first renders there,
 * before that render is painted (a layout effect), after views/styles.ts and views/mobile-styles.ts,
 * whose classes and variables it builds on. Through adopt-css.ts, so a strict CSP holds.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react'
import { adoptCss } from '../adopt-css.js'

/** The CSS texts each shadow root has adopted through useViewCss. */
const adopted = new WeakMap<ShadowRoot, Set<string>>()

/**
 * Adopts `css` into the shadow root `el` renders in, once per root and text. It looks after each
 * commit until it has, so a view that first renders nothing (no ref yet) adopts it when its element
 * comes; then its renders pay nothing more.
 * @example
 * const body = useRef<HTMLDivElement>(null)
 * useViewCss(body, profileWalletsCss)
 * return <div ref={body}>…</div>
 */
export function useViewCss(el: RefObject<HTMLElement | null>, css: string): void {
  const done = useRef(false)
  useLayoutEffect(() => {
    if (done.current) return
    const root = el.current?.getRootNode()
    if (!(root instanceof ShadowRoot)) return
    done.current = true
    const texts = adopted.get(root) ?? new Set<string>()
    if (texts.has(css)) return
    texts.add(css)
    adopted.set(root, texts)
    adoptCss(root, css)
  })
}
