/**
 * The features in force (docs/behaviour.md §3 Options, §9 Default features and Default remote
 * features): a domain selector, state → fact. Pure. Resolution, in order:
 * 1. the §9 defaults;
 * 2. the remote configuration's answer (GET /appkit/v1/config), which may switch remote features
 *    off, or on (multiWallet, emailCapture) where the site set nothing; it never touches `features`;
 * 3. the site's explicit `remoteFeatures` and `features`, which always win;
 * 4. `pay: true` turns email and social login off, whatever set them.
 * Values are read defensively (a value of the wrong type counts as unset), though the engine
 * refuses such options at start and the log's checks refuse them when read back.
 */
import { CONNECT_METHODS, FEATURE_FLAGS, REMOTE_FEATURE_FLAGS, SOCIAL_PROVIDERS, WALLET_FEATURES, type ConnectMethod, type ConnectorGroup, type Features, type RemoteFeatures, type SocialProvider, type WalletFeature } from '../../events/kernel/host-options.js'
import type { CaipNetworkId } from '../../events/entities.js'
import { connectMethodsOrder } from '../connector-order.js'
import type { State } from '../state.js'

/** Every feature resolved to a value. */
export interface ResolvedFeatures {
  receive: boolean
  send: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  collapseWallets: boolean
  pay: boolean
  /** The site's order of the connect methods; undefined when it set none (the §2 rule then orders them by the page's wallets). */
  connectMethodsOrder?: ConnectMethod[]
  /** The connector groups the site puts first ([] when none). */
  connectorTypeOrder: ConnectorGroup[]
  /** The Account view's actions in order (the listed ones only). */
  walletFeaturesOrder: WalletFeature[]
  swaps: boolean
  onramp: boolean
  email: boolean
  /** The social providers offered, in order; false for none. */
  socials: SocialProvider[] | false
  activity: boolean
  branding: boolean
  multiWallet: boolean
  emailCapture: boolean
}

/** docs/behaviour.md §9 Default features and Default remote features. */
export const DEFAULT_FEATURES: ResolvedFeatures = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  collapseWallets: false,
  pay: false,
  connectorTypeOrder: [],
  walletFeaturesOrder: [...WALLET_FEATURES],
  swaps: true,
  onramp: true,
  email: true,
  socials: [...SOCIAL_PROVIDERS],
  activity: true,
  branding: true,
  multiWallet: false,
  emailCapture: false,
}


/** The remote features of `r` that are set with the right type, over `base`. */
function withRemote(base: ResolvedFeatures, r: RemoteFeatures | undefined): ResolvedFeatures {
  const out = { ...base }
  if (!r || typeof r !== 'object') return out
  for (const k of REMOTE_FEATURE_FLAGS) if (typeof r[k] === 'boolean') out[k] = r[k]
  if (r.socials === false || Array.isArray(r.socials)) out.socials = r.socials === false || r.socials.length === 0 ? false : [...r.socials]
  return out
}

/**
 * The features in force from the site's `features` and `remoteFeatures` options and the remote
 * configuration's checked answer (`remote`, undefined or {} when there is none), in the order of
 * the module comment.
 */
export function resolveFeatures(site: Features | undefined, siteRemote: RemoteFeatures | undefined, remote: RemoteFeatures | undefined): ResolvedFeatures {
  const out = withRemote(withRemote(DEFAULT_FEATURES, remote), siteRemote)
  const f = site && typeof site === 'object' ? site : {}
  for (const k of FEATURE_FLAGS) if (typeof f[k] === 'boolean') out[k] = f[k]
  if (Array.isArray(f.connectMethodsOrder)) out.connectMethodsOrder = [...f.connectMethodsOrder]
  if (Array.isArray(f.connectorTypeOrder)) out.connectorTypeOrder = [...f.connectorTypeOrder]
  if (Array.isArray(f.walletFeaturesOrder)) out.walletFeaturesOrder = [...f.walletFeaturesOrder]
  if (out.pay) {
    out.email = false
    out.socials = false
  }
  return out
}

/** The features in force for this state: the site's options (engine/configured) and this page session's remote answer. */
export function resolvedFeatures(s: State): ResolvedFeatures {
  return resolveFeatures(s.config.features, s.config.remoteFeatures, s.remoteConfig.features)
}

/** docs/behaviour.md §2 Passkey: the site's networks where a passkey's account may live (a bundler configured), in the site's order. */
export function passkeyNetworks(s: State): CaipNetworkId[] {
  const withBundler = s.config.passkeys?.networks ?? []
  return s.config.networks.filter((n) => n.chainNamespace === 'eip155' && withBundler.includes(n.caipNetworkId)).map((n) => n.caipNetworkId)
}

/**
 * The Connect view's methods in order (docs/behaviour.md §2 Connect methods): the site's order, or
 * email, social, passkey, wallet (wallet first when an announced or injected wallet is on the page); email
 * only while the email feature is on, social only while a social provider is, passkey only with a
 * network that has a bundler (`passkeyNetworks`).
 */
export function connectMethods(s: State): ConnectMethod[] {
  const f = resolvedFeatures(s)
  const present = s.connectors.list.some((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED')
  // Email and social login need the secure site (services.secureSite) and an EVM network (the auth connector's).
  const auth = s.config.secureSite === true && s.config.networks.some((n) => n.chainNamespace === 'eip155')
  // A passkey's account needs a configured EVM network with a bundler (the `passkeys` option).
  const passkey = passkeyNetworks(s).length > 0
  const on: Record<ConnectMethod, boolean> = { email: auth && f.email, social: auth && f.socials !== false, passkey, wallet: true }
  return connectMethodsOrder(present, f.connectMethodsOrder).filter((m) => CONNECT_METHODS.includes(m) && on[m])
}
