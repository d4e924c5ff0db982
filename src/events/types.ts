/**
 * The event catalogue: every fact and intent Gangway records, as a discriminated union on `type`.
 * Names follow `area/fact` (past tense) for outcomes and `area/…-requested` for intents (docs/api.md).
 * Payloads are plain JSON; amounts are decimal strings whose unit is in the field name (`valueWei`).
 */
import type { AccountTab, BatchCall, AccountType, CacheName, CaipAddress, CaipNetworkId, Connector, Namespace, Nft, SendToken, SnackbarVariant, SwapToken, TokenBalance, Transaction, ViewName, WalletListing, WalletRef } from './entities.js'
import type { ConfiguredPayload, RemoteFeatures, SocialProvider } from './host-options.js'
import type { ErrorCategory } from './errors.js'
import type { CatalogueIntentType, CataloguePayloads } from './catalogue/index.js'

/**
 * Schema version written on every event; readers upcast older versions (src/events/upcast.ts).
 * 1: the first logs. 2: every event carries `tab`, the id of the page session that appended it.
 */
export const EVENT_SCHEMA_VERSION = 2

/**
 * A swap quote: `toAmount` of `to` for `fromAmount` of `from` (CAIP-10 tokens, base units as
 * decimal strings); with what the form shows beside it when known: the USD prices of `from`, `to` and
 * the network's native currency (`fromPrice`, `toPrice`, `nativePrice`), the gas price (`gasPrice`,
 * wei), the swap's gas limit (`gas`) and the provider's fee (`fee`, base units of `from`).
 */
export interface SwapQuoteFetched {
  from: string
  to: string
  fromAmount: string
  toAmount: string
  fromPrice?: number
  toPrice?: number
  nativePrice?: number
  gasPrice?: string
  gas?: string
  fee?: string
}

/** A transaction of a checked swap (docs/behaviour.md §4 swap): an approval, a USDT-style reset to zero, or the swap; `value` and `gas` in wei as decimal strings. */
export interface SwapPlanTransaction {
  kind: 'approve' | 'reset' | 'swap'
  /** The contract called, checksummed. */
  to: string
  /** 0x hex calldata. */
  data: string
  value: string
  gas?: string
}

/**
 * A swap checked before the wallet (docs/behaviour.md §4 swap; worker/swap/check-swap.ts): the form's
 * `from`, `to` (CAIP-10) and `typedAmount` (base units) it answers; `fromAmount` what is spent (a
 * native source less its gas), `minimum` the least of `to` the signed swap gives (base units, read
 * from its calldata), the transactions to send in order, the two tokens as their contracts say
 * (CAIP-10 address, symbol, decimals; none for the native one), and, when the node simulated them,
 * the account's asset changes (`diff` signed base units as a decimal string).
 */
export interface SwapChecked {
  from: string
  to: string
  typedAmount: string
  fromAmount: string
  minimum: string
  transactions: SwapPlanTransaction[]
  tokens: { address: string; symbol: string; decimals: number }[]
  simulated: boolean
  changes?: { token: string; diff: string; symbol?: string; decimals?: number }[]
}

/**
 * The kinds of call the transaction preview reads (chains/eip155/decode-call.ts): a plain native
 * transfer, the ERC-20 and ERC-721 token calls, a swap on the pinned router, any other contract call
 * (shown as 'Contract call to <address>'), a contract creation.
 */
export const TX_PREVIEW_KINDS = [
  'native-transfer',
  'erc20-transfer',
  'erc20-approve',
  'erc20-transfer-from',
  'erc721-approve',
  'erc721-approval-for-all',
  'erc721-transfer',
  'swap',
  'contract-call',
  'contract-creation',
] as const

/** A token as the preview names it: its contract (checksummed; NATIVE_TOKEN 0xEeee…EeE for the native currency), with the symbol and decimals read on chain where it has them. */
export interface TxPreviewToken {
  address: string
  symbol?: string
  decimals?: number
}

/**
 * One call as the preview shows it (docs/behaviour.md §2 ApproveTransaction): its kind, target and
 * native `value` (wei), and what its kind names. Addresses checksummed; `amount` (ERC-20, a swap's
 * input) and `tokenId` (ERC-721) in base units as decimal strings.
 */
export interface TxPreviewCall {
  kind: (typeof TX_PREVIEW_KINDS)[number]
  /** The contract or account called (none for a contract creation). */
  to?: string
  value: string
  /** The token a token call acts on (its target). */
  token?: TxPreviewToken
  /** An approval's spender or operator. */
  spender?: string
  /** transferFrom's owner. */
  owner?: string
  /** Who receives: a transfer's receiver, a swap's recipient (the account where the router pays the caller). */
  recipient?: string
  amount?: string
  tokenId?: string
  /** setApprovalForAll's flag: false revokes. */
  approved?: boolean
  /** A swap's tokens where its calldata names them, and the least it gives (base units of `swapTo`). */
  swapFrom?: TxPreviewToken
  swapTo?: TxPreviewToken
  minOut?: string
  /** A contract call's 4-byte selector (0x and 8 hex digits). */
  selector?: string
}

/**
 * What Gangway shows of a transaction before the visitor approves it (worker/tx-preview/): the calls
 * decoded, and the account's asset changes from simulating them all together on the node
 * (`simulated` false where it could not: 'Not simulated'; `failed` the index of the first call that
 * reverted there). `changes[].diff` signed base units as a decimal string, as the node simulated it
 * (a node that charges gas in a simulation includes the fee in the native one), `approvals` the ones
 * the simulation granted. `id` names what it
 * previews: a waiting approval (`auth/approval-requested`'s id), the send form (`send`, with the form
 * it was computed for: `token` the contract or none for the native currency, `amount` base units,
 * `receiver` the address), or, for a call of an EIP-5792 batch, the approval with `batch` (its id and
 * the call's index): its calls are the batch's, its changes those of the batch's calls from that one on.
 */
export interface TxPreview {
  id: string
  caipNetworkId: CaipNetworkId
  account: string
  calls: TxPreviewCall[]
  batch?: { id: string; index: number }
  send?: { token?: string; amount: string; receiver: string }
  simulated: boolean
  failed?: number
  changes: { token: string; diff: string; symbol?: string; decimals?: number }[]
  approvals: { token: string; spender: string; kind: 'approval' | 'approval-for-all'; symbol?: string }[]
}

/**
 * Payload of each event type: the catalogued features' (events/catalogue/, derived from their
 * schemas) and those still declared here.
 */
export interface EventPayloads extends CataloguePayloads {
  /** The host site's options as the engine uses them (host-options.ts: configuredPayload); written once per engine start. */
  'engine/configured': ConfiguredPayload
  /** The engine finished replaying its log and runs; session-scoped state (open modal, pending connect) resets. */
  'engine/started': { mode: 'worker' | 'main' }

  /** The wallet provider's supported chains (blockchain service GET v1/supported-chains): CAIP-2 ids. */
  'rpc/supported-chains-fetched': { http: string[]; ws: string[] }

  /** The bridge's full current list of wallets (EIP-6963 announced, legacy injected). Replaces the previous list. */
  'connectors/discovered': { connectors: Connector[] }

  'modal/open-requested': { view?: ViewName; namespace?: Namespace; isMobile: boolean }
  'modal/close-requested': Record<string, never>
  'modal/back-requested': Record<string, never>
  'modal/navigate-requested': { view: ViewName }
  'modal/shake-started': Record<string, never>
  'modal/shake-ended': Record<string, never>
  /**
   * The visitor reached for a trigger (pointer over, focus or touch on <gangway-button> or an
   * element with `data-gangway-open`; seen by the page, ui/client/first-approach.ts): like the first open, it lets
   * the engine fetch the remote configuration (docs/behaviour.md §7). The page sends it once.
   */
  'modal/trigger-approached': Record<string, never>

  /** `wallet`: the listing or connector the visitor picked (remembered as a recent wallet on success). */
  'connect/requested': { connectorId: string; namespace: Namespace; wallet?: WalletRef }
  /**
   * `via`: `prompt` after the wallet approved a request, `restore` when a stored session was confirmed silently.
   * `wallet` (schema 2): the wallet the visitor picked, remembered as the newest recent wallet; the
   * event carries it so that every tab folds the same recent wallets (v1 logs get it by upcasting).
   */
  'connect/succeeded': {
    connectorId: string
    namespace: Namespace
    caipAddress: CaipAddress
    via: 'prompt' | 'restore'
    wallet?: WalletRef
    /**
     * Every address the wallet exposes on the namespace, as it gave them, de-duplicated by
     * lowercase, at most MAX_CONNECTION_ACCOUNTS; absent in older logs, where the
     * connection's one account is `caipAddress`'s.
     */
    accounts?: string[]
    /**
     * docs/behaviour.md §6: `add` keeps the namespace's other connections (the multiWallet remote
     * feature was on when the effect decided); `replace` (or absent, as before multi-wallet) marks them
     * disconnected. Decided by the effect, so every tab and the snapshots fold the same.
     */
    mode?: 'add' | 'replace'
  }
  'connect/failed': { connectorId: string; namespace: Namespace; message: string; code?: number }

  /** EIP-1193 `accountsChanged` from the connected provider (addresses as the wallet sent them). */
  'wallet/accounts-changed': { connectorId: string; namespace: Namespace; addresses: string[] }
  /** EIP-1193 `chainChanged`, normalised to CAIP-2. */
  'wallet/chain-changed': { connectorId: string; namespace: Namespace; caipNetworkId: CaipNetworkId }
  /** EIP-1193 `disconnect` from the provider. */
  'wallet/disconnected': { connectorId: string; namespace: Namespace }

  /** Switch the active network (docs/behaviour.md §4): through the wallet when one is connected on that namespace. */
  'network/switch-requested': { caipNetworkId: CaipNetworkId }
  /** docs/behaviour.md §2 SwitchActiveChain: the visitor picked a network of a namespace no wallet is connected on; the view asks before switching. */
  'network/active-chain-switch-requested': { caipNetworkId: CaipNetworkId }
  'network/switched': { caipNetworkId: CaipNetworkId }
  'network/switch-failed': { caipNetworkId: CaipNetworkId; message: string; code?: number }

  /** docs/behaviour.md §6: switch the preferred account type of a namespace. */
  'account-type/switch-requested': { namespace: Namespace; accountType: AccountType }

  /**
   * Disconnect (docs/behaviour.md §4): `connectorId` names one connection of `namespace`; `all` every
   * live connection of `namespace` (of every namespace when none is named); neither, the active
   * connection of `namespace` (of the active namespace when none is named).
   */
  'disconnect/requested': { namespace?: Namespace; connectorId?: string; all?: boolean }
  /** `reason`: `user` (disconnect button or API), `wallet` (provider side), `restore-failed` (stored session no longer authorised). */
  'disconnect/succeeded': { connectorId: string; namespace: Namespace; reason: 'user' | 'wallet' | 'restore-failed' }
  /**
   * The wallet failed to end the connection the visitor asked to end (its revoke threw with another
   * error than "method not supported"): the connection stays as it was. `message` is
   * 'Failed to disconnect'; `cause` the wallet's own message (at most 256 characters), `code` its EIP-1193 code when it had one.
   */
  'disconnect/failed': { connectorId: string; namespace: Namespace; message: string; cause: string; code?: number }

  /**
   * Switch to a connection of `namespace` (docs/behaviour.md §4, ProfileWallets' Switch): the one
   * `connectorId` names, on `address` (one of its accounts; its first when absent). How depends on
   * the connection's class (select/connection-class.ts).
   */
  'connection/switch-requested': { namespace: Namespace; connectorId: string; address?: string }
  /**
   * The namespace's active connection is now `connectorId`'s, on `caipAddress` (no prompt: the
   * wallet still exposed it). `wallet`: another connection became the active one (else an account
   * switch inside the active connection).
   */
  'connection/switched': { namespace: Namespace; connectorId: string; caipAddress: CaipAddress; wallet: boolean }
  /**
   * docs/behaviour.md §3 addressLabels (`modal.setAddressLabel`): the site names `address` with
   * `label` (at most 64 characters); an empty label removes the name.
   */
  'address-label/set-requested': { address: string; label: string }
  /** A switch that did not happen; the active connection is as it was. */
  'connection/switch-failed': { namespace: Namespace; connectorId: string; message: string }

  'balance/fetch-requested': { caipAddress: CaipAddress; reason: 'connected' | 'modal-opened' | 'new-block' | 'account-changed' | 'manual' }
  /** Native balance read from the chain: an integer decimal string in wei (eip155) or lamports (solana). */
  'balance/fetched': { caipAddress: CaipAddress; decimals: number; symbol: string } & ({ valueWei: string } | { valueLamports: string })
  'balance/failed': { caipAddress: CaipAddress; message: string }
  /** A fetch not made: docs/behaviour.md §9 blocks a balance retry for 30 s after a failure. `retryInMs`: time left. */
  'balance/fetch-skipped': { caipAddress: CaipAddress; reason: 'retry-blocked'; retryInMs: number }

  /** Token balances of an account (the site's listed tokens), `value` in the token's smallest unit. */
  'tokens/fetch-requested': { caipAddress: CaipAddress }
  'tokens/fetched': { caipAddress: CaipAddress; balances: { address: string; value: string }[] }
  'tokens/failed': { caipAddress: CaipAddress; message: string }

  /** The send form (docs/behaviour.md §3 Send state, §5 rules). `amount` is a decimal string as typed, in whole tokens. */
  'send/token-selected': { token: SendToken }
  'send/amount-changed': { amount: string }
  'send/receiver-changed': { receiver: string }
  /** Send what the form holds (refused by the docs/behaviour.md §5 rules with their messages). */
  'send/requested': Record<string, never>
  /** The transaction was broadcast (wallet or node accepted it): from here on it is never sent again. */
  'send/submitted': { caipNetworkId: CaipNetworkId; hash: string }
  /** The transaction is on chain: `hash` of the mined transaction. */
  'send/succeeded': { caipNetworkId: CaipNetworkId; hash: string }
  'send/failed': { message: string; code?: number }

  /** The Account view's tab (docs/behaviour.md §2 Account tabs), kept in the active namespace's account state (docs/behaviour.md §3 currentTab). */
  'account/tab-selected': { tab: AccountTab }

  /**
   * The account's holdings (blockchain service balance, docs/behaviour.md §7). Asked when the Account view shows;
   * `forceUpdate` skips the 30 s cache; `tokens` (CAIP-10 token ids, the native coin as
   * `eip155:<id>:0xEeee…EEeE`, at most PORTFOLIO_REFRESH_MAX) are the holdings that just changed,
   * which the service reads afresh (its `forceUpdate` list, EVM only; docs/services.md).
   */
  'portfolio/fetch-requested': { caipAddress: CaipAddress; forceUpdate?: boolean; tokens?: string[] }
  /** Every holding as the service listed it (the projection drops decimals "0", docs/behaviour.md §5). */
  'portfolio/fetched': { caipAddress: CaipAddress; balances: TokenBalance[] }
  'portfolio/failed': { caipAddress: CaipAddress; message: string }
  /** Not fetched: within 30 s of a failure (docs/behaviour.md §9, `retryInMs` left), or a namespace without balances (docs/behaviour.md §9). */
  'portfolio/fetch-skipped': { caipAddress: CaipAddress; reason: 'retry-blocked' | 'unsupported-network'; retryInMs?: number }
  /** The visitor left the view before the answer came; the request is aborted. */
  'portfolio/fetch-cancelled': { caipAddress: CaipAddress }

  /** The account's ERC721 tokens (the NFTs tab, EVM only). */
  'nfts/fetch-requested': { caipAddress: CaipAddress }
  'nfts/fetched': { caipAddress: CaipAddress; nfts: Nft[] }
  'nfts/failed': { caipAddress: CaipAddress; message: string }
  'nfts/fetch-cancelled': { caipAddress: CaipAddress }

  /** A page of the account's history on its chain (docs/behaviour.md §7 history; EVM only, docs/behaviour.md §9). No `cursor`: the first page. */
  'history/fetch-requested': { caipAddress: CaipAddress; cursor?: string }
  /** A page as the service sent it (the projection applies the docs/behaviour.md §5 spam and chain rules); `next`: the following page's cursor. */
  'history/fetched': { caipAddress: CaipAddress; cursor?: string; transactions: Transaction[]; next?: string }
  'history/failed': { caipAddress: CaipAddress; cursor?: string; message: string }
  'history/fetch-cancelled': { caipAddress: CaipAddress; cursor?: string }

  /** Name and avatar of an EVM address (docs/behaviour.md §7 identity; names are EVM only, docs/behaviour.md §9). */
  'identity/fetch-requested': { address: string }
  'identity/fetched': { address: string; name?: string; avatar?: string }
  'identity/failed': { address: string; message: string }
  'identity/fetch-cancelled': { address: string }

  /** The project's allowed origins (wallet/config service, docs/behaviour.md §7), and whether this page's origin is one of them. */
  'origins/fetched': { allowedOrigins: string[]; originAllowed: boolean }
  /** docs/behaviour.md §8: 'RATE_LIMITED' on 429, 'SERVER_ERROR' on 5xx. */
  'origins/failed': { message: string }

  /**
   * The remote configuration (wallet/config service GET /appkit/v1/config, docs/behaviour.md §7, §9),
   * checked and reduced to the remote features it sets (api/wallet-config.ts remoteFeaturesOf).
   * Asked at most once per page life, on the first open or trigger approach.
   */
  'features/remote-config-fetched': { features: RemoteFeatures }
  /** The remote configuration could not be read: the defaults stay (logged, never shown). */
  'features/remote-config-failed': { message: string }

  /** A cache answered (docs/behaviour.md §3 caches): which cache, key, level and the entry's age in ms. */
  'cache/hit': { cache: CacheName; key: string; level: 'memory' | 'storage'; ageMs: number }
  /** A cache had no fresh entry, so the value is fetched. */
  'cache/missed': { cache: CacheName; key: string }

  /**
   * A WalletConnect pairing to show (QR code, copy, deep link). The `wc:` URI itself carries the
   * pairing's symmetric key, so it never enters the log: the UI reads it through the engine's
   * pairing channel. `expiresAt`: s since the epoch (docs/behaviour.md §9: 4 minutes).
   */
  'walletconnect/pairing-created': { pairingTopic: string; expiresAt: number }
  /** docs/behaviour.md §5: the pairing has 10 s or less left; a new one follows while the view is open. */
  'walletconnect/pairing-expired': { pairingTopic: string }
  /** The page opened a wallet's deep link (docs/behaviour.md §3 wallet deep link choice: name, href). */
  'walletconnect/deep-link-opened': { name: string; href: string }

  /** All Wallets (docs/behaviour.md §2, §9): one page of 40 of the registry. */
  'wallets/page-requested': { page: number }
  /** `received`: the entries the service sent, when some were dropped as malformed (the paging rules count those). */
  'wallets/page-fetched': { page: number; count: number; wallets: WalletListing[]; received?: number }
  'wallets/page-failed': { page: number; message: string }
  /** Search the registry (docs/behaviour.md §5: trimmed; the view waits 300 ms after the last keystroke). An empty query ends the search. */
  'wallets/search-requested': { query: string }
  'wallets/search-fetched': { query: string; count: number; wallets: WalletListing[] }
  'wallets/search-failed': { query: string; message: string }
  /** The Connect view's featured (the site's featuredWalletIds, in its order) and recommended wallets. */
  'wallets/lists-fetched': { featured: WalletListing[]; recommended: WalletListing[]; count: number }
  /** The registry did not answer for the Connect view's lists: it shows the page's wallets only. */
  'wallets/lists-failed': { message: string }

  /** Ask for a snackbar; docs/behaviour.md §4: if one is open it closes and the new one shows after 150 ms. */
  'snackbar/show-requested': { variant: SnackbarVariant; message: string }
  'snackbar/shown': { variant: SnackbarVariant; message: string }
  'snackbar/hidden': Record<string, never>

  /**
   * A stored or imported event that failed its checks when read back (src/events/validate-stored.ts):
   * it keeps its seq so the log stays gap-free, and nothing folds or acts on it.
   */
  'log/event-refused': { refusedType: string; reason: string }

  /**
   * An error escaped an effect (docs/behaviour.md §8: wrapped in the typed SDK error, category
   * INTERNAL_SDK_ERROR by default); the engine restarts the effect. `effect`: which one (its name
   * and place in the engine's list); `errorType`: the error's class name; `message` (at most 500
   * characters) and `stack` (the frames, at most 4000) scrubbed of secrets (events/redact.ts
   * scrubText); `code` when the error has one. Reported to the analytics service.
   */
  'engine/effect-failed': { effect: string; errorType: string; category: ErrorCategory; message: string; code?: number; stack?: string }

  /**
   * Analytics and error reports (docs/behaviour.md §7, worker/effects/infra/analytics.ts). The wallet/config
   * service's switch (GET /getAnalyticsConfig): false turns both off for this page; it never turns
   * them on against the site.
   */
  'analytics/config-fetched': { isAnalyticsEnabled: boolean }
  /** The switch could not be read: analytics and error reports stay off for this page. */
  'analytics/config-failed': { message: string }
  /** A POST /e was answered: `events` analytics events and `reports` error reports delivered. */
  'analytics/sent': { events: number; reports: number }
  /** A POST /e failed: its analytics events wait for the next flush once (then `dropped`); a report is dropped. `status`: the HTTP status, when there was one. */
  'analytics/send-failed': { events: number; reports: number; dropped: number; message: string; status?: number }
  /** The analytics service answered 403: the origin is not on the project's allowlist. Analytics stop for this page; 'Invalid App Configuration' shows once. */
  'analytics/forbidden': Record<string, never>
  /** The page sent these pending analytics events itself (navigator.sendBeacon, on hide or leave): the engine does not send them again. */
  'analytics/beacon-sent': { eventIds: string[] }
  /**
   * The site asked for a test error (the debug panel's *Test error*, shown only with the `debug` option): an effect
   * throws `message` (at most 200 characters), which escapes it like any bug would, so the site can
   * see its error report arrive (docs/behaviour.md §8).
   */
  'debug/test-error-requested': { message: string }
  /**
   * The visitor ticked (`accepted` true) or unticked the legal checkbox (features.legalCheckbox):
   * while it is on and unticked, the engine refuses `connect/requested`. It holds for this page
   * session only (projections/slices/legal.ts): each page load asks again.
   */
  'legal/acceptance-changed': { accepted: boolean }

  /**
   * Email and social login: the secure site's SDK page, in a hidden iframe the page
   * created (ui/bridge/auth/), did not load ('The secure site did not load'). P, a fact the page dispatches.
   */
  'auth/frame-failed': { message: string }
  /** The networks where the secure site offers a smart account (GET_SMART_ACCOUNT_ENABLED_NETWORKS), as CAIP-2 ids. P. */
  'auth/smart-account-networks-fetched': { caipNetworkIds: CaipNetworkId[] }
  /**
   * The visitor asked for a login code at `email` (the Connect view's email field, or Resend). I.
   * Refused within 30 s of the last code ('Please try again after {n} seconds'), without the email
   * feature ('Email login is not enabled'), and without the legal checkbox's tick.
   */
  'auth/email-submitted': { email: string }
  /** The secure site took the email: `action` says what comes next (a code, a device link, or nothing: connected already). */
  'auth/email-accepted': { action: 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT' }
  /** The secure site refused the email, or the device step failed: `message` as it said (at most 256 characters). */
  'auth/email-failed': { message: string }
  /** The emailed device link was opened: the secure site mails a code next. */
  'auth/device-approved': Record<string, never>
  /** The code the visitor typed was accepted by the secure site. The code itself never leaves the page. P. */
  'auth/otp-verified': Record<string, never>
  /** The secure site refused the code: `message` as it said ('Invalid code'). P. */
  'auth/otp-failed': { message: string }
  /**
   * The secure site's user of an email or social login (GET_USER): the email or the social
   * username (redacted in exports like every email and username), the accounts with their types,
   * the preferred type's account first, and whether the smart account is deployed on
   * `caipNetworkId`. Shared: every tab shows the same user. Appended just before the auth
   * connector's `connect/succeeded`.
   */
  'auth/user-received': {
    namespace: Namespace
    caipNetworkId: CaipNetworkId
    email?: string
    username?: string
    socialProvider?: SocialProvider
    accounts: { address: string; type: AccountType }[]
    preferredAccountType: AccountType
    smartAccountDeployed: boolean
  }
  /**
   * The auth connection's smart account has code on `caipNetworkId` now (read from the chain after
   * the first send the visitor approved from it: worker/effects/auth/auth-deployed.ts). Shared.
   */
  'auth/smart-account-deployed': { namespace: Namespace; caipNetworkId: CaipNetworkId }
  /**
   * Social login (docs/behaviour.md §4 social login steps): the page opened the popup inside the
   * visitor's click and asks the secure site for the provider's login page. I (P). Refused for a
   * provider not on offer ('Social login is not enabled') and before the legal checkbox's tick.
   */
  'auth/social-requested': { provider: SocialProvider }
  /** The provider's answer came back to the page from the popup (the secure site's origin, the popup's window): the user's data is asked for. P. */
  'auth/social-result-received': { provider: SocialProvider }
  /** The secure site accepted the provider's answer (CONNECT_SOCIAL): the engine reads the user and connects. P. */
  'auth/social-connected': { provider: SocialProvider }
  /** The social login ended without a connection: 'Popup closed', 'Failed to connect', 'Failed to initiate social connection' (docs/behaviour.md §8). P. */
  'auth/social-failed': { provider: SocialProvider; message: string }
  /**
   * UpdateEmailWallet: the visitor asks to change the email of the email login to
   * `email`. I. Refused without a secure site ('No auth connector found'), without an email login
   * on the active EVM connection ('Not connected to email or social'), or for the same email.
   */
  'auth/email-update-requested': { email: string }
  /** The secure site mailed a code: to the current address first (VERIFY_PRIMARY_OTP), or to the new one (VERIFY_SECONDARY_OTP). */
  'auth/email-update-accepted': { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' }
  /** The change did not happen: the secure site's message. P for a refused code. */
  'auth/email-update-failed': { message: string }
  /** The current address's code was accepted (the code never leaves the page): the new address's code follows. P. */
  'auth/email-update-verified': Record<string, never>
  /** The email changed (the new address's code accepted). Shared: every tab shows the new email. P. */
  'auth/email-updated': { namespace: Namespace; email: string }
  /**
   * Where the page runs (ui/platform.ts), once per page session when it is any of these: Telegram's
   * in-app browser (social login without a popup; its options per platform, docs/behaviour.md §5),
   * an iPhone or iPad, Android, a Mac, Safari on iOS. P.
   */
  'page/platform-detected': { telegram: boolean; ios: boolean; android: boolean; mac: boolean; iosSafari: boolean }
  /**
   * docs/behaviour.md §3 Telegram social provider: in Telegram the page leaves for the provider's
   * page (no popup); the provider is kept until the page comes back with the answer. Shared. P.
   */
  'auth/telegram-social-started': { provider: SocialProvider }
  /**
   * The Telegram social login the page left for is over (docs/behaviour.md §4): its answer came back
   * and was taken ('returned'), an answer came back that this tab did not ask for or too late
   * ('refused', after `auth/social-return-refused`), or it was left unfinished for SOCIAL_LOGIN_TTL_MS
   * ('expired'). Appended by the engine; shared, so no tab and no later page waits for it any more.
   */
  'auth/telegram-social-ended': { provider: SocialProvider; reason: 'returned' | 'refused' | 'expired' }
  /**
   * docs/behaviour.md §4: a social login's answer (Telegram's `?result_uri=`) came to this page but was
   * not redeemed: no login was started in this tab ('not-started'), its lifetime had passed
   * ('expired'), or it carries another login's state ('mismatch'). The modal shows 'Login link
   * expired or not started here'. The state itself never enters the log. P.
   */
  'auth/social-return-refused': { reason: 'not-started' | 'expired' | 'mismatch' }
  /** Farcaster login (ConnectingFarcaster): the page asks the secure site for the link the visitor's Farcaster app opens (a QR code). I. */
  'auth/farcaster-requested': Record<string, never>
  /**
   * docs/behaviour.md §2 leaving Farcaster: the visitor left ConnectingFarcaster unconnected; 100 ms
   * later the link was cleared and the secure site reloaded (RELOAD, then the site's data again).
   */
  'auth/farcaster-reset': Record<string, never>
  /**
   * A call to the auth connector the secure site does not serve (rpc-safety.ts `refused`): never
   * forwarded; the caller gets 4100 'Requested RPC call is not allowed', the visitor sees 'Action not allowed'.
   */
  'auth/rpc-refused': { method: string }
  /** A signing or sending call waits for the visitor's approval in the secure site's own UI (ApproveTransaction); `id` names it (random hex) in its settling and its preview. */
  'auth/approval-requested': { method: string; id?: string }
  /** That call ended: approved (answered), rejected by the visitor, or failed otherwise. */
  'auth/approval-settled': { method: string; outcome: 'approved' | 'rejected' | 'failed'; id?: string }
  /**
   * The transaction an approval (`id`, as `auth/approval-requested`'s) sends, for Gangway's own
   * preview of it (worker/tx-preview/): `from` the account, the call's target, 0x hex data (at most
   * CALL_DATA_MAX characters; longer is not previewed) and value in wei, on `caipNetworkId`.
   */
  'tx-preview/requested': { id: string; caipNetworkId: CaipNetworkId; from: string; call: BatchCall }
  /** The preview of a waiting approval or of the send form (TxPreview). */
  'tx-preview/simulated': TxPreview
  /**
   * SIWX (docs/behaviour.md §4): the account (CAIP-10) has a session the engine verified,
   * a stored one the site's `siwx.getSessions` gave back (`via: 'stored'`) or one just signed and
   * handed to `siwx.addSession` (`via: 'signature'`). `expiresAt` in ms since the epoch, when the
   * message has an expiration time. Shared: every tab of the connection is signed in. The message
   * and its signature stay out of the log.
   */
  'siwx/session-verified': { caipAddress: CaipAddress; via: 'stored' | 'signature'; expiresAt?: number }
  /** No verified session for the connected account: SIWXSignMessage asks the visitor to sign in. */
  'siwx/sign-in-needed': { caipAddress: CaipAddress }
  /** The visitor's Sign in on SIWXSignMessage. I (P). Refused: 'SIWX is not enabled', 'No sign-in under way'. */
  'siwx/sign-requested': Record<string, never>
  /** Signing failed or was rejected: 'Error signing message' (docs/behaviour.md §8); the view stays, to try again. */
  'siwx/sign-failed': { caipAddress: CaipAddress; message: string }
  /** The visitor's Cancel on SIWXSignMessage. I (P): required sign-in disconnects, else the modal closes. */
  'siwx/cancel-requested': Record<string, never>
  /**
   * The site's SIWX failed ('A problem occurred while trying initialize authentication',
   * docs/behaviour.md §8): its `getSessions`, `createMessage` or `addSession` threw or answered
   * what Gangway cannot use. The account is disconnected and the modal resets to Connect.
   */
  'siwx/failed': { caipAddress: CaipAddress; message: string }
  /**
   * The account SIWXSignMessage asked for is no longer its namespace's active one, and the active one
   * is signed in (the wallet switched back): the sign-in asked for ends, and the modal shows Account.
   */
  'siwx/sign-in-moot': { caipAddress: CaipAddress }
  /** The visitor closed SIWXSignMessage (Cancel or the modal's close) where sign-in is not required: the account stays connected, unsigned. */
  'siwx/sign-in-declined': { caipAddress: CaipAddress }
  /** The account's sessions were revoked through `siwx.revokeSession` on disconnect (`signOutOnDisconnect`). Shared. */
  'siwx/signed-out': { caipAddress: CaipAddress }
  /**
   * RegisterAccountName (docs/behaviour.md §4 name registration): the visitor typed
   * `label` (at most 64 characters); suggestions follow once typing stops for 500 ms
   * (docs/behaviour.md §9 debounce). I (P).
   */
  'name/suggestions-requested': { label: string }
  /** The name service's suggestions for `label`: full names, each marked when taken. */
  'name/suggestions-fetched': { label: string; suggestions: NameSuggestion[] }
  /** 'Error fetching name suggestions', or the service's first reason. */
  'name/suggestions-failed': { label: string; message: string }
  /**
   * The visitor's Register for `label` (the name `label.reown.id`, events/name-rules.ts). I (P).
   * Refused: 'Names are EVM only', 'A name has at least 4 characters: letters, digits and hyphens',
   * 'A name registration is already under way'.
   */
  'name/register-requested': { label: string }
  /** The name service registered `name` for the EVM `address` (signed by it): its profile name now. Shared. */
  'name/registered': { address: string; name: string }
  /** Registration failed: the service's first reason, else 'Error registering name {name}'. RegisterAccountName shows it. */
  'name/register-failed': { label: string; message: string }
  /** The visitor refused to sign the registration message: back to RegisterAccountName. */
  'name/register-cancelled': { label: string }
  /** The send form's receiver `name` (lowercased) resolves to the EVM `address` on `caipNetworkId` (its coin type's; the name service's lookup, 5 min name cache). */
  'name/resolved': { name: string; caipNetworkId: CaipNetworkId; address: string; avatar?: string }
  /** It does not: 'Name not found' (a 404, or no address for an EVM chain), 'Bad response status', 'Error resolving name', or the service's first reason. */
  'name/resolve-failed': { name: string; message: string }
  /**
   * DataCapture (docs/behaviour.md §2): the site's `siwx` took the visitor's email for the
   * signed-in account (and its code, when it mailed one). The email and the code stay on the page. I (P).
   */
  'data-capture/completed': Record<string, never>
  /** The visitor's Skip on DataCapture: no email given. I (P). */
  'data-capture/skipped': Record<string, never>
  /** Swap: the visitor picked the token to swap from or into. I (P). */
  'swap/token-selected': { side: 'from' | 'to'; token: SwapToken }
  /** The amount to swap, in whole tokens of the `from` token, as typed (a decimal string, at most 80 characters). I (P). */
  'swap/amount-changed': { amount: string }
  /** SwapSelectToken opens to pick the `side` token. */
  'swap/token-list-requested': { side: 'from' | 'to' }
  /** A quote: `fromAmount` of `from` yields `toAmount` of `to` (CAIP-10 tokens; base units, decimal strings). */
  'swap/quote-fetched': SwapQuoteFetched
  /** No quote for that swap: 'Insufficient liquidity', the service's reason, 'Error fetching swap quote'. */
  'swap/quote-failed': { from: string; to: string; fromAmount: string; message: string }
  /** The tokens the swap service lists for `caipNetworkId` (at most SWAP_TOKENS_LOGGED of them), asked when Swap first shows there. */
  'swap/tokens-fetched': { caipNetworkId: CaipNetworkId; tokens: SwapToken[] }
  /** None: 'Network not supported for Swaps', the service's reason, 'Error fetching swap tokens'. */
  'swap/tokens-failed': { caipNetworkId?: CaipNetworkId; message: string }
  /** The form's swap passed the checks before the wallet: what SwapPreview shows and Swap sends. */
  'swap/checked': SwapChecked
  /** The form's swap was refused by the checks (SwapRefusedError's message) or could not be built; nothing is sent. */
  'swap/check-failed': { from: string; to: string; typedAmount: string; message: string; details?: string }
  /** The visitor's Swap on SwapPreview: the quoted swap, through its approval when the allowance is too low. I (P). Refused: 'No quote for this swap', 'A swap is already under way'. */
  'swap/requested': Record<string, never>
  /** An approval of the `from` token was sent (its hash); the swap waits for its receipt, then checks the allowance again. */
  'swap/approval-submitted': { caipNetworkId: CaipNetworkId; hash: string }
  /** The swap transaction was sent (its hash). */
  'swap/submitted': { caipNetworkId: CaipNetworkId; hash: string }
  /** The swap landed: `fromAmount` of `from` swapped (base units; a native source less its gas when the balance asked it). */
  'swap/succeeded': { caipNetworkId: CaipNetworkId; hash: string; from: string; to: string; fromAmount: string }
  /** The swap failed: the wallet's refusal, a reverted transaction, 'Insufficient balance', the service's reason. */
  'swap/failed': { message: string; code?: number }
  /**
   * EIP-5792's sequential fallback: the site's `wallet_sendCalls` to a wallet without it,
   * logged as batch `id` (0x-prefixed hex) by the engine's provider: the calls are sent one after
   * another by `from` through `connectorId` on `caipNetworkId`, each after the last one's receipt.
   */
  'calls/requested': { id: string; connectorId: string; caipNetworkId: CaipNetworkId; from: string; calls: BatchCall[] }
  /** Call `index` of batch `id` was sent: its transaction `hash`. */
  'calls/sent': { id: string; index: number; hash: string }
  /** Its receipt: `success` false for a reverted call, which ends the batch. */
  'calls/landed': { id: string; index: number; success: boolean }
  /** Call `index` was not sent (the wallet's refusal or error, with its code), which ends the batch. */
  'calls/failed': { id: string; index: number; message: string; code?: number }
}

/** A suggested name (docs/behaviour.md §3 name suggestions state): `registered` when someone has it already. */
export interface NameSuggestion {
  name: string
  registered: boolean
}

/** Every event type name. */
export type EventType = keyof EventPayloads

/**
 * A recorded event: `seq` is gap-free from 1 across every tab of the site, `at` is ms since the
 * epoch when it was appended, `v` the schema version, `tab` the page session (engine start) that
 * appended it ('v1' for events upcast from schema version 1, whose tab is unknown).
 */
export type GangwayEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; seq: number; at: number; v: number; tab: string; payload: EventPayloads[K] }
}[T]

/** The recorded events of the given types, as a union narrowed on `type`. */
export type EventOf<T extends EventType> = Extract<GangwayEvent, { type: T }>

/** An event before the log stamps it (what effects and `dispatch` produce). */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; payload: EventPayloads[K] }
}[T]

/**
 * The intents not yet in the catalogue (events/catalogue/): with the catalogue's, the events the
 * public `dispatch` accepts, intents from the UI and facts the main-thread bridge observes.
 */
export const UNCATALOGUED_INTENTS = [
  'modal/open-requested',
  'modal/close-requested',
  'modal/back-requested',
  'modal/navigate-requested',
  'modal/trigger-approached',
  'connect/requested',
  'disconnect/requested',
  'connection/switch-requested',
  'address-label/set-requested',
  'network/switch-requested',
  'network/active-chain-switch-requested',
  'account-type/switch-requested',
  'tokens/fetch-requested',
  'account/tab-selected',
  'portfolio/fetch-requested',
  'history/fetch-requested',
  'send/token-selected',
  'send/amount-changed',
  'send/receiver-changed',
  'send/requested',
  'balance/fetch-requested',
  'walletconnect/deep-link-opened',
  'wallets/page-requested',
  'wallets/search-requested',
  'connectors/discovered',
  'wallet/accounts-changed',
  'wallet/chain-changed',
  'wallet/disconnected',
  'analytics/beacon-sent',
  'debug/test-error-requested',
  'legal/acceptance-changed',
  'auth/frame-failed',
  'auth/smart-account-networks-fetched',
  'auth/email-submitted',
  'auth/otp-verified',
  'auth/otp-failed',
  'auth/social-requested',
  'auth/social-result-received',
  'auth/social-connected',
  'auth/social-failed',
  'auth/farcaster-requested',
  'auth/email-update-requested',
  'auth/email-update-failed',
  'auth/email-update-verified',
  'auth/email-updated',
  'page/platform-detected',
  'auth/telegram-social-started',
  'auth/social-return-refused',
  'siwx/sign-requested',
  'siwx/cancel-requested',
  'name/suggestions-requested',
  'name/register-requested',
  'data-capture/completed',
  'data-capture/skipped',
  'swap/token-selected',
  'swap/amount-changed',
  'swap/token-list-requested',
  'swap/requested',
] as const satisfies readonly EventType[]

/** An event `dispatch` accepts. */
export type Intent = NewEvent<(typeof UNCATALOGUED_INTENTS)[number] | CatalogueIntentType>

/** Builds a NewEvent with its payload type checked against its type name. */
export function event<T extends EventType>(type: T, payload: EventPayloads[T]): NewEvent<T> {
  return { type, payload } as NewEvent<T>
}

/** Narrows an event to one or more types (NgRx `ofType` for plain values). */
export function isType<T extends EventType>(e: GangwayEvent, ...types: T[]): e is EventOf<T> {
  return (types as EventType[]).includes(e.type)
}
