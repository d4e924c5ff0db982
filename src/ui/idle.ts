/** Work the page does when it has nothing better to do. */

/**
 * Runs `task` in idle time after the next paint: requestIdleCallback (at most 2000 ms late), or a
 * 50 ms timeout where the browser has none.
 * @example afterPaintIdle(() => warmFormatters())
 */
export function afterPaintIdle(task: () => void): void {
  requestAnimationFrame(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => task(), { timeout: 2000 }) : setTimeout(task, 50)))
}
