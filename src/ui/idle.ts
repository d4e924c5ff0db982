/** Work the page does when it has nothing better to do. */

/**
 * Runs `task` in idle time after the next paint: requestIdleCallback (at most `timeoutMs` ms late,
 * default 2000), or a 50 ms timeout where the browser has none.
 * @example afterPaintIdle(() => warmFormatters())
 */
export function afterPaintIdle(task: () => void, timeoutMs = 2000): void {
  requestAnimationFrame(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => task(), { timeout: timeoutMs }) : setTimeout(task, 50)))
}
