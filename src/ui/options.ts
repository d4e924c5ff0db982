/**
 * createModal's options and the public modal interface (docs/api.md): types, and the names of the
 * page's own options.
 */
import type { GangwayHeadless } from './headless-types.js'
import type { AccountModel, AuthOption, CaipNetworkId, HostOptions, ModalModel, Namespace, Network, NetworkModel, SiwxMessage, ViewName } from '../contract.js'

/**
 * Options of createModal (docs/api.md): the host options the engine uses (declared once, in
 * events/kernel/host-options.ts) and the page's own.
 * @example
 * ```ts
 * import { createModal, type GangwayOptions } from 'gangway'
 *
 * const options: GangwayOptions = {
 *   projectId: 'your-project-id',
 *   networks: [{ id: 8453, caipNetworkId: 'eip155:8453', chainNamespace: 'eip155', name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://mainnet.base.org'] } } }],
 *   metadata: { name: 'Your site', url: 'https://your.site' },
 *   rpcUrls: { 'eip155:8453': ['https://your-rpc.example'] },
 *   themeMode: 'dark',
 *   themeVariables: { '--gw-accent': '#7c3aed' },
 * }
 * const modal = createModal(options)
 * ```
 */
export interface GangwayOptions extends Omit<HostOptions, 'services'> {
  /**
   * The services' base URLs (docs/api.md), or `'reown'` for the hosted services of a Reown project
   * (REOWN_SERVICES: wallet/config, blockchain, analytics; docs/services.md). Without it no service
   * is called.
   */
  services?: HostOptions['services'] | 'reown'
  /**
   * Light or dark colours; `system` (the default) follows the visitor's `prefers-color-scheme`,
   * live (docs/api.md Theming).
   */
  themeMode?: 'light' | 'dark' | 'system'
  /**
   * CSS variables over the defaults (docs/api.md Theming; THEME_VARIABLES lists them): font family,
   * accent colour, colour mix and its strength (0–100), font size master (default 10px), border
   * radius master (default 4px), z-index (default 999), QR code colour.
   */
  themeVariables?: ThemeVariables
  /**
   * The folder Gangway's lazy files (`dist/`: core.js, ui.js, worker.js and their chunks) are
   * served from, on the page's origin (a Worker starts only from it), e.g. '/gangway/'. Default:
   * next to the loader, which is right when the page imports `dist/loader.js` where it is served.
   * A site whose bundler takes the loader into its own bundle copies `node_modules/gangway/dist/`
   * to that folder (docs/api.md, "Bundlers").
   */
  assetsUrl?: string
  /** `main` forces the engine onto the main thread; `auto` (default) uses a Worker where one can start. */
  engine?: 'auto' | 'main'
  /**
   * A CSP nonce for the `<style>` elements Gangway adds where the browser has no constructable
   * stylesheets (Safari before 16.4); elsewhere its styles are adopted sheets, which CSP does not
   * govern. Only hosts whose `style-src` lists a nonce and that serve such browsers need it (docs/api.md, Content-Security-Policy).
   */
  nonce?: string
  /** Shows the debug panel: export the event log, and time travel (the modal shows the state as of a picked event, read-only). */
  debug?: boolean
  /**
   * `false` for a site that builds its own UI on the engine (docs/api.md, Headless): Gangway's views
   * are not fetched or evaluated ahead of a click, so the bytes before the click are only the
   * loader's, the core's and the worker's. `open()` (or a click on a trigger) still loads and shows
   * them. Default true: the views load in idle time after the page's load event.
   */
  views?: boolean
  /**
   * Sign In With X (docs/api.md, docs/behaviour.md §4 SIWX): the site's sessions. After
   * a connect with no session for the account and network, SIWXSignMessage asks the visitor to sign
   * the message `createMessage` describes; Gangway writes its text (EIP-4361 on eip155,
   * Sign-In-With-Solana on solana), verifies the signature and hands the session to `addSession`.
   * The functions run on the page; what they answer is checked, and every session `getSessions`
   * gives back is verified before it counts.
   */
  siwx?: SiwxConfig
  /**
   * Email and social login (docs/api.md, docs/behaviour.md §4): the adapter of an embedded-wallet
   * provider, e.g. `reownAuth()` from `gangway/auth-reown`. Its `load` runs only when the visitor
   * reaches for email or social login, or a stored login is restored. Without it (and without
   * `services.secureSite`), email and social login are not offered.
   */
  auth?: AuthOption
}

/** A signed-in session: the message's fields, its text as signed, and the signature (hex on eip155, base58 on solana). */
export interface SiwxSession {
  data: SiwxMessage
  message: string
  signature: string
}

/** The `siwx` option (docs/api.md): where the site keeps its sessions, and whether sign-in is required. */
export interface SiwxConfig {
  /** The message for an account to sign: fields only; Gangway writes the text. */
  createMessage(input: { accountAddress: string; chainId: CaipNetworkId }): Promise<SiwxMessage>
  /** Keeps a session Gangway verified (a backend would verify it again: gangway/siwx-server). */
  addSession(session: SiwxSession): Promise<void>
  /** Ends the account's sessions on that network. */
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  /** Replaces every session. */
  setSessions(sessions: SiwxSession[]): Promise<void>
  /** The account's sessions on that network (each is verified before it counts). */
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  /** True when a visitor must sign in to stay connected: Cancel then disconnects. Default false. It may answer a Promise; a throw counts as required. */
  getRequired?(): boolean | Promise<boolean>
  /** A disconnect revokes the account's sessions. Default true. */
  signOutOnDisconnect?: boolean
  /**
   * DataCapture (docs/behaviour.md §2; with the `emailCapture` remote feature on, after a sign-in):
   * the email the visitor typed, for the signed-in account (CAIP-10). Resolves `{ uuid }` when the
   * site mailed a code to confirm (`confirmEmailOtp` follows), `{ uuid: null }` when the email is
   * kept as it is. Give both functions or neither; without them DataCapture never shows.
   */
  requestEmailOtp?(input: { email: string; account: string }): Promise<{ uuid: string | null }>
  /** The code the site mailed for request `uuid` (requestEmailOtp's), as the visitor typed it (6 digits); rejects when it is wrong. */
  confirmEmailOtp?(input: { code: string; uuid: string }): Promise<void>
}

/** The options only the page uses (never sent to the engine); with HOST_OPTION_KEYS, every option createModal takes. */
export const PAGE_OPTION_KEYS = ['themeMode', 'themeVariables', 'engine', 'debug', 'nonce', 'siwx', 'assetsUrl', 'auth', 'views'] as const satisfies readonly Exclude<keyof GangwayOptions, keyof HostOptions>[]

// The compiler's check that PAGE_OPTION_KEYS names every page option: a missing key makes this `false`.
const PAGE_KEYS_COMPLETE: [Exclude<keyof GangwayOptions, keyof HostOptions>] extends [(typeof PAGE_OPTION_KEYS)[number]] ? true : false = true
void PAGE_KEYS_COMPLETE

/** The theme variables createModal takes (`themeVariables`), with their defaults. */
export const THEME_VARIABLES = {
  '--gw-font-family': 'system-ui, sans-serif',
  '--gw-accent': '#2563eb',
  '--gw-color-mix': 'transparent',
  '--gw-color-mix-strength': 0,
  '--gw-font-size-master': '10px',
  '--gw-border-radius-master': '4px',
  '--gw-z-index': 999,
  '--gw-qr-color': '#18181b',
} as const

/** `themeVariables`: any of THEME_VARIABLES, as a CSS value (a string, or a number for the strength and the z-index). */
export type ThemeVariables = { [K in keyof typeof THEME_VARIABLES]?: string | number }

/** The longest theme variable value taken, in characters. */
const THEME_VALUE_MAX = 200

/**
 * Why `themeMode` and `themeVariables` cannot be used, or undefined when they can: 'Invalid
 * themeMode: {value}' (not light, dark or system), 'Unknown theme variable: {name}' (not in
 * THEME_VARIABLES), 'Invalid theme variable {name}' (not a string or finite number, or longer than
 * 200 characters). client/options-check.ts refuses to start with it (the modal's calls reject with it).
 */
export function themeProblem({ themeMode, themeVariables }: Pick<GangwayOptions, 'themeMode' | 'themeVariables'>): string | undefined {
  if (themeMode !== undefined && !['light', 'dark', 'system'].includes(themeMode)) return `Invalid themeMode: ${String(themeMode)}`
  for (const [name, value] of Object.entries(themeVariables ?? {})) {
    if (!(name in THEME_VARIABLES)) return `Unknown theme variable: ${name}`
    if (!((typeof value === 'string' && value.length <= THEME_VALUE_MAX) || (typeof value === 'number' && Number.isFinite(value)))) return `Invalid theme variable ${name}`
  }
  return undefined
}

/** What subscribeState delivers. `engine` is where the engine runs, once started. */
export interface ModalStateSnapshot extends ModalModel {
  engine?: 'worker' | 'main'
}

/** The debug surface (`debug: true`): what the debug panel uses. */
export interface GangwayDebug {
  /** The engine's whole projected state (src/projections/state.ts State): what `gangway replay` prints for the same log. */
  state(): Promise<unknown>
  /** This session's events: seq, type, tab, at (ms); `base` is the seq before the first. */
  events(): Promise<{ base: number; events: { seq: number; type: string; tab: string; at: number }[] }>
  /**
   * Shows the modal as of event `seq`, read-only; `null` returns to the live state.
   * @throws Error 'No event with seq {seq} in this session's log (it holds {first}–{last})'.
   */
  travel(seq: number | null): Promise<void>
}

/**
 * The object createModal returns (docs/api.md, plain pages).
 * @example
 * ```ts
 * import { createModal, type GangwayModal } from 'gangway'
 *
 * const modal: GangwayModal = createModal({ projectId, networks })
 * modal.subscribeAccount((account) => console.log(account.status, account.address, account.balance))
 * document.querySelector('#connect')?.addEventListener('click', () => modal.open())
 * document.querySelector('#base')?.addEventListener('click', () => modal.switchNetwork('eip155:8453'))
 * const provider = modal.getWalletProvider('eip155') // EIP-1193: ethers' BrowserProvider, viem's custom transport
 * ```
 */
export interface GangwayModal {
  /** Opens the modal (docs/behaviour.md §2 Opening); resolves when the view is shown. `view` is a docs/behaviour.md §2 view name. */
  open(options?: { view?: ViewName; namespace?: Namespace }): Promise<void>
  close(): Promise<void>
  /**
   * Readies the views ahead of a click: loads them and renders them hidden, so that open() only
   * shows them. Call it when the visitor reaches for the site's own button (pointerenter, focus,
   * touchstart); <gangway-button> and elements with `data-gangway-open` do it themselves. Idempotent.
   */
  warm(): void
  /** Disconnects the namespace's connection (default: the active one). */
  disconnect(namespace?: Namespace): Promise<void>
  /**
   * Switches the active network (docs/behaviour.md §4), through the connected wallet when there is one.
   * Takes a Network or its CAIP-2 id. @throws Error 'Network not found' for a network the site did not configure.
   */
  switchNetwork(network: Network | string): Promise<void>
  /**
   * The active account as last delivered by the engine (disconnected before it starts), with its
   * connection (`connectorId`, `connectedWalletInfo`), the site's `label`, the `addressExplorerUrl`
   * and the namespace's `connections`. With `namespace`: that namespace's account, or
   * undefined when none is connected there.
   */
  getAccount(): AccountModel
  getAccount(namespace: Namespace): AccountModel | undefined
  /**
   * docs/behaviour.md §3 addressLabels: names `address` with `label` wherever it shows (the
   * Account view, ProfileWallets, `getAccount`); an empty label removes it. EVM addresses match in
   * any case. @throws GangwayError 'Invalid intent payload: address-label/set-requested' for an
   * address with a colon or over 128 characters, or a label over 64 characters.
   */
  setAddressLabel(address: string, label: string): Promise<void>
  getNetwork(): NetworkModel
  getState(): ModalStateSnapshot
  /** Each subscribe calls back on every change and returns its unsubscribe function. */
  subscribeAccount(callback: (account: AccountModel) => void): () => void
  subscribeNetwork(callback: (network: NetworkModel) => void): () => void
  subscribeState(callback: (state: ModalStateSnapshot) => void): () => void
  /**
   * The event log as NDJSON (docs/api.md; format in src/events/log/ndjson.ts): a header line, the snapshot
   * this session starts from when the log does not start at seq 1, then one event a line. Nothing
   * secret is ever in it; `redact` (default true) also replaces emails and social usernames with
   * stable hashes. Replay it with `npx gangway replay <file>`.
   */
  exportLog(options?: { redact?: boolean }): Promise<string>
  /** With the `debug` option only: the engine's state and time travel, for tools and tests. */
  debug?: GangwayDebug
  /**
   * An EIP-1193 provider for the wallet connected on `namespace` (default: the active one).
   * `restricted`: only the methods docs/behaviour.md §5 calls safe; others reject with
   * ProviderRequestError 4100 'Requested RPC call is not allowed'. Every rejection is a typed error
   * (`name`, `category`, `code`, `message`, `details`; Client.walletRequest lists them): a wallet's
   * refusal is a UserRejectedError with code 4001 (5000 from WalletConnect), category API_ERROR.
   */
  getWalletProvider(namespace?: Namespace, options?: { restricted?: boolean }): { request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown> }
  /**
   * The headless surface (docs/api.md, Headless): the wallet list, connect, the WalletConnect pairing
   * URI, networks and the event stream, for a site that draws its own UI (with `views: false`, none
   * of Gangway's views is fetched until `open()`). Resolves after the page's load event, once the
   * core has started: calling it early fetches nothing before load. Calling it is no reach for the
   * modal; its first subscribe or action is (GangwayHeadless).
   * @example
   * ```ts
   * const headless = await modal.headless()
   * headless.subscribeWalletList(({ wallets }) => render(wallets))
   * ```
   */
  headless(): Promise<GangwayHeadless>
}
