/**
 * The host site's options that reach the engine, declared once (docs/behaviour.md §3 Options,
 * docs/api.md). `createModal`'s options (ui/options.ts) add the page-only ones; the engine config is
 * these plus the page's origin (contract.ts); `configuredPayload` maps them to the
 * `engine/configured` event, the only copy in the log. Adding an option: declare it here, name it
 * in HOST_OPTION_KEYS (the compiler checks the list is complete), and, if the projections need it
 * as given, in LOGGED_AS_GIVEN.
 */
import type { AccountType, CaipNetworkId, Namespace, Network, TokenInfo } from '../entities.js'
import { documentLink, originOf, serviceOrigin } from './urls.js'

/** Base URLs of the §7 services; a service left out is not called. Production points them at the hosted services. */
export interface ServiceUrls {
  /** Wallet/config service (getWallets, config, origins). */
  walletConfig?: string
  /** Blockchain service (balances, history, identity, the wallet-provider RPC endpoint). */
  blockchain?: string
  /**
   * A service that lists an account's ERC721 tokens, for the NFTs tab: `GET {nfts}/v1/account/{address}/nfts?chainId=<CAIP-2>`
   * answering `{ data: [{ chain, contract, tokenId, name?, image?, collection? }] }` (docs/services.md).
   * The hosted blockchain service has no such route, so the tab shows only when a site sets this;
   * Gangway never probes for one.
   */
  nfts?: string
  /** Analytics service (POST /e: analytics events and error reports, docs/behaviour.md §7). */
  analytics?: string
  /**
   * The secure auth site's origin (email and social login: its SDK page `/sdk` in a hidden iframe,
   * its provider pages in the social popup), e.g. 'https://secure.example'. An origin only.
   * Without it, email and social login are not offered.
   */
  secureSite?: string
  /**
   * The on-ramp provider's buy page (meld's widget, default 'https://meldcrypto.com'): the
   * page docs/behaviour.md §4's meld URL fields go to. A provider page opens in the popup only when
   * it is https or on this origin (the localnet's provider page is http on 127.0.0.1).
   */
  onramp?: string
  /**
   * A Bitcoin Esplora REST API's base URL (Blockstream's esplora, mempool.space's `…/api`, a site's
   * own electrs; docs/services.md "Bitcoin"): balances, history, fee rates and broadcasts of the
   * bip122 networks. Called without the Reown query parameters. Without it the site's bip122
   * networks are not offered (docs/behaviour.md §5 Bitcoin).
   */
  bitcoin?: string
}

/** The `onramp` option: the provider keys a site brings. */
export interface OnrampOptions {
  /** meld's publishable key: 1 to 128 letters, digits and `_-:.` */
  meldPublicKey?: string
}
/** A meld publishable key as the `onramp` option takes it. */
const MELD_PUBLIC_KEY = /^[A-Za-z0-9_\-:.]{1,128}$/

/**
 * The hosted services of a Reown project (docs/services.md), which `services: 'reown'` stands for:
 * the wallet/config service, the blockchain API and the analytics service. The secure site (email
 * and social login) and an NFT service are not among them. A site needs its own project id, and its
 * domain on the project's allowed origins.
 */
export const REOWN_SERVICES: Readonly<Required<Pick<ServiceUrls, 'walletConfig' | 'blockchain' | 'analytics'>>> = {
  walletConfig: 'https://api.web3modal.org',
  blockchain: 'https://rpc.walletconnect.org',
  analytics: 'https://pulse.walletconnect.org',
}

/**
 * `options` with `services: 'reown'` made REOWN_SERVICES (a copy); any other `services` as given.
 * @example
 * withServicePreset({ projectId, networks, services: 'reown' }).services // { walletConfig: 'https://api.web3modal.org', … }
 */
export function withServicePreset<T extends { services?: unknown }>(options: T): Omit<T, 'services'> & { services?: Exclude<T['services'], 'reown'> | ServiceUrls } {
  return (options.services === 'reown' ? { ...options, services: { ...REOWN_SERVICES } } : options) as Omit<T, 'services'> & { services?: Exclude<T['services'], 'reown'> | ServiceUrls }
}

/** The services Gangway calls (docs/api.md). */
export const SERVICE_KEYS = ['walletConfig', 'blockchain', 'nfts', 'analytics', 'secureSite', 'onramp', 'bitcoin'] as const satisfies readonly (keyof ServiceUrls)[]


/** docs/behaviour.md §2 Connect methods: how a visitor can connect, in the order the Connect view offers them (`passkey`: docs/behaviour.md §2 Passkey). */
export type ConnectMethod = 'email' | 'social' | 'passkey' | 'wallet'
/** Every connect method, in the default order. */
export const CONNECT_METHODS = ['email', 'social', 'passkey', 'wallet'] as const satisfies readonly ConnectMethod[]

/**
 * The `passkeys` option (docs/behaviour.md §2 Passkey): where a passkey's smart account may live.
 * @example
 * createModal({ …, passkeys: { bundlerUrls: { 'eip155:8453': 'https://bundler.example/8453' }, paymasterUrls: { 'eip155:8453': 'https://paymaster.example/8453' } } })
 */
export interface PasskeyOptions {
  /** The ERC-4337 bundler's JSON-RPC URL (EntryPoint v0.7) of each eip155 network (CAIP-2 id) a passkey's account may use; at most 50. */
  bundlerUrls: Record<CaipNetworkId, string>
  /** An ERC-7677 paymaster service's URL per network, which may sponsor the account's gas; a network left out pays its own. */
  paymasterUrls?: Record<CaipNetworkId, string>
}

/** The most networks `passkeys.bundlerUrls` (and `paymasterUrls`) name. */
export const PASSKEY_NETWORKS_MAX = 50

/** `v` maps eip155 CAIP-2 ids to http(s) URLs of at most 2048 characters, at most PASSKEY_NETWORKS_MAX of them. */
function isEip155UrlMap(v: unknown): boolean {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false
  const entries = Object.entries(v as Record<string, unknown>)
  return entries.length <= PASSKEY_NETWORKS_MAX && entries.every(([id, url]) => /^eip155:[1-9]\d{0,15}$/.test(id) && typeof url === 'string' && url.length <= 2048 && /^https?:\/\/[^\s]+$/.test(url))
}

/** The Account view's wallet features (docs/behaviour.md §9: default order onramp, swaps, receive, send). */
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'
/** Every wallet feature, in the docs/behaviour.md §9 default order. */
export const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const satisfies readonly WalletFeature[]

/** The social login providers (docs/behaviour.md §9 default remote features: all of them). */
export type SocialProvider = 'google' | 'x' | 'discord' | 'farcaster' | 'github' | 'apple' | 'facebook'
/** Every social provider, in the docs/behaviour.md §9 default order. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const satisfies readonly SocialProvider[]

/** docs/behaviour.md §2 Connector groups, in their default order (walletConnect, recent, injected, featured, custom, external, recommended). */
export const CONNECTOR_GROUPS = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
/** A connector group (features.connectorTypeOrder names them). */
export type ConnectorGroup = (typeof CONNECTOR_GROUPS)[number]

/**
 * The site's own features (docs/behaviour.md §3 Options, §9 Default features): what the site sets
 * always wins over the remote configuration. Defaults: receive, send, analytics, allWallets on;
 * legalCheckbox, collapseWallets, pay off; `smartSessions` is refused until an issue gives it meaning.
 */
export interface Features {
  receive?: boolean
  send?: boolean
  /** Analytics events and error reports; false sends nothing at all (no config request either). */
  analytics?: boolean
  /** The All Wallets row and view. */
  allWallets?: boolean
  /** Ask the visitor to accept the terms (termsConditionsUrl) and privacy policy (privacyPolicyUrl) before any connect. */
  legalCheckbox?: boolean
  /** Fold the wallet list behind one "Continue with a wallet" row when email or social login is on. */
  collapseWallets?: boolean
  /** Pay mode: email and social login are off. */
  pay?: boolean
  /** The Connect view's methods, in order (default email, social, wallet; wallet first when an injected or announced wallet is present). */
  connectMethodsOrder?: ConnectMethod[]
  /** Connector groups shown first on Connect (docs/behaviour.md §2 Connector groups), in this order. */
  connectorTypeOrder?: ConnectorGroup[]
  /** The Account view's actions, in order (default onramp, swaps, receive, send). */
  walletFeaturesOrder?: WalletFeature[]
  /** Refused: 'Unknown option: features.smartSessions' until an issue gives it meaning. */
  smartSessions?: never
}

/** The on/off keys of Features (the validation here and the resolution in projections/select/features.ts read them). */
export const FEATURE_FLAGS = ['receive', 'send', 'analytics', 'allWallets', 'legalCheckbox', 'collapseWallets', 'pay'] as const satisfies readonly (keyof Features)[]
/** The keys of Features Gangway takes: the flags, then the orders (smartSessions is not one of them: refused). */
export const FEATURE_KEYS = [...FEATURE_FLAGS, 'connectMethodsOrder', 'connectorTypeOrder', 'walletFeaturesOrder'] as const satisfies readonly Exclude<keyof Features, 'smartSessions'>[]
// The compiler's check that FEATURE_KEYS names every feature but smartSessions: a missing key makes this `false`.
const FEATURE_KEYS_COMPLETE: [Exclude<keyof Features, 'smartSessions'>] extends [(typeof FEATURE_KEYS)[number]] ? true : false = true
void FEATURE_KEYS_COMPLETE

/**
 * Features the remote configuration (GET /appkit/v1/config) may also switch (docs/behaviour.md §9
 * Default remote features): swaps, onramp, email, socials (all providers), activity, branding on;
 * multiWallet, emailCapture off. A value the site sets wins over the remote answer.
 */
export interface RemoteFeatures {
  swaps?: boolean
  onramp?: boolean
  email?: boolean
  /** The social providers offered, in order; false for none. */
  socials?: SocialProvider[] | false
  activity?: boolean
  branding?: boolean
  multiWallet?: boolean
  emailCapture?: boolean
}

/** The on/off keys of RemoteFeatures (socials is a list or false). */
export const REMOTE_FEATURE_FLAGS = ['swaps', 'onramp', 'email', 'activity', 'branding', 'multiWallet', 'emailCapture'] as const satisfies readonly (keyof RemoteFeatures)[]
/** The keys of RemoteFeatures: the flags, then socials. */
export const REMOTE_FEATURE_KEYS = [...REMOTE_FEATURE_FLAGS, 'socials'] as const satisfies readonly (keyof RemoteFeatures)[]
// The compiler's check that REMOTE_FEATURE_KEYS names every remote feature: a missing key makes this `false`.
const REMOTE_FEATURE_KEYS_COMPLETE: [keyof RemoteFeatures] extends [(typeof REMOTE_FEATURE_KEYS)[number]] ? true : false = true
void REMOTE_FEATURE_KEYS_COMPLETE

/** One of the §7 services. */
export type ServiceName = keyof ServiceUrls

/** createModal's options that the engine uses. All plain data (they cross to the Worker by structured clone). */
export interface HostOptions {
  /** Sent as projectId on every service call; also names the IndexedDB log. Required. */
  projectId: string
  /** Networks with CAIP-2 ids (§3). At least one. */
  networks: Network[]
  /** The network shown before any is chosen; default the first of `networks`. */
  defaultNetwork?: Network
  /** What wallets show of the site (WalletConnect session proposals). */
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /** RPC URLs per CAIP-2 id; they always win over provider endpoints (§7). Never logged: they can carry API keys. */
  rpcUrls?: Record<string, string[]>
  /** Base URLs of the §7 services; the blockchain service also routes RPC (§7). Never logged. */
  services?: ServiceUrls
  /** §2 Closing: in embedded mode, closing shows Account if connected. Default false. */
  enableEmbedded?: boolean
  /** §2 Opening: manual WalletConnect control. Default false. */
  manualWCControl?: boolean
  /**
   * WalletConnect: the relay's WebSocket URL (default the hosted relay); or `false`, WalletConnect
   * off: no WalletConnect row, registry wallet or All Wallets entry on Connect, and the WalletConnect
   * client's code is never fetched (docs/api.md).
   */
  walletConnect?: { relayUrl?: string } | false
  /** §3 Options: wallet ids shown first on Connect, in this order. */
  featuredWalletIds?: string[]
  /** §3 Options: the only registry wallets listed. */
  includeWalletIds?: string[]
  /** §3 Options and §5: wallets never listed, by id, rdns or name (case-insensitive). */
  excludeWalletIds?: string[]
  /** Tokens offered for sending, per network (CAIP-2 id): ERC20 contracts on eip155, SPL mints on solana. */
  tokens?: Record<string, TokenInfo[]>
  /** §4: no UnsupportedChain view when true. */
  allowUnsupportedChain?: boolean
  /** §4: network switching; default true. */
  enableNetworkSwitch?: boolean
  /** §6: the account type per namespace, over the defaults. */
  defaultAccountTypes?: Partial<Record<Namespace, AccountType>>
  /** §6: CAIP-2 ids of the networks where smart accounts exist (the account type can be switched there). */
  smartAccountNetworks?: CaipNetworkId[]
  /** §9: CAIP-2 ids of the eip155 networks swaps are offered on, in place of the §9 list (the localnet's chains, say). */
  swapNetworks?: CaipNetworkId[]
  /** docs/behaviour.md §4 swap, the checks before the wallet: routers besides Gangway's pinned ones, and whether an approval may exceed the amount swapped. */
  swap?: SwapOptions
  /**
   * §9 restricted time zones: the IANA time zones where the on-ramp is not offered, in
   * place of the China-region list (ONRAMP_RESTRICTED_TIME_ZONES); [] offers it everywhere.
   */
  onrampRestrictedTimeZones?: string[]
  /**
   * The on-ramp provider's keys (docs/services.md): `meldPublicKey`, the site's meld publishable
   * key (public, as meld's own widget shows it), sent as meld's `publicKey`. Without one, Buy is not
   * offered: Gangway has no key of its own to lend a site.
   */
  onramp?: OnrampOptions
  /** §3 Options, §9: the site's features (see Features). */
  features?: Features
  /** §3 Options, §9: features the remote configuration may also switch (see RemoteFeatures). */
  remoteFeatures?: RemoteFeatures
  /** The site's terms and privacy policy, linked by the legal checkbox (features.legalCheckbox). */
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /** §3 Error report, §9: false sends no error reports (features.analytics false sends none either). Default true. */
  errorReports?: boolean
  /**
   * The language of the modal's views (docs/api.md, Localisation): a BCP 47 tag ('es', 'zh-CN',
   * 'ar-EG'), matched by language to a catalogue (en, es, zh, ja, ar; any other gives English);
   * default the browser's languages. The views read it (src/ui/i18n/locale.ts); the engine's state
   * does not depend on it, so it is not logged.
   */
  locale?: string
  /**
   * docs/behaviour.md §2 Passkey: the bundler (and optionally the paymaster) of each eip155 network
   * where a visitor may connect with a passkey's smart account; without it, Passkey is not offered.
   * Never logged: URLs can carry API keys (`engine/configured` records the networks only).
   */
  passkeys?: PasskeyOptions
  /**
   * docs/behaviour.md §3 addressLabels: the site's names for addresses, `{ [address]: label }`,
   * shown wherever the address shows (the Account view, ProfileWallets). EVM addresses match in
   * any case. At most MAX_ADDRESS_LABELS, each label at most MAX_ADDRESS_LABEL characters
   * ('Invalid option: addressLabels must map addresses to labels of at most 64 characters').
   * Changed later with `modal.setAddressLabel` (docs/api.md).
   */
  addressLabels?: Record<string, string>
}

/** The most addresses `addressLabels` may name. */
export const MAX_ADDRESS_LABELS = 1000
/** The longest label, in characters. */
export const MAX_ADDRESS_LABEL = 64

/** True when `v` is an address-to-label map within the bounds above. */
export function isAddressLabels(v: unknown): v is Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false
  const entries = Object.entries(v)
  return entries.length <= MAX_ADDRESS_LABELS && entries.every(([a, l]) => a.length > 0 && a.length <= 128 && !a.includes(':') && typeof l === 'string' && l.length <= MAX_ADDRESS_LABEL)
}

/**
 * The site's swap policy (docs/behaviour.md §4 swap, the checks before the wallet).
 * @example
 * createModal({ …, swap: { routers: { 'eip155:8453': { address: '0x…', kind: 'uniswap-v2', weth: '0x4200000000000000000000000000000000000006' } } } })
 */
export interface SwapOptions {
  /**
   * Routers a swap may call (and an approval name as spender), by CAIP-2 eip155 network id, in place
   * of Gangway's pinned one for that network: the router's address, how its calldata reads
   * (`uniswap-v2`: Router02's swapExact… functions; `1inch-v6`: AggregationRouterV6) and, for
   * Uniswap V2, the wrapped native token its paths use. At most SWAP_ROUTERS_MAX networks.
   */
  routers?: Record<CaipNetworkId, { address: string; kind: 'uniswap-v2' | '1inch-v6'; weth?: string }>
  /** An approval of more than the amount swapped (unlimited included) is accepted. Default false: exactly the amount. */
  unlimitedApproval?: boolean
}

/** The most networks `swap.routers` names. */
export const SWAP_ROUTERS_MAX = 50

/** `v` as `swap.routers` takes it: eip155 CAIP-2 keys, each a 0x address, a kind Gangway reads and, for Uniswap V2, an optional 0x WETH address. */
function isSwapRouters(v: unknown): boolean {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false
  const entries = Object.entries(v as Record<string, unknown>)
  const address = (a: unknown) => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)
  return (
    entries.length <= SWAP_ROUTERS_MAX &&
    entries.every(([id, r]) => {
      const o = r as Record<string, unknown> | null
      return /^eip155:[1-9]\d{0,15}$/.test(id) && !!o && typeof o === 'object' && address(o.address) && (o.kind === 'uniswap-v2' || o.kind === '1inch-v6') && (o.weth === undefined || (o.kind === 'uniswap-v2' && address(o.weth))) && Object.keys(o).every((k) => ['address', 'kind', 'weth'].includes(k))
    })
  )
}

/** An IANA time zone name as Gangway takes it ('Asia/Shanghai', 'Etc/GMT+8'): `onrampRestrictedTimeZones`' entries and the visitor's zone. */
export const TIME_ZONE = /^[A-Za-z0-9_+\-/]{1,64}$/

/** Every key of HostOptions, once: what the engine takes and checks options against. */
export const HOST_OPTION_KEYS = [
  'projectId',
  'networks',
  'defaultNetwork',
  'metadata',
  'rpcUrls',
  'services',
  'enableEmbedded',
  'manualWCControl',
  'walletConnect',
  'featuredWalletIds',
  'includeWalletIds',
  'excludeWalletIds',
  'tokens',
  'allowUnsupportedChain',
  'enableNetworkSwitch',
  'defaultAccountTypes',
  'smartAccountNetworks',
  'swapNetworks',
  'swap',
  'onrampRestrictedTimeZones',
  'onramp',
  'features',
  'remoteFeatures',
  'termsConditionsUrl',
  'privacyPolicyUrl',
  'errorReports',
  'locale',
  'addressLabels',
  'passkeys',
] as const satisfies readonly (keyof HostOptions)[]

// The compiler's check that HOST_OPTION_KEYS names every option: a missing key makes this `false`.
const KEYS_COMPLETE: [keyof HostOptions] extends [(typeof HOST_OPTION_KEYS)[number]] ? true : false = true
void KEYS_COMPLETE

/** The options `engine/configured` records as given (when set), in this order. */
const LOGGED_AS_GIVEN = [
  'features',
  'remoteFeatures',
  'tokens',
  'allowUnsupportedChain',
  'enableNetworkSwitch',
  'defaultAccountTypes',
  'smartAccountNetworks',
  'swapNetworks',
  'swap',
  'onrampRestrictedTimeZones',
  'onramp',
  'featuredWalletIds',
  'includeWalletIds',
  'excludeWalletIds',
  'addressLabels',
] as const satisfies readonly (keyof HostOptions)[]

/** What `engine/configured` records of the options: no RPC or service URLs, no metadata or relay. */
export interface ConfiguredPayload extends Pick<HostOptions, 'projectId' | 'networks' | (typeof LOGGED_AS_GIVEN)[number]> {
  /** `defaultNetwork`'s CAIP-2 id. */
  defaultNetworkId?: CaipNetworkId
  enableEmbedded: boolean
  manualWCControl: boolean
  /** Number of chain adapters configured (the namespaces of `networks`; eip155 counts as one). */
  adapterCount: number
  /** The site turned WalletConnect off (`walletConnect: false`); absent when it is on. The relay URL is not logged. */
  walletConnect?: false
  /** A blockchain service is configured (§7): the Account tabs read holdings, history and names from it. Its URL is not logged. */
  blockchainService?: boolean
  /** A wallet/config service is configured (§7): the registry, the remote configuration and the allowed origins are asked at the first reach. Its URL is not logged. */
  walletConfigService?: boolean
  /** An NFT service is configured (`services.nfts`): the Account view has its NFTs tab. Its URL is not logged. */
  nftService?: boolean
  /** A secure auth site is configured (`services.secureSite`): email and social login can be offered. Its origin is not logged. */
  secureSite?: boolean
  /** The site signs visitors in with SIWX (its `siwx` option); its functions stay on the page. */
  siwx?: SiwxDescriptor
  /** The `passkeys` option's networks: those with a bundler, and those whose gas a paymaster may sponsor. Its URLs are not logged. */
  passkeys?: { networks: CaipNetworkId[]; sponsored: CaipNetworkId[] }
  /** The visitor's IANA time zone as the browser reports it (the on-ramp's §9 restricted time zones). */
  timeZone?: string
}

/**
 * What the engine knows of the site's `siwx` option (docs/api.md): that it is there, and
 * whether a disconnect signs out (`signOutOnDisconnect`, default true, docs/behaviour.md §4). The
 * option's functions stay on the page, where the engine calls them through the bridge
 * (ui/bridge/siwx-source.ts, connector id SIWX_CONNECTOR_ID).
 */
export interface SiwxDescriptor {
  signOutOnDisconnect: boolean
  /** The site's `siwx` takes an email for its sessions (`requestEmailOtp`, `confirmEmailOtp`): DataCapture may follow a sign-in. */
  emailCapture?: boolean
}

/** The `keys` of `o` that are set (not undefined), in the order of `keys`. */
function setKeys<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {}
  for (const key of keys) if (o[key] !== undefined) picked[key] = o[key]
  return picked as Pick<T, K>
}

/**
 * The `engine/configured` payload of the options: networks without their RPC URLs, the defaults
 * filled in, options left out when unset.
 */
export function configuredPayload(o: HostOptions): ConfiguredPayload {
  return {
    projectId: o.projectId,
    networks: o.networks.map((n) => ({ ...n, rpcUrls: { default: { http: [] } } })),
    ...(o.defaultNetwork ? { defaultNetworkId: o.defaultNetwork.caipNetworkId } : {}),
    enableEmbedded: o.enableEmbedded ?? false,
    manualWCControl: o.manualWCControl ?? false,
    adapterCount: new Set(o.networks.map((n) => n.chainNamespace)).size,
    ...(o.walletConnect === false ? { walletConnect: false as const } : {}),
    ...setKeys(o, LOGGED_AS_GIVEN),
    ...(o.services?.blockchain ? { blockchainService: true } : {}),
    ...(o.services?.walletConfig ? { walletConfigService: true } : {}),
    ...(o.services?.nfts ? { nftService: true } : {}),
    ...(o.services?.secureSite ? { secureSite: true } : {}),
    ...(o.passkeys ? { passkeys: { networks: Object.keys(o.passkeys.bundlerUrls) as CaipNetworkId[], sponsored: Object.keys(o.passkeys.paymasterUrls ?? {}) as CaipNetworkId[] } } : {}),
  }
}

/** `v` is `false` or `{ relayUrl? }` with a ws(s) URL of at most 2048 characters and nothing else. */
function isWalletConnectOption(v: unknown): boolean {
  if (v === false) return true
  if (!v || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).some((k) => k !== 'relayUrl')) return false
  const relay = (v as { relayUrl?: unknown }).relayUrl
  return relay === undefined || (typeof relay === 'string' && relay.length <= 2048 && /^wss?:\/\/[^\s]+$/.test(relay))
}

/**
 * The first option Gangway would not use (a misspelling, or one that comes with later work), as the
 * refusal to throw: `{ message: 'Unknown option: {key}', details }` (the known options and
 * services; a service under `services` reads `services.{name}`), or undefined when every key is known. A list where
 * `services`, `features` or `remoteFeatures` belongs is not walked: `featureOptionsProblem` refuses its
 * shape ('Invalid option: features must be an object'). `pageKeys` are the options the caller itself uses. Callers
 * throw it as a GangwayError (ui/client/options-check.ts for a page's options, the engine when started directly) rather than
 * accept the option silently.
 */
export function unknownOption(options: object, pageKeys: readonly string[] = []): { message: string; details: string } | undefined {
  const known: readonly string[] = [...HOST_OPTION_KEYS, ...pageKeys]
  /** The first key of the object option `name` that is not in `keys`, as '{name}.{key}' (a list is the shape check's). */
  const nested = (name: string, keys: readonly string[]) => {
    const value = (options as Record<string, unknown>)[name]
    const key = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).find((k) => !keys.includes(k)) : undefined
    return key === undefined ? undefined : `${name}.${key}`
  }
  const key =
    Object.keys(options).find((k) => !known.includes(k)) ??
    // A service Gangway does not call reads 'services.{name}'; a feature it does not know, 'features.{name}'.
    nested('services', SERVICE_KEYS) ??
    nested('features', FEATURE_KEYS) ??
    nested('remoteFeatures', REMOTE_FEATURE_KEYS)
  return key === undefined
    ? undefined
    : { message: `Unknown option: ${key}`, details: `Gangway's options are ${known.join(', ')}; its services ${SERVICE_KEYS.join(', ')}; its features ${FEATURE_KEYS.join(', ')}; its remote features ${REMOTE_FEATURE_KEYS.join(', ')} (docs/api.md)` }
}

/** True when `v` is a list of `values`, each at most once. */
const listOf = (v: unknown, values: readonly string[]) => Array.isArray(v) && v.every((x) => values.includes(x)) && new Set(v).size === v.length

/**
 * The first problem of the feature options, the shape of `services`, `errorReports` and the site's
 * document links (docs/behaviour.md §3 Options), as the message to throw, or undefined when there
 * is none. Names not taken are
 * `unknownOption`'s to refuse; this checks the values:
 * - 'Invalid option: features must be an object' (and 'Invalid option: remoteFeatures must be an
 *   object', 'Invalid option: services must be an object'; a list is not an object);
 * - 'Invalid option: errorReports must be a boolean' (the engine reads anything but false as on);
 * - 'Invalid option: features.{flag} must be a boolean' (receive, send, analytics, allWallets,
 *   legalCheckbox, collapseWallets, pay; remoteFeatures.{flag}: swaps, onramp, email, activity,
 *   branding, multiWallet, emailCapture);
 * - 'Invalid option: features.connectMethodsOrder must be a list of email, social, wallet (each at most once)';
 * - 'Invalid option: features.connectorTypeOrder must be a list of walletConnect, recent, injected, featured, custom, external, recommended (each at most once)';
 * - 'Invalid option: features.walletFeaturesOrder must be a list of onramp, swaps, receive, send (each at most once)';
 * - 'Invalid option: remoteFeatures.socials must be false or a list of google, x, discord, farcaster, github, apple, facebook (each at most once)';
 * - 'Invalid option: termsConditionsUrl must be an http or https URL' (and privacyPolicyUrl), by
 *   the URL validator (events/kernel/urls.ts `documentLink`; a path is read against `base`, the page's origin);
 * - 'Invalid option: addressLabels must map addresses to labels of at most 64 characters' (at most
 *   MAX_ADDRESS_LABELS addresses, none with a colon);
 * - 'Invalid option: onrampRestrictedTimeZones must be a list of at most 100 IANA time zones';
 * - 'Invalid option: swap must be an object' (and 'must have only routers and unlimitedApproval'), 'Invalid option: swap.unlimitedApproval must be a
 *   boolean', 'Invalid option: swap.routers must map eip155 network ids to { address, kind: uniswap-v2
 *   or 1inch-v6, weth? } (at most 50)';
 * - 'Invalid option: onramp must be an object' (and 'must have only meldPublicKey'), 'Invalid
 *   option: onramp.meldPublicKey must be 1 to 128 letters, digits and _-:.';
 * - 'Invalid option: walletConnect must be false or { relayUrl }' (relayUrl a ws or wss URL);
 * - 'Invalid option: services.bitcoin must be an http or https URL';
 * - 'Invalid option: passkeys must have bundlerUrls and optionally paymasterUrls', 'Invalid option:
 *   passkeys.bundlerUrls must map eip155 network ids to http or https URLs (at most 50)' (and
 *   passkeys.paymasterUrls).
 */
export function featureOptionsProblem(o: Pick<HostOptions, 'features' | 'remoteFeatures' | 'services' | 'errorReports' | 'termsConditionsUrl' | 'privacyPolicyUrl' | 'addressLabels' | 'onrampRestrictedTimeZones' | 'swap' | 'onramp' | 'walletConnect' | 'passkeys'>, base?: string): string | undefined {
  const invalid = (name: string, rule: string) => `Invalid option: ${name} must ${rule}`
  if (o.walletConnect !== undefined && !isWalletConnectOption(o.walletConnect)) return invalid('walletConnect', 'be false or { relayUrl }')
  const list = (values: readonly string[]) => `be a list of ${values.join(', ')} (each at most once)`
  for (const name of ['features', 'remoteFeatures', 'services', 'swap', 'onramp'] as const) {
    const v: unknown = o[name]
    if (v !== undefined && (v === null || typeof v !== 'object' || Array.isArray(v))) return invalid(name, 'be an object')
  }
  if (o.errorReports !== undefined && typeof o.errorReports !== 'boolean') return invalid('errorReports', 'be a boolean')
  const secureSite = (o.services as Record<string, unknown> | undefined)?.secureSite
  if (secureSite !== undefined && originOf(secureSite) === undefined) return invalid('services.secureSite', 'be an origin (https://host[:port])')
  const bitcoin = (o.services as Record<string, unknown> | undefined)?.bitcoin
  if (bitcoin !== undefined && (typeof bitcoin !== 'string' || bitcoin.length > 2048 || serviceOrigin(bitcoin) === undefined)) return invalid('services.bitcoin', 'be an http or https URL')
  const f = (o.features ?? {}) as Record<string, unknown>
  const r = (o.remoteFeatures ?? {}) as Record<string, unknown>
  for (const k of FEATURE_FLAGS) if (f[k] !== undefined && typeof f[k] !== 'boolean') return invalid(`features.${k}`, 'be a boolean')
  if (f.connectMethodsOrder !== undefined && !listOf(f.connectMethodsOrder, CONNECT_METHODS)) return invalid('features.connectMethodsOrder', list(CONNECT_METHODS))
  if (f.connectorTypeOrder !== undefined && !listOf(f.connectorTypeOrder, CONNECTOR_GROUPS)) return invalid('features.connectorTypeOrder', list(CONNECTOR_GROUPS))
  if (f.walletFeaturesOrder !== undefined && !listOf(f.walletFeaturesOrder, WALLET_FEATURES)) return invalid('features.walletFeaturesOrder', list(WALLET_FEATURES))
  for (const k of REMOTE_FEATURE_FLAGS) if (r[k] !== undefined && typeof r[k] !== 'boolean') return invalid(`remoteFeatures.${k}`, 'be a boolean')
  if (r.socials !== undefined && r.socials !== false && !listOf(r.socials, SOCIAL_PROVIDERS)) return invalid('remoteFeatures.socials', `be false or ${list(SOCIAL_PROVIDERS).slice(3)}`)
  for (const k of ['termsConditionsUrl', 'privacyPolicyUrl'] as const) if (o[k] !== undefined && documentLink(o[k], base) === undefined) return invalid(k, 'be an http or https URL')
  if (o.addressLabels !== undefined && !isAddressLabels(o.addressLabels)) return invalid('addressLabels', `map addresses to labels of at most ${MAX_ADDRESS_LABEL} characters`)
  const zones: unknown = o.onrampRestrictedTimeZones
  if (zones !== undefined && !(Array.isArray(zones) && zones.length <= 100 && zones.every((z) => typeof z === 'string' && TIME_ZONE.test(z)))) return invalid('onrampRestrictedTimeZones', 'be a list of at most 100 IANA time zones')
  const swap = (o.swap ?? {}) as Record<string, unknown>
  if (Object.keys(swap).some((k) => k !== 'routers' && k !== 'unlimitedApproval')) return invalid('swap', 'have only routers and unlimitedApproval')
  if (swap.unlimitedApproval !== undefined && typeof swap.unlimitedApproval !== 'boolean') return invalid('swap.unlimitedApproval', 'be a boolean')
  if (swap.routers !== undefined && !isSwapRouters(swap.routers)) return invalid('swap.routers', `map eip155 network ids to { address, kind: uniswap-v2 or 1inch-v6, weth? } (at most ${SWAP_ROUTERS_MAX})`)
  const onramp = (o.onramp ?? {}) as Record<string, unknown>
  if (Object.keys(onramp).some((k) => k !== 'meldPublicKey')) return invalid('onramp', 'have only meldPublicKey')
  if (onramp.meldPublicKey !== undefined && !(typeof onramp.meldPublicKey === 'string' && MELD_PUBLIC_KEY.test(onramp.meldPublicKey))) return invalid('onramp.meldPublicKey', 'be 1 to 128 letters, digits and _-:.')
  if (o.passkeys !== undefined) {
    const p = o.passkeys as unknown as Record<string, unknown> | null
    if (!p || typeof p !== 'object' || Array.isArray(p) || p.bundlerUrls === undefined || Object.keys(p).some((k) => k !== 'bundlerUrls' && k !== 'paymasterUrls')) return invalid('passkeys', 'have bundlerUrls and optionally paymasterUrls')
    for (const k of ['bundlerUrls', 'paymasterUrls'] as const) if (p[k] !== undefined && !isEip155UrlMap(p[k])) return invalid(`passkeys.${k}`, `map eip155 network ids to http or https URLs (at most ${PASSKEY_NETWORKS_MAX})`)
  }
  return undefined
}

/** The host options among `options` (the page's own options left out), as given. */
export function hostOptionsOf(options: HostOptions): HostOptions {
  return setKeys(options, HOST_OPTION_KEYS) as HostOptions
}

/**
 * The networks the site's services can serve: its bip122 networks only with `services.bitcoin`
 * (docs/behaviour.md §5 Bitcoin); the others all.
 * @example offeredNetworks(networks, {}).some((n) => n.chainNamespace === 'bip122') // false
 */
export function offeredNetworks(networks: readonly Network[], services: ServiceUrls | undefined): Network[] {
  return networks.filter((n) => n.chainNamespace !== 'bip122' || Boolean(services?.bitcoin))
}
