/**
 * Runs in Chromium before any script of the page (bundled by bench/embed-measure.ts and added as an
 * init script): records the long tasks from navigation on and, from the first click, the frames in
 * which the modal first shows its shell, any wallet row, and the real Connect view's wallet rows
 * (or a site's own list's first row, on the headless page) and marks the click with CLICK_MARK for the trace.
 * Reads `window.__benchExpectsModal` (set by the init script before this bundle): on a page without
 * Gangway it only records the click, so that no frame loop of its own adds to the page's task time.
 * Exposes `window.__bench` (an EmbedProbe) and `window.__benchViewShown` (a promise resolved when the
 * real Connect view's rows show).
 */

import { CLICK_MARK } from '../click-task-time.js'

/** What the probe records. Times are the page's performance.now() in ms; -1 until it happens. */
export interface EmbedProbe {
  /** Every long task (over 50 ms) since navigation: start and duration in ms. */
  longtasks: { start: number; dur: number }[]
  /** The first click's event time. */
  clickAt: number
  /** The first frame with the loader's shell, or the views' modal open. */
  shellAt: number
  /** The first frame with a wallet row, in the shell or in the open views. */
  rowsAt: number
  /** The first frame with a wallet row of the real Connect view (not the shell's). */
  viewRowsAt: number
}

/** The loader's shell (src/ui/shell/shell.ts, #gw-shell), or the views' modal when open (src/ui/views/Modal.tsx). */
const SHELL = '#gw-shell, [data-testid=gw-modal][data-open]'
/** A wallet row in the shell (button.gw-shell-row) or in the open views. */
const ANY_ROW = '#gw-shell [data-wallet-row], [data-testid=gw-modal][data-open] [data-wallet-row]'
/** A wallet row of the real Connect view: ConnectView's list (src/ui/views/ConnectView.tsx), in the open modal. */
const VIEW_ROW = '[data-testid=gw-modal][data-open] [data-testid=gw-wallets] [data-wallet-row]'
/** A wallet row of a site's own list, drawn from the headless surface (localnet/demo/headless.html): its shell, rows and view at once. */
const OWN_ROW = '[data-testid=wallets] [data-wallet-id]'

const w = window as unknown as { __bench: EmbedProbe; __benchViewShown: Promise<void>; __benchExpectsModal?: boolean }
const probe: EmbedProbe = { longtasks: [], clickAt: -1, shellAt: -1, rowsAt: -1, viewRowsAt: -1 }
let viewShown = () => {}
w.__bench = probe
w.__benchViewShown = new Promise<void>((resolve) => (viewShown = resolve))

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) probe.longtasks.push({ start: e.startTime, dur: e.duration })
}).observe({ type: 'longtask', buffered: true })

/** One frame after the click: stamps what the modal shows now; runs again next frame until the real rows show. */
const tick = () => {
  const root = document.querySelector('gangway-modal')?.shadowRoot
  const now = performance.now()
  if (document.querySelector(OWN_ROW)) {
    for (const k of ['shellAt', 'rowsAt', 'viewRowsAt'] as const) if (probe[k] < 0) probe[k] = now
    return viewShown()
  }
  if (root && probe.shellAt < 0 && root.querySelector(SHELL)) probe.shellAt = now
  if (root && probe.rowsAt < 0 && root.querySelector(ANY_ROW)) probe.rowsAt = now
  if (root?.querySelector(VIEW_ROW)) {
    probe.viewRowsAt = now
    viewShown()
  } else requestAnimationFrame(tick)
}

addEventListener(
  'click',
  (e) => {
    if (probe.clickAt >= 0) return
    probe.clickAt = e.timeStamp
    // Where bench/click-breakdown.ts finds the click in a trace.
    performance.mark(CLICK_MARK)
    if (w.__benchExpectsModal) requestAnimationFrame(tick)
  },
  true,
)
