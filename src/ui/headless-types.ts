/**
 * The headless surface (docs/api.md, Headless): what `await modal.headless()` gives a site that
 * draws its own wallet UI on Gangway's engine. Every read is a view model the modal's views read
 * too, and every action an intent they send, so the modal and a site's own UI can run side by side
 * and agree. Types only: the implementation is the core chunk's (client/headless.ts).
 */
import type { AccountModel, AccountTabsModel, CaipNetworkId, ConnectModel, NamesModel, Namespace, NetworkListModel, PublicEvent, SwapAssetChange, SwapModel, TxChangeRow, WalletItem, WalletListModel } from '../contract.js'
import type { SocialProvider } from '../events/kernel/host-options.js'

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
 *   problem ('Insufficient balance', 'Invalid receiver address', …); the send's failure ('Transaction rejected
 *   in the wallet', …; `details` names the transaction when it was broadcast and then failed).
 * @example
 * ```ts
 * const { hash } = await headless.send({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.01' })
 * ```
 */
export type HeadlessSend = (request: { to: string; amount: string; token?: string }) => Promise<SendOutcome>

/**
 * The Tokens tab's data (docs/behaviour.md §2 Account tabs, §9): the active account's holdings on
 * the active network as the modal's Account view shows them: `tokens` with amounts in whole tokens
 * floored to 3 decimals and `usd` floored to 2 (decimal strings), `networkBalanceUsd` their sum,
 * `tokensLoading` while the blockchain service is asked. Without a blockchain service: the native
 * balance and the site's listed tokens, read from the chain. Empty while nobody is connected.
 * @example
 * ```ts
 * const { tokens, networkBalanceUsd } = headless.getTokens()
 * list.replaceChildren(...tokens.map((t) => row(`${t.amount} ${t.symbol}`, t.usd)))
 * ```
 */
export type AccountTokens = Pick<AccountTabsModel, 'caipAddress' | 'networkBalanceUsd' | 'tokens' | 'tokensLoading'>

/**
 * The NFTs tab's data (docs/behaviour.md §2 Account tabs, §9: EVM, ERC-721): the active account's
 * NFTs on the active network (`key` is `contract:tokenId`), `nftsLoading` while asked. `tabs` names
 * the Account tabs the namespace has: without 'NFTs' (not EVM, or no NFT service) the list stays empty.
 * @example
 * ```ts
 * headless.subscribeNfts(({ nfts, tabs }) => {
 *   grid.hidden = !tabs.includes('NFTs')
 *   render(nfts)
 * })
 * ```
 */
export type AccountNfts = Pick<AccountTabsModel, 'caipAddress' | 'tabs' | 'nfts' | 'nftsLoading'>

/**
 * The Activity tab's data (docs/behaviour.md §2 Account tabs, §7 history, §9: EVM, while the
 * `activity` remote feature is on): the account's transactions on the active network (`minedAt`
 * ISO 8601), `activityLoading` for the first page, `activityLoadingMore` for the next one,
 * `next` the next page's cursor when there is one (`fetchMoreActivity()` asks for it), `pending` the
 * transactions sent through Gangway and not settled yet. `tabs` without 'Activity': the list stays empty.
 * @example
 * ```ts
 * headless.subscribeActivity(({ activity, next }) => {
 *   render(activity)
 *   more.hidden = !next
 * })
 * ```
 */
export type AccountActivity = Pick<AccountTabsModel, 'caipAddress' | 'tabs' | 'activity' | 'activityLoading' | 'activityLoadingMore' | 'next' | 'pending' | 'unfollowed'>

/**
 * The swap form with its quote (docs/behaviour.md §4 swap, §9 slippage), as the Swap view shows it:
 * `from`, `to` and `amount` (whole `from` tokens, as typed), `toAmount` what the quote gives (whole
 * `to` tokens, 6 significant digits), `details` (rate, price impact, minimum received, fees),
 * `fromUsd`/`toUsd`, `canSwap`, and after `executeSwap()` its `result`.
 * @example
 * ```ts
 * const quote: SwapQuote = await headless.getSwapQuote({ to: usdc, amount: '0.1' })
 * console.log(`${quote.amount} ${quote.from?.symbol} → ${quote.toAmount} ${quote.to?.symbol}`)
 * ```
 */
export type SwapQuote = SwapModel

/**
 * A swap that landed (docs/behaviour.md §4 swap): its transaction's `hash`, and what the checks
 * before the wallet showed (SwapPreview's review): `changes` the account's asset changes as the node
 * simulated the swap (`amount` signed whole tokens, `address` the token's contract, none for the
 * native currency), `simulated` false when the node could not simulate it (then `changes` is empty).
 * @example
 * ```ts
 * const { hash, changes } = await headless.executeSwap()
 * ```
 */
export interface SwapOutcome {
  hash: string
  changes: SwapAssetChange[]
  simulated: boolean
}

/**
 * The account name registration's data (docs/behaviour.md §2 RegisterAccountName, §3 name
 * suggestions state, §4 name registration, §5 the name rule): `canChoose` (an EVM account without a
 * name), the `zone` names are made in (`<label>.<zone>`), the `label` last asked about with its
 * `problem`, `suggestions` (each marked `registered` when taken) and `loading`, the label being
 * `registering`, the last `error`, the name just `registered`.
 * @example
 * ```ts
 * headless.subscribeNames(({ suggestions, loading }) => render(loading ? [] : suggestions))
 * ```
 */
export type AccountNames = NamesModel

/**
 * A sign-in the engine asks for (docs/behaviour.md §4 SIWX, §8): the account asked to sign in
 * (`caipAddress`, CAIP-10, and its `address`), `signing` while the wallet's prompt is open, and the
 * last failure ('Error signing message'). The modal shows it as SIWXSignMessage.
 * @example
 * ```ts
 * headless.subscribeSignIn((asked) => (signInDialog.hidden = !asked))
 * ```
 */
export type SignInRequest = NonNullable<ConnectModel['siwx']>

/**
 * Email and social login as a site's own UI follows it (docs/behaviour.md §4 email login and social
 * login, §8): `enabled` whether the modal was given the login (its `auth` option and secure site),
 * `methods` the connect methods on offer in order ('wallet', 'email', 'social'), `socials` the social
 * providers on offer, `emailLogin` the email login under way (`step` 'sending', 'verify-otp',
 * 'verify-device' or 'connecting'; `email`; the secure site's last refusal `error`; `resendAt`, ms
 * since the epoch, when another code may be asked for), `socialLogin` the social login under way
 * (`provider`, `step`, `error`).
 * @example
 * ```ts
 * headless.subscribeLogin(({ emailLogin }) => (codeField.hidden = emailLogin?.step !== 'verify-otp'))
 * ```
 */
export interface LoginStatus extends Pick<ConnectModel, 'methods' | 'socials' | 'emailLogin' | 'socialLogin'> {
  enabled: boolean
}

/**
 * A social login provider a site's own button may start: the modal's providers but Farcaster, whose
 * login is a QR code the modal shows (ConnectingFarcaster).
 * @example
 * ```ts
 * const provider: HeadlessSocialProvider = 'google'
 * button.onclick = () => headless.connectSocial(provider)
 * ```
 */
export type HeadlessSocialProvider = Exclude<SocialProvider, 'farcaster'>

/**
 * The headless surface. Each `subscribe…` calls back on every change after it (not at once; the
 * matching `get…` gives the value now) and returns its unsubscribe function.
 *
 * **The network-quiet start** (docs/behaviour.md §7): the engine asks no service anything before the
 * visitor reaches for the modal. The first `subscribe…` call (but `subscribeEvents`) and the first
 * of `fetchWallets`, `connectWallet`, `prefetchWalletConnectUri`, `fetchMoreActivity`,
 * `getSwapQuote`, `executeSwap`, `suggestNames`, `registerName`, `connectEmail` and `connectSocial`
 * count as that reach: a site that subscribes at load gives the quiet start up. The `get…` reads
 * never count.
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
  /**
   * The Tokens tab's data now (`AccountTokens`, docs/behaviour.md §2 Account tabs). Fetched only while a `subscribeTokens` callback (or
   * the modal's Account view) is there.
   * @example
   * ```ts
   * const { tokens } = headless.getTokens()
   * ```
   */
  getTokens(): AccountTokens
  /**
   * Calls back with the Tokens tab's data on every change. While any such callback is subscribed
   * the engine keeps the holdings fetched as it does for the modal's Account view (docs/behaviour.md
   * §2 Account tabs, §9 lifetimes); the last unsubscribe stops it. Counts as the reach.
   * @example
   * ```ts
   * const stop = headless.subscribeTokens(({ tokens, tokensLoading }) => render(tokens, tokensLoading))
   * ```
   */
  subscribeTokens(callback: (tokens: AccountTokens) => void): () => void
  /**
   * The NFTs tab's data now (`AccountNfts`, docs/behaviour.md §2 Account tabs). Fetched only while a `subscribeNfts` callback (or the
   * modal's NFTs tab) is there.
   * @example
   * ```ts
   * const { nfts } = headless.getNfts()
   * ```
   */
  getNfts(): AccountNfts
  /**
   * Calls back with the NFTs tab's data on every change; while any such callback is subscribed the
   * engine fetches the NFTs as the modal's NFTs tab makes it (docs/behaviour.md §2 Account tabs, §9
   * lifetimes); the last unsubscribe stops it. Counts as the reach.
   * @example
   * ```ts
   * const stop = headless.subscribeNfts(({ nfts }) => render(nfts))
   * ```
   */
  subscribeNfts(callback: (nfts: AccountNfts) => void): () => void
  /**
   * The Activity tab's data now (`AccountActivity`, docs/behaviour.md §2 Account tabs). Fetched only while a `subscribeActivity`
   * callback (or the modal's Activity tab) is there.
   * @example
   * ```ts
   * const { activity, next } = headless.getActivity()
   * ```
   */
  getActivity(): AccountActivity
  /**
   * Calls back with the Activity tab's data on every change; while any such callback is subscribed
   * the engine fetches the first page of the history as the modal's Activity tab makes it
   * (docs/behaviour.md §2 Account tabs, §7 history); the last unsubscribe stops it. Counts as the reach.
   * @example
   * ```ts
   * const stop = headless.subscribeActivity(({ activity }) => render(activity))
   * ```
   */
  subscribeActivity(callback: (activity: AccountActivity) => void): () => void
  /**
   * Asks for the next page of the Activity list (docs/behaviour.md §7 history, the `next` cursor),
   * as the Activity tab does when its end scrolls into view; resolves `true` once asked, `false`
   * when there is no next page or one is being read. The page follows on `subscribeActivity`.
   * Counts as the reach.
   * @example
   * ```ts
   * new IntersectionObserver(([e]) => e?.isIntersecting && headless.fetchMoreActivity()).observe(listEnd)
   * ```
   */
  fetchMoreActivity(): Promise<boolean>
  /**
   * Fills the swap form (docs/behaviour.md §4 swap) with `from` and `to` (token contract addresses on
   * the active network, undefined for the native currency; tokens the swap service lists) and
   * `amount` (whole `from` tokens, a decimal string as a visitor types it), with the Swap form's
   * quoting on (the site's `swap` showing flag) until it settles; resolves with the form
   * (`SwapQuote`) once a quote for exactly that form is in. The form is the Swap view's: the modal
   * shows the same one. Counts as the reach.
   * @throws GangwayError 'Not connected' without a connected account; 'Network not supported for
   *   Swaps' for an account not on EVM, or the swap service's refusal of the network's tokens;
   *   'A swap is already under way'; 'Token not offered on this network' for a token not in the
   *   service's list; 'Invalid amount' or '{symbol} allows at most {n} decimals'; the form's problem
   *   ('Insufficient balance'); the quote's failure (category API_ERROR: 'Insufficient liquidity',
   *   'Error fetching swap quote', the service's reason); 'The swap form changed before its quote
   *   came' when another edit (the modal's) replaced it.
   * @example
   * ```ts
   * const quote = await headless.getSwapQuote({ to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amount: '0.1' })
   * console.log(quote.toAmount, quote.details?.minimumReceived)
   * ```
   */
  getSwapQuote(request: { from?: string; to?: string; amount: string }): Promise<SwapQuote>
  /**
   * Swaps what the form holds (after `getSwapQuote`; docs/behaviour.md §4 swap): the checks before the wallet first, with the
   * site's swap review on (SwapPreview's: the swap built, its calldata read, simulated), then the
   * swap through the wallet, with an approval first when the allowance is too low; resolves once
   * the swap landed (`SwapOutcome`: its hash and the review's asset changes). Counts as the reach.
   * @throws GangwayError 'A swap is already under way'; 'No quote for this swap' (or the form's
   *   problem, or the last quote's failure) without a current quote; the checks' refusal (category
   *   API_ERROR: SwapRefusedError's messages, 'Error building swap transaction', …); the swap's
   *   failure (category API_ERROR: 'Transaction rejected in the wallet', 'Transaction reverted', …;
   *   `details` names the transaction when it was sent and then failed).
   * @example
   * ```ts
   * await headless.getSwapQuote({ to: usdc, amount: '0.1' })
   * const { hash, changes } = await headless.executeSwap()
   * ```
   */
  executeSwap(): Promise<SwapOutcome>
  /**
   * The name registration's data now (`AccountNames`, docs/behaviour.md §3 name suggestions state).
   * @example
   * ```ts
   * if (headless.getNames().canChoose) chooseName.hidden = false
   * ```
   */
  getNames(): AccountNames
  /**
   * Calls back with the name registration's data on every change (suggestions in, a registration
   * under way, registered, failed; docs/behaviour.md §4 name registration). Counts as the reach.
   * @example
   * ```ts
   * headless.subscribeNames(({ suggestions }) => render(suggestions.map((s) => s.name)))
   * ```
   */
  subscribeNames(callback: (names: AccountNames) => void): () => void
  /**
   * Asks for name suggestions for `label` (at most 64 characters), as RegisterAccountName's field
   * does: the engine asks the name service once typing stops for 500 ms (docs/behaviour.md §9), for
   * the last label only; resolves once asked. The suggestions follow on `subscribeNames`
   * (`suggestions` for `label`; a label that breaks the name rule gets none, and `problem` says
   * why). Counts as the reach.
   * @throws GangwayError 'Names are EVM only' without a connected EVM account; the engine's refusal
   *   ('Invalid intent payload: …') for a label over 64 characters.
   * @example
   * ```ts
   * input.oninput = () => void headless.suggestNames(input.value)
   * ```
   */
  suggestNames(label: string): Promise<void>
  /**
   * Registers the name `<label>.<zone>` (a label, or the full name in `getNames().zone`) for the
   * connected EVM account (docs/behaviour.md §4 name registration): the wallet signs the request,
   * then the name service registers it; resolves with the full name once registered. Counts as the reach.
   * @throws GangwayError 'Names are EVM only'; 'A name has at least 4 characters: letters, digits
   *   and hyphens'; 'A name registration is already under way'; the service's failure (category
   *   API_ERROR: its reason, 'Error registering name {name}'); UserRejectedError (code 4001, message
   *   'Error registering name {name}') when the visitor refused to sign.
   * @example
   * ```ts
   * const name = await headless.registerName('alice') // 'alice.reown.id'
   * ```
   */
  registerName(name: string): Promise<string>
  /**
   * The sign-in the engine asks for now (`SignInRequest`), if any: with the site's `siwx` option,
   * after a connect or restore without a verified session (docs/behaviour.md §4 SIWX).
   * @example
   * ```ts
   * const asked = headless.getSignIn()
   * ```
   */
  getSignIn(): SignInRequest | undefined
  /**
   * Calls back with the sign-in asked for on every change, `undefined` once it ended (signed in,
   * cancelled, or the account gone; docs/behaviour.md §4 SIWX). Counts as the reach.
   * @example
   * ```ts
   * headless.subscribeSignIn((asked) => {
   *   dialog.hidden = !asked
   *   signButton.disabled = asked?.signing ?? true
   * })
   * ```
   */
  subscribeSignIn(callback: (signIn: SignInRequest | undefined) => void): () => void
  /**
   * Signs the asked account in (SIWXSignMessage's Sign in): the site's `siwx` makes the message, the
   * wallet signs it, the engine verifies it and hands the session to the site; resolves once the
   * sign-in ended without a refusal. (When the site's own `siwx` fails, the account is
   * disconnected: `subscribeAccount` tells.)
   * @throws GangwayError 'SIWX is not enabled'; 'No sign-in under way'; 'A sign-in is already under
   *   way'; 'Error signing message' (category API_ERROR) when the wallet did not sign (docs/behaviour.md §8).
   * @example
   * ```ts
   * signButton.onclick = () => headless.signIn().catch((e) => (error.textContent = e.message))
   * ```
   */
  signIn(): Promise<void>
  /**
   * Declines the sign-in asked for (SIWXSignMessage's Cancel, docs/behaviour.md §4 SIWX): where the site requires it, the
   * account is disconnected; else it stays connected, unsigned. Resolves once asked.
   * @throws GangwayError 'SIWX is not enabled'; 'No sign-in under way'.
   * @example
   * ```ts
   * cancelButton.onclick = () => headless.cancelSignIn()
   * ```
   */
  cancelSignIn(): Promise<void>
  /**
   * Email and social login now (`LoginStatus`, docs/behaviour.md §4 email login and social login).
   * @example
   * ```ts
   * const { enabled, socials } = headless.getLogin()
   * ```
   */
  getLogin(): LoginStatus
  /**
   * Calls back with email and social login's state on every change (a step reached, a refusal;
   * docs/behaviour.md §4, §8). Counts as the reach.
   * @example
   * ```ts
   * headless.subscribeLogin(({ emailLogin }) => (codeError.textContent = emailLogin?.error ?? ''))
   * ```
   */
  subscribeLogin(callback: (login: LoginStatus) => void): () => void
  /**
   * Starts an email login (docs/behaviour.md §4 email login): the secure site mails a code to
   * `email`; resolves with the step that follows once it answered: 'verify-otp' (a code was mailed:
   * `submitEmailOtp` next), 'verify-device' (the visitor approves this device from the email, then a
   * code is mailed) or 'connecting' (known device: the account connects). Counts as the reach.
   * @throws GangwayError 'Email and social login are not enabled' when the modal has no `auth`
   *   option or secure site; 'Invalid email'; 'Email login is not enabled'; 'Accept the terms to
   *   connect a wallet'; 'Please try again after {n} seconds' (docs/behaviour.md §5); the secure
   *   site's refusal (its message); 'No login under way' when the login ended meanwhile.
   * @example
   * ```ts
   * const step = await headless.connectEmail('visitor@example.com')
   * if (step === 'verify-otp') codeField.hidden = false
   * ```
   */
  connectEmail(email: string): Promise<'verify-otp' | 'verify-device' | 'connecting'>
  /**
   * Sends the 6-digit code the visitor typed to the secure site (docs/behaviour.md §4 email login,
   * §5 the code's rule), from the page: the code never
   * reaches the engine, its log or an event. Resolves once the secure site answered: accepted, the
   * login goes on (`emailLogin.step` 'connecting', then the account connects: `subscribeAccount`);
   * refused, `emailLogin.error` says why ('Invalid code', on `subscribeLogin`).
   * @throws GangwayError 'Email and social login are not enabled'; 'Invalid code' for anything but 6 digits.
   * @example
   * ```ts
   * form.onsubmit = () => void headless.submitEmailOtp(codeInput.value)
   * ```
   */
  submitEmailOtp(code: string): Promise<void>
  /**
   * Starts a social login with `provider` (docs/behaviour.md §4 social login): its popup opens at
   * once, inside the call, so call it in the click handler with nothing awaited before it (a
   * browser blocks a popup opened later). Resolves once the provider answered and the account is
   * connecting (`subscribeAccount` tells when it is connected). Telegram's browser leaves the page
   * for the provider instead: the login ends when the page comes back. Counts as the reach.
   * @throws GangwayError 'Email and social login are not enabled'; 'Social login is not enabled'
   *   for a provider not on offer (`getLogin().socials`); 'Accept the terms to connect a wallet';
   *   the login's failure ('Popup closed', 'Failed to initiate social connection', 'Failed to
   *   connect', …); 'No login under way' when it ended otherwise (another login, a connect).
   * @example
   * ```ts
   * googleButton.onclick = () => headless.connectSocial('google').catch((e) => (error.textContent = e.message))
   * ```
   */
  connectSocial(provider: HeadlessSocialProvider): Promise<void>
}
