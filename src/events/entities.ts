/**
 * Entity shapes of docs/behaviour.md §3 that travel inside events. Plain JSON only: no bigint, no functions,
 * so a log serialises to NDJSON as it is.
 */

/** A chain namespace (CAIP-2 prefix). docs/behaviour.md §6 lists the account-type defaults per namespace. */
export type Namespace = 'eip155' | 'solana' | 'bip122' | 'polkadot'

/** CAIP-2 network id, `namespace:reference`, e.g. `eip155:31337`. docs/behaviour.md §5. */
export type CaipNetworkId = `${string}:${string}`

/** CAIP-10 account id, `namespace:reference:address`, e.g. `eip155:1:0xabc…`. docs/behaviour.md §5. */
export type CaipAddress = `${string}:${string}:${string}`

/** The modal's internal views (docs/behaviour.md §2). */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'EmailLogin',
  'UpdateEmailWallet',
  'ProfileWallets',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'DataCapture',
  'SIWXSignMessage',
  'ApproveTransaction',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  // Sending: the form, the token list, the preview.
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
  // Receiving: the active account's address as text and QR code.
  'WalletReceive',
  // Swapping: the form, the token list, the preview.
  'Swap',
  'SwapSelectToken',
  'SwapPreview',
  // Buying: the providers with the form, the currency to buy, the one to pay with, the purchase under way.
  'OnRampProviders',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'BuyInProgress',
] as const

/**
 * One call of an EIP-5792 batch that Gangway sends itself, one transaction after another, for a
 * wallet without `wallet_sendCalls`: the contract or account `to` (absent: a
 * deployment), its 0x-prefixed call `data`, and `valueWei` (a decimal string of wei).
 */
export interface BatchCall {
  to?: string
  data?: string
  valueWei: string
}

/** A token a network can swap (the swap service's `/v1/convert/tokens`). */
export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10, `eip155:<chainId>:0x…`; the native currency's address is `0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`. */
  address: string
  /** One whole token is 10^decimals base units. */
  decimals: number
  logoUri?: string
}

/** One of the docs/behaviour.md §2 view names. */
export type ViewName = (typeof VIEWS)[number]

/** Connector types of docs/behaviour.md §3. */
export type ConnectorType = 'MULTI_CHAIN' | 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'WALLET_CONNECT' | 'AUTH'

/**
 * A wallet the page can connect through (docs/behaviour.md §3, Connector). The provider object itself stays on
 * the main thread (bridge); the engine knows a connector by `id` only.
 * - ANNOUNCED (EIP-6963): `id` is the wallet's rdns.
 * - INJECTED (legacy `window.ethereum`): `id` is `injected`.
 */
export interface Connector {
  id: string
  type: ConnectorType
  name: string
  chain: Namespace
  /** Image URL as announced (often a data: URI). Rendered only as an <img src>, never as markup. */
  imageUrl?: string
  /** Reverse-DNS id from EIP-6963 `info.rdns`. */
  rdns?: string
}

/** Network entity of docs/behaviour.md §3. */
export interface Network {
  /** Chain reference: a number for eip155 (31337), the genesis-hash prefix for solana. */
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: Namespace
  name: string
  nativeCurrency: { name: string; decimals: number; symbol: string }
  rpcUrls: { default: { http: readonly string[] }; chainDefault?: { http: readonly string[] } }
  assets?: { imageId?: string; imageUrl?: string }
  /**
   * The network's block explorer (viem's chain shape): an account's page is `{url}/address/{address}`
   * (docs/behaviour.md §3 addressExplorerUrl), opened only through the URL validator (http or https).
   */
  blockExplorers?: { default: { name: string; url: string } }
}

/** Snackbar variants of docs/behaviour.md §4. */
export const SNACKBAR_VARIANTS = ['loading', 'success', 'error'] as const
export type SnackbarVariant = (typeof SNACKBAR_VARIANTS)[number]

/** The caches of docs/behaviour.md §3, by name (lifetimes in docs/behaviour.md §9), and `nfts` (the NFTs tab; not in docs/behaviour.md §3). */
export const CACHE_NAMES = ['portfolio', 'nativeBalance', 'name', 'identity', 'transactions', 'tokenPrice', 'nfts'] as const
export type CacheName = (typeof CACHE_NAMES)[number]

/** Account types of docs/behaviour.md §6: eoa and smartAccount (eip155; eoa on solana and polkadot too), payment and ordinal (bip122). */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount', 'payment', 'ordinal'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/**
 * A token the site lists for a network (until the blockchain service provides holdings): an ERC20
 * contract on eip155, an SPL mint on solana. docs/behaviour.md §3 Token balance: name, symbol, chainId, address, quantity.decimals, iconUrl.
 */
export interface TokenInfo {
  /** The ERC20 contract (eip155) or the SPL mint (solana). */
  address: string
  name: string
  symbol: string
  decimals: number
  iconUrl?: string
}

/**
 * What can be sent (docs/behaviour.md §3 Send state token): the network's native currency (no address) or a
 * token. `balance` is in the smallest unit, when known.
 */
export interface SendToken {
  caipNetworkId: CaipNetworkId
  /** Absent for the native currency. */
  address?: string
  name: string
  symbol: string
  decimals: number
  balance?: string
  iconUrl?: string
}

/**
 * A wallet listing of the wallet/config service (docs/behaviour.md §3): its links open the wallet to pair over
 * WalletConnect. `image_url` is the image the views show (the service's image path when the
 * listing had none).
 */
export interface WalletListing {
  id: string
  name: string
  image_id?: string
  image_url?: string
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  rdns?: string | null
  chains?: string[]
}

/** The wallet a visitor picked to connect (a listing or a discovered connector), as recent wallets remember it (docs/behaviour.md §3). */
export interface WalletRef {
  id: string
  name: string
  rdns?: string
  imageUrl?: string
  /** The listing's links, for the WalletConnect deep link (docs/behaviour.md §3 wallet deep link choice). */
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
}

// The auth and SIWX connectors' ids live in the page-safe kernel, which the page imports too.
export { AUTH_CONNECTOR_ID, BITCOIN_STANDARD_CONNECTOR_PREFIX, SIWX_CONNECTOR_ID } from './kernel/page-kernel.js'

/** The WalletConnect connector's id (docs/behaviour.md §3 Connector type WALLET_CONNECT); one connector serves every namespace its session holds. */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

/**
 * The wallet a successful connect remembers as recent (docs/behaviour.md §3): the listing the visitor picked, else
 * the discovered connector it connected through; none for a bare WalletConnect pairing.
 */
export function connectedWalletRef(connectors: readonly Connector[], connectorId: string, picked: WalletRef | undefined): WalletRef | undefined {
  if (picked) return picked
  const c = connectors.find((x) => x.id === connectorId)
  if (!c || connectorId === WALLETCONNECT_CONNECTOR_ID) return undefined
  return { id: c.id, name: c.name, ...(c.rdns ? { rdns: c.rdns } : {}), ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}) }
}

/** The Account view's tabs (docs/behaviour.md §2). */
export const ACCOUNT_TABS = ['Tokens', 'NFTs', 'Activity'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

/**
 * A holding as the blockchain service lists it (docs/behaviour.md §3 Token balance). Remote data, checked by
 * the client: strings render as text only.
 * - `address`: the token's CAIP-10 id (absent for the native currency).
 * - `value`: the holding's worth in USD; `price`: USD per whole token.
 * - `quantity.numeric`: whole tokens as a decimal string; `quantity.decimals`: as the service sends it ("18", "0").
 */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value?: number
  price?: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

/** One movement of a transaction (docs/behaviour.md §3 Transaction transfers): a fungible token or an NFT. */
export interface TransactionTransfer {
  fungible_info?: { name?: string; symbol?: string; icon?: { url?: string } }
  nft_info?: { name?: string; collection?: { name?: string }; content?: { preview?: { url?: string } }; flags?: { is_spam?: boolean } }
  direction?: 'in' | 'out' | 'self'
  /** Whole tokens, a decimal string. */
  quantity?: { numeric?: string }
  /** USD. */
  value?: number
}

/** A transaction of the account's history (docs/behaviour.md §3 Transaction). `metadata.minedAt`: ISO 8601; `metadata.chain`: CAIP-2. */
export interface Transaction {
  id: string
  metadata: { operationType?: string; hash?: string; minedAt: string; sentFrom?: string; sentTo?: string; status?: string; chain: string }
  transfers: TransactionTransfer[]
}

/** An ERC721 token the account holds (the NFTs tab). `contract`: the collection's CAIP-10 id. */
export interface Nft {
  chain: string
  contract: string
  tokenId: string
  name: string
  collectionName?: string
  imageUrl?: string
  spam: boolean
}

// The on-ramp service's options (docs/behaviour.md §3 fiat on-ramp options), as src/api/onramp.ts checks them.
/** A payment currency's limit for one payment method ('card', 'ach_bank_account'), or for all when `paymentMethod` is absent: decimal strings in that currency. */
export interface OnrampLimit {
  paymentMethod?: string
  min: string
  max: string
}

/** A fiat currency to pay with ('USD'), with its limits per payment method. */
export interface OnrampPaymentCurrency {
  id: string
  limits: OnrampLimit[]
}

/** A network a purchase currency is delivered on: `name` the provider's ('ethereum-mainnet'), `chain_id` its chain reference as a string ('1'; may be empty), `contract_address` '' for the native coin. */
export interface OnrampNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

/** A crypto currency to buy ('USDC'), with its networks. */
export interface OnrampPurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: OnrampNetwork[]
}

/** What can be paid with and bought; each list has at least one entry. */
export interface OnrampOptions {
  paymentCurrencies: OnrampPaymentCurrency[]
  purchaseCurrencies: OnrampPurchaseCurrency[]
}
