/**
 * The host site's options that reach the engine, declared once (docs/behaviour.md §3 Options,
 * docs/api.md). `createModal`'s options (ui/options.ts) add the page-only ones; the engine config is
 * these plus the page's origin (contract.ts); `configuredPayload` maps them to the
 * `engine/configured` event, the only copy in the log. Adding an option: declare it here, name it
 * in HOST_OPTION_KEYS (the compiler checks the list is complete), and, if the projections need it
 * as given, in LOGGED_AS_GIVEN.
 */
import type { AccountType, CaipNetworkId, Namespace, Network, TokenInfo } from './entities.js'

/** Base URLs of the §7 services; a service left out is not called. Production points them at the hosted services. */
export interface ServiceUrls {
  /** Wallet/config service (getWallets, config, origins). */
  walletConfig?: string
  /** Blockchain service (balances, history, identity, the wallet-provider RPC endpoint). */
  blockchain?: string
}

/** The services Gangway calls today (the analytics service and the secure auth site come with later work, docs/api.md). */
export const SERVICE_KEYS = ['walletConfig', 'blockchain'] as const satisfies readonly (keyof ServiceUrls)[]

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
  /** WalletConnect: the relay's WebSocket URL (default the hosted relay). */
  walletConnect?: { relayUrl?: string }
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
  /**
   * The language of the modal's views (docs/api.md, Localisation): a BCP 47 tag ('es', 'zh-CN',
   * 'ar-EG'), matched by language to a catalogue (en, es, zh, ja, ar; any other gives English);
   * default the browser's languages. The views read it (src/ui/i18n/locale.ts); the engine's state
   * does not depend on it, so it is not logged.
   */
  locale?: string
}

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
  'locale',
] as const satisfies readonly (keyof HostOptions)[]

// The compiler's check that HOST_OPTION_KEYS names every option: a missing key makes this `false`.
const KEYS_COMPLETE: [keyof HostOptions] extends [(typeof HOST_OPTION_KEYS)[number]] ? true : false = true
void KEYS_COMPLETE

/** The options `engine/configured` records as given (when set), in this order. */
const LOGGED_AS_GIVEN = [
  'tokens',
  'allowUnsupportedChain',
  'enableNetworkSwitch',
  'defaultAccountTypes',
  'smartAccountNetworks',
  'featuredWalletIds',
  'includeWalletIds',
  'excludeWalletIds',
] as const satisfies readonly (keyof HostOptions)[]

/** What `engine/configured` records of the options: no RPC or service URLs, no metadata or relay. */
export interface ConfiguredPayload extends Pick<HostOptions, 'projectId' | 'networks' | (typeof LOGGED_AS_GIVEN)[number]> {
  /** `defaultNetwork`'s CAIP-2 id. */
  defaultNetworkId?: CaipNetworkId
  enableEmbedded: boolean
  manualWCControl: boolean
  /** Number of chain adapters configured (the namespaces of `networks`; eip155 counts as one). */
  adapterCount: number
  /** A blockchain service is configured (§7): the Account tabs read holdings, history, NFTs and names from it. Its URL is not logged. */
  blockchainService?: boolean
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
    ...setKeys(o, LOGGED_AS_GIVEN),
    ...(o.services?.blockchain ? { blockchainService: true } : {}),
  }
}

/**
 * The first option Gangway would not use (a misspelling, or one that comes with later work), as the
 * refusal to throw: `{ message: 'Unknown option: {key}', details }` (the known options and
 * services; a service under `services` reads `services.{name}`), or undefined when every key is known. `pageKeys` are the options the caller itself uses. Callers
 * throw it as a GangwayError (core.ts for a page's options, the engine when started directly) rather than
 * accept the option silently.
 */
export function unknownOption(options: object, pageKeys: readonly string[] = []): { message: string; details: string } | undefined {
  const services = (options as { services?: unknown }).services
  const known: readonly string[] = [...HOST_OPTION_KEYS, ...pageKeys]
  const key =
    Object.keys(options).find((k) => !known.includes(k)) ??
    // A service Gangway does not call reads 'services.{name}'.
    (services && typeof services === 'object' ? Object.keys(services).find((k) => !(SERVICE_KEYS as readonly string[]).includes(k)) : undefined)?.replace(/^/, 'services.')
  return key === undefined ? undefined : { message: `Unknown option: ${key}`, details: `Gangway's options are ${known.join(', ')}; its services ${SERVICE_KEYS.join(', ')} (docs/api.md)` }
}

/** The host options among `options` (the page's own options left out), as given. */
export function hostOptionsOf(options: HostOptions): HostOptions {
  return setKeys(options, HOST_OPTION_KEYS) as HostOptions
}
