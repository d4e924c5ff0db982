/**
 * The headless surface (docs/api.md, Headless): what `await modal.headless()` gives a site that
 * draws its own wallet UI on Gangway's engine. Every read is a view model the modal's views read
 * too, and every action an intent they send, so the modal and a site's own UI can run side by side
 * and agree. Types only: the implementation is the core chunk's (client/headless.ts).
 */
import type { AccountModel, CaipNetworkId, Namespace, NetworkListModel, PublicEvent, TxChangeRow, WalletItem, WalletListModel } from '../contract.js'

/** The WalletConnect pairing URI as a site's own button reads it (the names follow AppKit's `getWalletConnectUri`).  *
 * @example
 * ```ts
 * headless.subscribeWalletConnectUri(({ wcUri, wcFetchingUri, wcError }) => {
 *   status.textContent = wcError ?? (wcUri ? 'Scan with your wallet' : wcFetchingUri ? 'Preparing…' : '')
 * })
 * ```
 */
export interface WalletConnectUri {
  /**
   * The `wc:` URI of the pairing on show, for a QR code or a wallet's deep link; absent while none is
   * ready and once 10 s or less of it are left (docs/behaviour.md §5: the engine is replacing it).
   * It carries the pairing's key: show it, never log or send it anywhere.
   */
  wcUri?: string
  /** When the URI expires, in ms since the epoch. */
  wcPairingExpiry?: number
  /** A pairing was asked for (`prefetchWalletConnectUri`) and its URI is not ready yet. */
  wcFetchingUri: boolean
  /** Why the last pairing asked for failed (the relay's or the sign client's message, at most 256 characters). */
  wcError?: string
}

/**
 * A send that landed (docs/behaviour.md §4): its transaction's `hash`, and on EVM what Gangway's
 * preview showed before the wallet was asked: `changes` the account's balance changes as the node
 * simulated them (whole tokens, negative for what leaves; the fee included where the node charges
 * it), `simulated` false when the node could not simulate (then `changes` is empty).
 * @example
 * ```ts
 * const { hash, changes } = await headless.send({ to: '0x…', amount: '0.01' })
 * ```
 */
export interface SendOutcome {
  hash: string
  changes?: TxChangeRow[]
  simulated?: boolean
}

/**
 * Sends `amount` (whole tokens, a decimal string as a visitor types it) of the native currency, or
 * of the site's token at contract `token`, to `to` (an address) on the active network, from the
 * connected account: the Send form's path, with its §5 checks, its preview and its wallet request.
 * @throws GangwayError 'Token not offered on this network'; the form's first docs/behaviour.md §5
 *   problem ('Insufficient balance', 'Invalid address', …); the send's failure ('Transaction rejected
 *   in the wallet', …; `details` names the transaction when it was broadcast and then failed).
 * @example
 * ```ts
 * const { hash } = await headless.send({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.01' })
 * ```
 */
export type HeadlessSend = (request: { to: string; amount: string; token?: string }) => Promise<SendOutcome>

/**
 * The headless surface. Each `subscribe…` calls back on every change after it (not at once; the
 * matching `get…` gives the value now) and returns its unsubscribe function.
 *
 * **The network-quiet start** (docs/behaviour.md §7): the engine asks no service anything before the
 * visitor reaches for the modal. The first `subscribe…` call (but `subscribeEvents`) and the first
 * of `fetchWallets`, `connectWallet` and `prefetchWalletConnectUri` count as that reach: a site
 * that subscribes at load gives the quiet start up. The `get…` reads never count.
 *
 * @example
 * ```ts
 * const headless = await modal.headless()
 * headless.subscribeWalletList(({ wallets }) => render(wallets))
 * headless.subscribeEvents(({ data }) => console.log(data.event))
 * ```
 */
export interface GangwayHeadless {
  /**
   * The wallet list (docs/behaviour.md §2, §5, §9): `wallets` the Connect view's (installed,
   * announced, recent, featured, recommended), `wcWallets` the registry as All Wallets shows it,
   * with its paging and search. Empty until the lists arrive (after the first reach).
   * @example
   * ```ts
   * const { wallets } = headless.getWalletList()
   * ```
   */
  getWalletList(): WalletListModel
  /**
   * Calls back with the wallet list on every change. Counts as the reach for the modal.
   * @example
   * ```ts
   * headless.subscribeWalletList(({ wallets, wcWallets }) => render([...wallets, ...wcWallets]))
   * ```
   */
  subscribeWalletList(callback: (list: WalletListModel) => void): () => void
  /**
   * Asks for a registry page (`page`, from 1: 40 wallets each) or a search (`search`, at least 2
   * characters; an empty one ends the search), as All Wallets does; resolves once asked (the list
   * follows on `subscribeWalletList`). Counts as the reach.
   * @throws the engine's refusal (GangwayError 'Invalid intent payload: …').
   * @example
   * ```ts
   * await headless.fetchWallets({ search: 'rain' })
   * ```
   */
  fetchWallets(options?: { page?: number; search?: string }): Promise<void>
  /**
   * Connects a wallet of the list (a `WalletItem`, or its `id`; any other string is taken as a
   * connector id) on `namespace` (default: the item's own). A registry wallet pairs through
   * WalletConnect: on a phone, with a pairing URI ready (`prefetchWalletConnectUri`) and not about to
   * expire, its deep link opens synchronously, inside the tap (iOS refuses one from an async
   * callback): call it in the click handler with nothing awaited before it. Resolves with the
   * namespace's account once connected. Counts as the reach.
   * @throws the engine's refusal (GangwayError 'Accept the terms to connect a wallet', …); GangwayError
   *   (category API_ERROR) with the connect's failure ('Connection rejected', the wallet's message) when it fails.
   * @example
   * ```ts
   * button.onclick = () => headless.connectWallet(item).then((account) => console.log(account.address))
   * ```
   */
  connectWallet(wallet: WalletItem | string, options?: { namespace?: Namespace }): Promise<AccountModel>
  /**
   * Asks the engine for a WalletConnect pairing now, so that a later tap finds its URI ready. The
   * engine renews it before it expires (10 s before) until a wallet settles it, a connect takes it
   * over, or `resetWalletConnectUri()`. Counts as the reach.
   * @throws GangwayError 'WalletConnect is off' when the site turned WalletConnect off.
   * @example
   * ```ts
   * await headless.prefetchWalletConnectUri()
   * ```
   */
  prefetchWalletConnectUri(): Promise<void>
  /**
   * The pairing URI now (`WalletConnectUri`).
   * @example
   * ```ts
   * const { wcUri } = headless.getWalletConnectUri()
   * if (wcUri) drawQr(wcUri)
   * ```
   */
  getWalletConnectUri(): WalletConnectUri
  /**
   * Calls back with the pairing URI on every change (a new pairing, a renewal, ready, failed,
   * reset). Counts as the reach.
   * @example
   * ```ts
   * headless.subscribeWalletConnectUri(({ wcUri }) => (wcUri ? drawQr(wcUri) : clearQr()))
   * ```
   */
  subscribeWalletConnectUri(callback: (uri: WalletConnectUri) => void): () => void
  /**
   * Ends the pairing in progress: its URI goes, renewal stops, and a connect waiting on it fails.
   * @example
   * ```ts
   * await headless.resetWalletConnectUri()
   * ```
   */
  resetWalletConnectUri(): Promise<void>
  /**
   * The site's networks grouped by namespace, the active one marked, and a switch the wallet has not
   * answered yet (`pending`).
   * @example
   * ```ts
   * const names = headless.getNetworks().groups.flatMap((g) => g.networks.map((n) => n.name))
   * ```
   */
  getNetworks(): NetworkListModel
  /**
   * Calls back with the networks on every change. Counts as the reach.
   * @example
   * ```ts
   * headless.subscribeNetworks((list) => render(list.groups))
   * ```
   */
  subscribeNetworks(callback: (networks: NetworkListModel) => void): () => void
  /**
   * Switches the active network (docs/behaviour.md §4), through the connected wallet when there is
   * one; resolves once the engine has it (the wallet's answer follows on `subscribeNetworks`).
   * @throws Error 'Network not found' for a network the site did not configure.
   * @example
   * ```ts
   * await headless.switchNetwork('eip155:8453')
   * ```
   */
  switchNetwork(caipNetworkId: CaipNetworkId | string): Promise<void>
  /**
   * Sends from the connected account (HeadlessSend); resolves once the transaction landed, with its
   * hash and its previewed balance changes. One send at a time: the Send views edit the same form.
   * @example
   * ```ts
   * const { hash, changes } = await headless.send({ to, amount: '0.5' })
   * ```
   */
  send: HeadlessSend
  /**
   * The last public event of this tab (`PublicEvent`), if any since `headless()` resolved.
   * @example
   * ```ts
   * console.log(headless.getEvent()?.data.event)
   * ```
   */
  getEvent(): PublicEvent | undefined
  /**
   * Calls back with each public event of this tab (docs/api.md, Events: a documented, versioned
   * subset; nothing secret, emails hashed). Independent of the `analytics` feature; no reach.
   * @example
   * ```ts
   * headless.subscribeEvents(({ data }) => console.log(data.event, data.properties))
   * ```
   */
  subscribeEvents(callback: (event: PublicEvent) => void): () => void
}
