/**
 * Infinite scroll: returns refs for a scrolling list and a sentinel after its last item; while
 * `enabled`, `onReach` runs each time the sentinel scrolls into view. `key` restarts the watch
 * (e.g. the next page or cursor).
 */
import { useEffect, useRef } from 'react'

export function useEndOfList<L extends HTMLElement, S extends HTMLElement>(enabled: boolean, key: unknown, onReach: () => void) {
  const list = useRef<L>(null)
  const end = useRef<S>(null)
  useEffect(() => {
    const el = end.current
    if (!el || !enabled) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onReach(), { root: list.current })
    observer.observe(el)
    return () => observer.disconnect()
  }, [enabled, key])
  return { list, end }
}
