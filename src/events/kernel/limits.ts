/**
 * Size limits on what remote services send and what the state keeps of it (remote
 * answers are hostile; docs/behaviour.md §9 gives the page sizes). Plain constants, shared by the service
 * clients (src/api), the paging rules (src/projections/rules/paging.ts) and the effects.
 */

/** A service answer's body, in bytes: a larger one is refused with the service's error. */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024
/** A JSON-RPC answer's body (a batch of up to 1000 calls), in bytes: a larger one fails its calls with an HttpRequestError. */
export const MAX_RPC_RESPONSE_BYTES = 16 * 1024 * 1024
/** A remote text string (ids, symbols, hashes, addresses), in characters: longer ones are cut. */
export const MAX_REMOTE_STRING = 256
/** A remote name (wallet, token, NFT, collection, identity), in characters: longer ones are cut. */
export const MAX_REMOTE_NAME = 64
/** A remote deep or universal link, or a paging cursor, in characters: a longer one is dropped, never cut (a cut URL is another URL). */
export const MAX_REMOTE_LINK = 256

/** docs/behaviour.md §9: All Wallets pages of 40. */
export const WALLETS_PAGE_SIZE = 40
/** All Wallets fetches at most this many pages per list (1000 wallets). */
export const WALLETS_MAX_PAGES = 25
/** The most wallets All Wallets keeps: WALLETS_MAX_PAGES pages of WALLETS_PAGE_SIZE. */
export const WALLETS_MAX_LISTED = WALLETS_PAGE_SIZE * WALLETS_MAX_PAGES
/** docs/behaviour.md §9: a search fetches up to 100 wallets (one page). */
export const SEARCH_ENTRIES = 100

/** The most transactions kept of one history page (the service picks its page size; docs/behaviour.md §7 gives none). */
export const HISTORY_PAGE_MAX = 50
/** Activity fetches at most this many history pages per showing of the tab. */
export const HISTORY_MAX_PAGES = 20
/** The most transactions the state keeps per account: HISTORY_MAX_PAGES pages' worth. */
export const HISTORY_MAX_TRANSACTIONS = HISTORY_PAGE_MAX * HISTORY_MAX_PAGES
/** The most transfers kept of one transaction. */
export const TRANSFERS_MAX = 20
/** The most holdings, or NFTs, kept of one answer. */
export const HOLDINGS_MAX = 200
/** The most tokens one holdings request asks the service to read afresh (a swap's two, a purchase's one). */
export const PORTFOLIO_REFRESH_MAX = 8

/**
 * docs/behaviour.md §9 "Image preload timeout 2 s", in ms: how long an image may take to load before
 * the views show its generated icon instead (src/ui/images), and how long the engine's prefetch of
 * the first wallet images waits for each (worker/effects/wallets/wallets.ts).
 */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000

/**
 * The most analytics events waiting to be sent: an older one is dropped for a newer one.
 * About 500 bytes each, so a whole batch stays under sendBeacon's 64 KB. Also the most event ids
 * an `analytics/beacon-sent` intent names.
 */
export const ANALYTICS_MAX_PENDING = 100

/**
 * docs/behaviour.md §9 (ours): how long a social login may take, in ms, from the moment the page
 * asked for the provider's page: an answer that comes back later is not redeemed, and a Telegram
 * login left unfinished ends then (`auth/telegram-social-ended` 'expired').
 */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000

/** The most accounts kept per connection: a wallet reporting more is cut, its first ones kept. */
export const MAX_CONNECTION_ACCOUNTS = 100

/** The most name suggestions kept from one answer of the name service. */
export const NAME_SUGGESTIONS_MAX = 20

/** The most send-form receiver names whose resolution the state keeps: the oldest go first. */
export const RESOLVED_NAMES_MAX = 20

/** The most swap tokens one `swap/tokens-fetched` keeps: the service's first ones. */
export const SWAP_TOKENS_LOGGED = 500
/** The longest swap transaction data kept, in characters of 0x hex (a swap's calldata is a few KB). */
export const SWAP_DATA_MAX_CHARS = 100_000
/** The most transactions a checked swap sends: a USDT-style reset, the approval, the swap. */
export const SWAP_PLAN_MAX = 3
/** The most asset changes a checked swap's simulation keeps (the swap moves two; more is refused or shown). */
export const SWAP_CHANGES_MAX = 20

/** docs/behaviour.md §9: the most pending transactions followed; past it the oldest is no longer polled. */
export const PENDING_TRANSACTIONS_MAX = 99

/** EIP-5792's sequential fallback: the most calls one `wallet_sendCalls` batch may hold (more: 5740 BundleTooLargeError). */
export const CALLS_BATCH_MAX = 10
/** The longest call data the fallback takes, in characters of its 0x-prefixed hex (64 KiB of bytes). */
export const CALL_DATA_MAX = 2 + 2 * 65_536
/** The most fallback batches the state keeps (the oldest go first); `wallet_getCallsStatus` of a forgotten one is 5730. */
export const CALLS_BATCHES_KEPT = 100

/** The transaction preview (docs/behaviour.md §2 ApproveTransaction): the most asset changes kept, the native one and the 20 token contracts simulate-asset-changes.ts reads. */
export const TX_PREVIEW_CHANGES_MAX = 21
/** The most approvals a preview's simulation keeps (a hostile call could emit thousands). */
export const TX_PREVIEW_APPROVALS_MAX = 10
/** The longest token symbol a preview keeps, read on chain, control characters dropped. */
export const TX_PREVIEW_SYMBOL_MAX = 20

/** The longest signed Bitcoin PSBT taken from a wallet, in base64 characters (about 300 KB). */
export const MAX_SIGNED_PSBT_CHARS = 400_000
