/**
 * createModal's options and the public modal interface (api.md). Types only: nothing here ships code.
 */
import type { AccountType, Network, Namespace, TokenInfo, ViewName } from '../events/entities.js'
import type { ServiceUrls } from '../api/services.js'
import type { AccountView, ModalView, NetworkView } from '../projections/selectors.js'

/** Options of createModal (api.md). */
export interface GangwayOptions {
  /** Sent as projectId on every service call; also names the IndexedDB log. Required. */
  projectId: string
  /** Networks with CAIP-2 ids (spec §3). At least one. */
  networks: Network[]
  defaultNetwork?: Network
  /** Shown to wallets. */
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /** RPC URLs per CAIP-2 id; they always win over provider endpoints (spec §7). */
  rpcUrls?: Record<string, string[]>
  /** Base URLs of the spec §7 services; the blockchain service also routes RPC (spec §7). */
  services?: ServiceUrls
  /** Spec §2 Closing: in embedded mode, closing shows Account if connected. */
  enableEmbedded?: boolean
  /** Spec §2 Opening: manual WalletConnect control. */
  manualWCControl?: boolean
  /** WalletConnect: the relay's WebSocket URL (default the hosted relay). */
  walletConnect?: { relayUrl?: string }
  /** Spec §3 Options: wallet ids shown first on Connect, in this order. */
  featuredWalletIds?: string[]
  /** Spec §3 Options: the only registry wallets listed. */
  includeWalletIds?: string[]
  /** Spec §3 Options and §5: wallets never listed, by id, rdns or name (case-insensitive). */
  excludeWalletIds?: string[]
  /** Tokens offered for sending, per network (CAIP-2 id): ERC20 contracts on eip155. */
  tokens?: Record<string, TokenInfo[]>
  /** Spec §4: no UnsupportedChain view when true. */
  allowUnsupportedChain?: boolean
  /** Spec §4: network switching; default true. */
  enableNetworkSwitch?: boolean
  /** Spec §6 account type per namespace. */
  defaultAccountTypes?: Partial<Record<Namespace, AccountType>>
  themeMode?: 'light' | 'dark'
  /** `main` forces the engine onto the main thread; `auto` (default) uses a Worker where one can start. */
  engine?: 'auto' | 'main'
  /** Shows the debug panel: export the event log, and time travel (the modal shows the state as of a picked event, read-only). */
  debug?: boolean
}

/** What subscribeState delivers. `engine` is where the engine runs, once started. */
export interface ModalStateSnapshot extends ModalView {
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

/** The object createModal returns (api.md, plain pages). */
export interface GangwayModal {
  /** Opens the modal (spec §2 Opening); resolves when the view is shown. `view` is a spec §2 view name. */
  open(options?: { view?: ViewName; namespace?: Namespace }): Promise<void>
  close(): Promise<void>
  /** Disconnects the namespace's connection (default: the active one). */
  disconnect(namespace?: Namespace): Promise<void>
  /**
   * Switches the active network (spec §4), through the connected wallet when there is one.
   * Takes a Network or its CAIP-2 id. @throws Error 'Network not found' for a network the site did not configure.
   */
  switchNetwork(network: Network | string): Promise<void>
  /** The active account as last delivered by the engine (disconnected before it starts). */
  getAccount(): AccountView
  getNetwork(): NetworkView
  getState(): ModalStateSnapshot
  /** Each subscribe calls back on every change and returns its unsubscribe function. */
  subscribeAccount(callback: (account: AccountView) => void): () => void
  subscribeNetwork(callback: (network: NetworkView) => void): () => void
  subscribeState(callback: (state: ModalStateSnapshot) => void): () => void
  /**
   * The event log as NDJSON (api.md; format in src/events/ndjson.ts): a header line, the snapshot
   * this session starts from when the log does not start at seq 1, then one event a line. Nothing
   * secret is ever in it; `redact` (default true) also replaces emails and social usernames with
   * stable hashes. Replay it with `npx gangway replay <file>`.
   */
  exportLog(options?: { redact?: boolean }): Promise<string>
  /** With the `debug` option only: the engine's state and time travel, for tools and tests. */
  debug?: GangwayDebug
  /**
   * An EIP-1193 provider for the wallet connected on `namespace` (default: the active one).
   * `restricted`: only the methods spec §5 calls safe; others reject with
   * `{ code: 4100, message: 'Requested RPC call is not allowed' }`.
   */
  getWalletProvider(namespace?: Namespace, options?: { restricted?: boolean }): { request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown> }
}
