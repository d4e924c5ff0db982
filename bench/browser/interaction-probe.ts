/**
 * Runs in Chromium before any script of the page (bundled by bench/embed-interactions.ts and added
 * as an init script, in the top frame only): times interactions inside the modal, which renders in
 * `document.querySelector('gangway-modal').shadowRoot`.
 *
 * "Input → result painted", per interaction: bench/embed-interactions.ts arms the probe with the
 * interaction's name (`window.__interactions.arm`) before its input. A capture listener on window
 * (composed events reach it from the shadow root) takes the `timeStamp` of the input's event: the
 * `click` of a button (what the views' onClick handlers act on), the `keydown` of a keystroke. From
 * that event on, a requestAnimationFrame loop checks the interaction's RESULTS condition on the
 * modal's DOM before each frame; in the first frame where it holds, the rAF callback posts a
 * 'user-blocking' task (`scheduler.postTask`), which runs first after that frame's main-thread paint
 * (the "after next paint" technique; at the highest priority, so the tasks the page had already
 * queued do not count as the wait); its start is the result painted time. Latency = that
 * performance.now() − the input's `timeStamp`, in ms.
 *
 * Besides: the Event Timing entries (PerformanceObserver type 'event', durationThreshold 16, those
 * with interactionId > 0) and the long tasks (over 50 ms) since navigation, so that `measure()` gives
 * the interaction's Event Timing duration and whether a long task overlapped it; and `quiet(ms)`,
 * which waits for the modal's DOM to go unchanged for a while between interactions.
 */
import en from '../../src/ui/i18n/catalogues/en.json'
import type { InteractionName } from '../embed-interactions.js'

/** One interaction's times, from `measure()`, in ms. */
export interface InteractionTiming {
  /** The input's event `timeStamp` to the end of the paint of the first frame showing the result. */
  resultPaintMs: number
  /** The longest Event Timing `duration` among the interaction's entries (interactionId > 0); 16 when none reached the 16 ms threshold. */
  eventDurationMs: number
  /** A long task (over 50 ms) overlapped the time from the interaction's first event (pointerdown, keydown) to the result painted. */
  longTask: boolean
}

/** What the page exposes as `window.__interactions`. */
export interface InteractionProbe {
  /** Arms the probe for `name`'s next input; `arg` is the keystroke's character for 'search answered' and 'search keystroke'. */
  arm(name: InteractionName, arg?: string): void
  /** Resolves once the armed interaction's result has painted (never, if it does not). */
  painted(): Promise<void>
  /** The last armed interaction's times; call once it painted and the page went quiet (the observers report after the fact). */
  measure(): InteractionTiming
  /** Resolves once the modal's DOM has not changed for `ms` (checked each frame); rejects after `timeoutMs` with 'the modal did not go quiet for <ms> ms in <timeoutMs> ms'. */
  quiet(ms: number, timeoutMs: number): Promise<void>
}

/** The Event Timing entry's fields the probe reads (lib.dom of TypeScript 5.9 has no interactionId). */
interface EventEntry extends PerformanceEntry {
  interactionId?: number
}

/** The view shown, when the modal is open. */
const OPEN = (view: string) => `[data-testid=gw-modal][data-open][data-view=${view}]`

/**
 * The DOM condition of each interaction's result, on the modal's shadow root:
 * - search answered, search keystroke: All Wallets' list (src/ui/views/AllWalletsView.tsx) shows
 *   rows, every one of them with the character in its name, and no loading line: the narrowed rows.
 *   For a character no loaded wallet has, that is the registry's answer (the view asks it 300 ms
 *   after the keystroke, SEARCH_WAIT_MS, so this includes that wait); for one some have, the
 *   loaded wallets narrowed, which show while the registry's answer is awaited;
 * - tab →NFTs: the NFTs panel, shown (a panel reached for is rendered hidden before its pick), with
 *   its NFTs (src/ui/views/AccountTabs.tsx);
 * - tab →Activity: the Activity panel, shown, with its rows, or its empty line once not loading (a page
 *   without a blockchain service has no history to load);
 * - open Send: WalletSend with its form's amount and receiver fields (src/ui/views/SendViews.tsx);
 * - Back from Send: Account with its header and tabs (src/ui/views/AccountView.tsx);
 * - open Networks: SwitchNetwork with its network rows (src/ui/views/NetworkList.tsx).
 */
const RESULTS: Record<InteractionName, (root: ShadowRoot, arg: string) => boolean> = {
  'search answered': (root, arg) => RESULTS['search keystroke'](root, arg),
  'search keystroke': (root, arg) => {
    const view = root.querySelector(OPEN('AllWallets'))
    if (!view || view.querySelector('.gw-loading')) return false
    const tiles = [...view.querySelectorAll('[data-testid=gw-all-list] [data-wallet-id]')]
    return tiles.length > 0 && tiles.every((t) => (t.getAttribute('title') ?? '').toLowerCase().includes(arg.toLowerCase()))
  },
  'tab →NFTs': (root) => root.querySelector(`${OPEN('Account')} [data-testid=gw-tab-NFTs]:not([hidden]) [data-testid=gw-nfts] li`) !== null,
  'tab →Activity': (root) => {
    const panel = root.querySelector(`${OPEN('Account')} [data-testid=gw-tab-Activity]:not([hidden])`)
    if (!panel) return false
    if (panel.querySelector('[data-testid=gw-activity] li[data-id]')) return true
    const empty = panel.querySelector('[data-testid=gw-activity-empty]')
    return empty !== null && empty.textContent !== en['activity.loading']
  },
  'open Send': (root) => root.querySelector(`${OPEN('WalletSend')} [data-testid=gw-send] [data-testid=gw-send-amount]`) !== null && root.querySelector(`${OPEN('WalletSend')} [data-testid=gw-send-receiver]`) !== null,
  'Back from Send': (root) => root.querySelector(`${OPEN('Account')} [data-testid=gw-account]`) !== null && root.querySelector(`${OPEN('Account')} [data-testid=gw-account-tabs]`) !== null,
  'open Networks': (root) => root.querySelector(`${OPEN('SwitchNetwork')} [data-testid=gw-networks] [data-network]`) !== null,
}

/** The event that is the input of each interaction: the keystroke's keydown, or a button's click. */
const INPUT_EVENT: Record<InteractionName, 'click' | 'keydown'> = {
  'search answered': 'keydown',
  'search keystroke': 'keydown',
  'tab →NFTs': 'click',
  'tab →Activity': 'click',
  'open Send': 'click',
  'Back from Send': 'click',
  'open Networks': 'click',
}

/** The interaction under way: what was armed and what the probe saw of it (times: the page's performance.now(), ms). */
interface Armed {
  name: InteractionName
  arg: string
  /** The timeStamps of the trusted pointerdown, pointerup, click, keydown and keyup events from its arming until its result painted. */
  events: number[]
  /** The input event's timeStamp; -1 until it comes. */
  inputAt: number
  /** When the result's frame had painted; -1 until then. */
  paintedAt: number
  painted: Promise<void>
  resolve: () => void
}

const modalRoot = () => document.querySelector('gangway-modal')?.shadowRoot ?? null

if (window === window.top) {
  const longtasks: { start: number; end: number }[] = []
  const eventEntries: { start: number; duration: number; interactionId: number }[] = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longtasks.push({ start: e.startTime, end: e.startTime + e.duration })
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as EventEntry[]) if (e.interactionId) eventEntries.push({ start: e.startTime, duration: e.duration, interactionId: e.interactionId })
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)

  let armed: Armed | undefined
  /**
   * Runs `stamp` in the first task after the current frame's paint: a 'user-blocking' task of the
   * Prioritized Task Scheduling API, which Chromium runs ahead of the tasks already queued at normal
   * priority (the worker's messages, timers), so that what the page does next does not count as the
   * wait for the paint; a MessageChannel message where the API is missing.
   */
  const afterPaint = (stamp: () => void) => {
    const scheduler = (globalThis as { scheduler?: { postTask(cb: () => void, options: { priority: 'user-blocking' }): Promise<void> } }).scheduler
    if (scheduler) return void scheduler.postTask(stamp, { priority: 'user-blocking' })
    const channel = new MessageChannel()
    channel.port1.onmessage = stamp
    channel.port2.postMessage(null)
  }
  /** Each frame from the input on: the first one in which the result shows posts the message that stamps its paint. */
  const frame = (a: Armed) => {
    const root = modalRoot()
    if (root && RESULTS[a.name](root, a.arg)) {
      afterPaint(() => {
        a.paintedAt = performance.now()
        a.resolve()
      })
    } else requestAnimationFrame(() => frame(a))
  }
  for (const type of ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup'] as const) {
    addEventListener(
      type,
      (e) => {
        const a = armed
        if (!a || !e.isTrusted || a.paintedAt >= 0) return
        a.events.push(e.timeStamp)
        if (a.inputAt < 0 && type === INPUT_EVENT[a.name]) {
          a.inputAt = e.timeStamp
          requestAnimationFrame(() => frame(a))
        }
      },
      true,
    )
  }

  const probe: InteractionProbe = {
    arm(name, arg = '') {
      let resolve!: () => void
      const painted = new Promise<void>((r) => (resolve = r))
      armed = { name, arg, events: [], inputAt: -1, paintedAt: -1, painted, resolve }
    },
    painted: () => armed?.painted ?? Promise.reject(new Error('nothing armed')),
    measure() {
      const a = armed
      if (!a || a.paintedAt < 0) throw new Error('no painted interaction to measure')
      const first = Math.min(...a.events)
      const last = Math.max(...a.events)
      // The interaction's entries: those of its events (their startTime is the event's timeStamp).
      const ids = new Set(eventEntries.filter((e) => e.start >= first - 1 && e.start <= last + 1).map((e) => e.interactionId))
      const durations = eventEntries.filter((e) => ids.has(e.interactionId)).map((e) => e.duration)
      return {
        resultPaintMs: a.paintedAt - a.inputAt,
        eventDurationMs: Math.max(16, ...durations),
        longTask: longtasks.some((t) => t.start < a.paintedAt && t.end > first),
      }
    },
    quiet(ms, timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        const started = performance.now()
        let changedAt = started
        let observed: ShadowRoot | null = null
        const observer = new MutationObserver(() => (changedAt = performance.now()))
        const check = () => {
          const root = modalRoot()
          if (root && root !== observed) {
            observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
            observed = root
            changedAt = performance.now()
          }
          const now = performance.now()
          if (now - changedAt >= ms) {
            observer.disconnect()
            resolve()
          } else if (now - started > timeoutMs) {
            observer.disconnect()
            reject(new Error(`the modal did not go quiet for ${ms} ms in ${timeoutMs} ms`))
          } else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      })
    },
  }
  ;(window as unknown as { __interactions: InteractionProbe }).__interactions = probe
}
