/**
 * Infinite scroll: returns refs for a scrolling list and a sentinel after its last item; while
 * `enabled`, `onReach` runs when the sentinel scrolls into view, at most once per `key` (the next
 * page or cursor): a list whose pages add nothing keeps its sentinel in view, and must not ask for
 * the same page again and again. Whether there is a next page at all is the engine's
 * paging rules' call (`enabled` comes from them).
 */
import { useEffect, useRef } from 'react'

export function useEndOfList<L extends HTMLElement, S extends HTMLElement>(enabled: boolean, key: unknown, onReach: () => void) {
  const list = useRef<L>(null)
  const end = useRef<S>(null)
  const reached = useRef<{ key: unknown } | undefined>(undefined)
  useEffect(() => {
    const el = end.current
    if (!el || !enabled || (reached.current && Object.is(reached.current.key, key))) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        reached.current = { key }
        observer.disconnect()
        onReach()
      },
      // The margin counts a sentinel within 48 px of the list's bottom edge as reached: at the very
      // end of a scrolled list, fractional row heights can leave a thin sentinel just outside the box.
      { root: list.current, rootMargin: '0px 0px 48px 0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [enabled, key])
  return { list, end }
}
