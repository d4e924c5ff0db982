/**
 * The loader: the only Gangway code a host page runs before its load event (budget: ≤ 3.5 KB gzip).
 * It defines <gangway-button> and createModal, and decides when the rest loads:
 * - after load, in idle time: start the core (bridge + engine, the engine in a Worker); in the next
 *   idle callback, fetch and evaluate the views and render them hidden (as a transition, in slices,
 *   where React is the host's), so a click on any button only shows them;
 * - on intent first (pointer, focus or touch on <gangway-button> or on an element with
 *   `data-gangway-open`, or the site's own `modal.warm()`): the same, at once;
 * - on a click that finds the views not ready: paint the modal shell in the same frame, then let
 *   the views replace it.
 * It imports nothing at module level; core.js and the views (ui.js, or through gangway/react the
 * build on the host's React) are fetched by URL beside this file.
 */
import type { AccountModel, ModalModel, Namespace, NetworkModel, ViewName } from '../contract.js'
import type { Client, ClientHooks } from './core.js'
import type { ModalApi } from './client/modal-api.js'
import { type GangwayModal, type GangwayOptions, type ModalStateSnapshot } from './options.js'
import { paintShell, removeShell } from './shell/shell.js'
import { accountChipText } from './shell/chip.js'
import { readChip } from './shell/stored-chip.js'
import { shellLabels } from './shell/labels.js'
import { adoptCss } from './adopt-css.js'
import { frameCss } from './shell/styles.js'

export type { GangwayModal, GangwayOptions } from './options.js'
export type { AccountActivity, AccountNames, AccountNfts, AccountTokens, GangwayHeadless, HeadlessSend, HeadlessSocialProvider, LoginStatus, SendOutcome, SignInRequest, SwapOutcome, SwapQuote, WalletConnectUri } from './headless-types.js'
export type { NetworkListModel, PublicEvent, WalletItem, WalletItemGroup, WalletListModel } from '../contract.js'
export type { AuthAdapter, AuthCall, AuthContext, AuthEmailAnswer, AuthNetwork, AuthOption, AuthUser, AuthUserRequest } from '../contract.js'

/** Where the lazy files are: next to the loader, unless createModal's `assetsUrl` names a folder. */
let assets: string | URL = import.meta.url
/** A lazy file's URL; `import()` reads it as its string. */
const lazyUrl = (file: string) => new URL(file, assets) as unknown as string

/** The views module: app.tsx built on Preact's React API (ui.js), or on the host's React (gangway/react). @internal */
export type ViewsModule = typeof import('./app.js')
type CoreModule = typeof import('./core.js')

/** What gangway/react passes to createModal besides the options (not for plain pages). @internal */
export interface ModalInternals {
  /** Loads the views built on the host's React instead of ui.js. */
  views?: () => Promise<ViewsModule>
}

let uiModule: Promise<ViewsModule> | undefined
/** Where the views come from: ui.js unless gangway/react gave its own before they first loaded. */
let viewsSource: (() => Promise<ViewsModule>) | undefined
/** Evaluates the views once (a load that failed is tried again on the next call). */
const loadUi = () =>
  (uiModule ??= (viewsSource ? viewsSource() : (import(/* @vite-ignore */ lazyUrl('./ui.js')) as Promise<ViewsModule>)).catch((error: unknown) => {
    uiModule = undefined
    throw error
  }))

/** Whether this is a page (not a server rendering the site, where there is no document). */
const onPage = typeof document == 'object'
/** The browser's preferred languages (none on a server). */
const languages = (onPage && navigator.languages) || []
/** The button's and the shell's text: the browser's language until createModal names a `locale`. */
let labels = shellLabels(undefined, languages)

/** Runs `fn` after the page's load event, in idle time; never on a server. */
function afterLoadIdle(fn: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 200))
  if (!onPage) return
  if (document.readyState === 'complete') idle()
  else addEventListener('load', () => idle(), { once: true })
}

const disconnected: AccountModel = { status: 'disconnected', balanceLoading: false, isConnected: false }
const closed: ModalModel = { open: false, view: 'Connect', canGoBack: false, loading: false, shake: false }

/** A tiny observable value, for the snapshots pages read synchronously. */
function store<T>(initial: T) {
  let value = initial
  const listeners = new Set<(v: T) => void>()
  return {
    get: () => value,
    set(v: T) {
      value = v
      for (const l of listeners) l(v)
    },
    subscribe(l: (v: T) => void) {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
  }
}

let current: GangwayModal | undefined
/**
 * Paints an element Gangway renders into (the modal's host, each <gangway-button>) in the current
 * modal's theme: its color-scheme (themeMode; 'light dark' follows the visitor's preference, live)
 * and the themeVariables as custom properties, which its shadow root's CSS reads. Set through the
 * CSSOM, which a strict CSP allows and which no value can break out of.
 */
let paintTheme = (el: HTMLElement): void => void el
/** One modal per projectId: a second createModal (React StrictMode renders twice) gets the first, so one engine writes a project's log. */
const byProject = new Map<string, GangwayModal>()
const buttons = new Set<{ render(): void }>()

/**
 * Creates the modal (docs/api.md). The engine and UI load later (see the module comment); the returned
 * object answers at once with the last known state.
 * @throws TypeError 'projectId is required' or 'At least one network is required'. The other options
 *   are checked when the core starts (client/options-check.ts), which keeps this file small.
 * @example
 * ```ts
 * import { createModal } from 'gangway'
 *
 * const modal = createModal({
 *   projectId: 'your-project-id',
 *   networks: [{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://ethereum-rpc.publicnode.com'] } } }],
 *   assetsUrl: '/gangway/', // where the site serves a copy of node_modules/gangway/dist/
 * })
 * modal.subscribeAccount((account) => console.log(account.status, account.address))
 * ```
 */
export function createModal(options: GangwayOptions): GangwayModal
/** gangway/react's: the views on the host's React. @internal */
export function createModal(options: GangwayOptions, internals: ModalInternals): GangwayModal
export function createModal(options: GangwayOptions, internals: ModalInternals = {}): GangwayModal {
  if (!options || typeof options.projectId !== 'string' || !options.projectId) throw new TypeError('projectId is required')
  if (!Array.isArray(options.networks) || options.networks.length === 0) throw new TypeError('At least one network is required')
  const existing = byProject.get(options.projectId)
  if (existing) return (current = existing)
  if (internals.views && !uiModule) viewsSource = internals.views
  if (options.assetsUrl) assets = new URL(options.assetsUrl, assets)
  labels = shellLabels(options.locale, languages)
  paintTheme = (el) => {
    el.style.colorScheme = options.themeMode == 'light' || options.themeMode == 'dark' ? options.themeMode : 'light dark'
    for (const [name, value] of Object.entries(options.themeVariables ?? {})) el.style.setProperty(name, String(value))
  }
  // A reload of a connected session paints the stored chip at once (shell/stored-chip.ts).
  const account = store<AccountModel>((onPage && readChip(options.projectId)) || disconnected)
  const network = store<NetworkModel>({})
  const state = store<ModalStateSnapshot>(closed)
  let client: Promise<Client> | undefined
  let root: ShadowRoot | undefined
  /** Bumped by close(): an open still waiting for the core or the UI gives up if it changed. */
  let openTicket = 0

  const hooks: ClientHooks = {
    account: (v) => {
      account.set(v)
      for (const b of buttons) b.render()
    },
    network: (v) => network.set(v),
    modal: (v) => {
      // Only a modal that was open and closed takes the shell away; the first (closed) value must not.
      const wasOpen = state.get().open
      state.set({ ...state.get(), ...v })
      if (wasOpen && !v.open && root) removeShell(root)
      // The engine opened the modal itself (a sign-in, an approval, an unsupported network): the views show it, loaded now where the site left them out (`views: false`).
      else if (v.open) modal.warm()
    },
    engine: (mode) => state.set({ ...state.get(), engine: mode }),
  }
  const loadCore = () =>
    (client ??= (import(/* @vite-ignore */ lazyUrl('./core.js')) as Promise<CoreModule>).then((core) => core.startClient(options, hooks)))
  /** A member the core implements (client/modal-api.ts): loads the core, then calls it. */
  const via = <K extends keyof ModalApi>(k: K) => ((...a: unknown[]) => loadCore().then((c) => (c.api[k] as (...a: unknown[]) => unknown)(...a))) as ModalApi[K]

  const hostRoot = (): ShadowRoot => {
    if (root) return root
    const host = document.createElement('gangway-modal')
    if (options.nonce) host.nonce = options.nonce
    paintTheme(host)
    document.body.append(host)
    root = host.attachShadow({ mode: 'open' })
    // The frame's CSS, which the shell paints with and the views build on (views/styles.ts follows it).
    adoptCss(root, frameCss)
    return root
  }

  /** Loads the core and the views, and renders the views (hidden while closed) once. */
  const prerendered = () => Promise.all([loadCore(), loadUi()]).then(([c, ui]) => (ui.prerender(hostRoot(), c), [c, ui] as const))
  /** Set while the views are being (or have been) rendered ahead of a click. */
  let warmed = false
  const modal: GangwayModal = {
    warm() {
      // A failure here (a chunk that did not load) is open()'s to report; a later warm() tries again.
      if (!warmed) prerendered().catch(() => (warmed = false))
      warmed = true
    },
    async open(request = {}) {
      const ticket = ++openTicket
      const r = hostRoot()
      // The shell, unless it is there already or the views are (rendered ahead of the click: they only need showing).
      if (!state.get().open && !r.querySelector('.gw-overlay')) paintShell(r, () => void modal.close(), labels)
      let c: Client, ui: ViewsModule
      try {
        ;[c, ui] = await Promise.all([loadCore(), loadUi()])
      } catch (error) {
        removeShell(r)
        throw error
      }
      if (ticket !== openTicket) return
      const shown = ui.mount(r, c)
      try {
        await c.open(request)
      } catch (error) {
        removeShell(r)
        throw error
      }
      await shown
    },
    async close() {
      openTicket++
      if (root) removeShell(root)
      if (client) await (await client).dispatch({ type: 'modal/close-requested', payload: {} })
    },
    disconnect: via('disconnect'),
    switchNetwork: via('switchNetwork'),
    setAddressLabel: via('setAddressLabel'),
    getWalletProvider: (namespace, options) => ({ request: (args) => via('request')(args, namespace, options) }),
    // `byNamespace` has no prototype (core.ts): `getAccount('__proto__')` is undefined.
    getAccount: ((namespace?: Namespace) => (namespace ? account.get().byNamespace?.[namespace] : account.get())) as GangwayModal['getAccount'],
    getNetwork: network.get,
    getState: state.get,
    subscribeAccount: account.subscribe,
    subscribeNetwork: network.subscribe,
    subscribeState: state.subscribe,
    exportLog: via('exportLog'),
    // Not before the page's load event, whenever the site asks: before it, the loader is the only file.
    headless: () => new Promise((loaded) => afterLoadIdle(loaded as () => void)).then(via('headless')),
  }
  if (options.debug) {
    modal.debug = {
      state: async () => (await loadCore()).state(),
      events: async () => (await loadCore()).listEvents(),
      travel: async (seq) => (await prerendered())[0].travel(seq),
    }
  }
  current = modal
  byProject.set(options.projectId, modal)
  afterLoadIdle(() => {
    void loadCore()
    // Then, in idle time again (unless the site builds its own UI: `views: false`), the views
    // evaluated and rendered hidden: a click on any button only shows them. (Their fetch starts there: a modulepreload a moment earlier saved too little for its bytes here.)
    if (options.views !== false) afterLoadIdle(modal.warm)
    // The debug panel (option `debug`): log export and time travel, with the views rendered for the latter.
    if (options.debug) void Promise.all([loadCore(), loadUi()]).then(([c, ui]) => ui.mountDebugPanel(c, options.projectId, modal.warm))
  })
  for (const b of buttons) b.render()
  return modal
}

/**
 * `<gangway-button>`: "Connect Wallet", or the account chip when connected; opens the modal (its
 * clicks and intent are handled below, with the site's own triggers). Defined on a page only: on a
 * server (server rendering imports this module) there is no HTMLElement, document or registry.
 */
const defineButton = () => class GangwayButton extends HTMLElement {
  #button: HTMLButtonElement | undefined
  connectedCallback() {
    if (!this.#button) {
      const root = this.attachShadow({ mode: 'open' })
      adoptCss(root, 'button{font:600 14px/1 var(--gw-font-family,system-ui,sans-serif);padding:10px 16px;border-radius:999px;border:1px solid #8883;background:var(--gw-accent,#2563eb);color:#fff;cursor:pointer}button[data-connected]{background:Canvas;color:CanvasText}')
      root.innerHTML = '<button part="button" type="button"></button>'
      this.#button = root.querySelector('button')!
    }
    buttons.add(this)
    this.render()
  }
  disconnectedCallback() {
    buttons.delete(this)
  }
  render() {
    if (!this.#button) return
    const account = current?.getAccount() ?? disconnected
    this.#button.textContent = accountChipText(account, labels)
    this.#button.toggleAttribute('data-connected', account.isConnected)
    paintTheme(this)
  }
}

/**
 * The triggers: <gangway-button>, and the site's own elements with `data-gangway-open` (docs/api.md),
 * which open the modal on click at the view the attribute names (empty: the opening rule's view).
 * Pointer, focus or touch on one readies the views (before createModal: evaluates them). Listened
 * for on the document, so elements the site adds later count too.
 */
const trigger = (e: Event) => (e.target instanceof Element ? e.target.closest('[data-gangway-open],gangway-button') : null)
if (onPage) {
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(type, (e) => void (trigger(e) && (current ? current.warm() : loadUi().catch(() => undefined))), { passive: true, capture: true })
  document.addEventListener('click', (e) => {
    const el = trigger(e)
    const view = el?.getAttribute('data-gangway-open')
    if (el) void current?.open(view ? { view: view as ViewName } : {})
  })
  if (!customElements.get('gangway-button')) customElements.define('gangway-button', defineButton())
}
