/**
 * Client of the wallet/config service (docs/behaviour.md §7): the wallet registry, its images, the remote
 * configuration and the allowed origins, through the shared service fetch (projectId, st, sv,
 * timeout, AbortSignal, the 2 MB answer limit). Registry answers are hostile: a page
 * keeps at most the `entries` asked for, and `boundedListing` caps a listing's strings.
 */
import { HttpRequestError } from 'viem'
import type { WalletListing } from '../events/entities.js'
import { SOCIAL_PROVIDERS, type RemoteFeatures, type SocialProvider } from '../events/kernel/host-options.js'
import { MAX_REMOTE_LINK, MAX_REMOTE_NAME, MAX_REMOTE_STRING } from '../events/kernel/limits.js'
import { URL_MAX } from '../events/kernel/urls.js'
import type { ServiceFetch } from './service-fetch.js'
import { serviceImageUrl } from './image-urls.js'
import { ServiceStatusError } from '../events/engine-errors.js'
import { ERRORS } from '../events/kernel/error-registry.js'

export type { WalletListing }

/** GET /getWallets params (docs/behaviour.md §7); lists are joined with commas. `search` is trimmed (docs/behaviour.md §5). */
export interface GetWalletsParams {
  page: number
  /** docs/behaviour.md §9: 40 per page; search up to 100. */
  entries: number
  include?: string[]
  exclude?: string[]
  chains?: string[]
  search?: string
  badge_type?: string
}

/** docs/behaviour.md §8 allowed-origins errors. */
export const RATE_LIMITED = ERRORS.rateLimited.message
export const SERVER_ERROR = ERRORS.serverError.message

/**
 * A listing with its strings capped: the name cut to MAX_REMOTE_NAME (64) characters,
 * the id and rdns to MAX_REMOTE_STRING (256); a link over MAX_REMOTE_LINK (256), an image id over
 * MAX_REMOTE_STRING or an image URL over URL_MAX (2048) is dropped (with the image URL made from
 * that id), never cut; chain ids past the first 64 and those over 256 characters are dropped.
 */
export function boundedListing(w: WalletListing): WalletListing {
  const l: WalletListing = { id: w.id.slice(0, MAX_REMOTE_STRING), name: w.name.slice(0, MAX_REMOTE_NAME) }
  const imageKept = !w.image_id || w.image_id.length <= MAX_REMOTE_STRING
  if (w.image_id && imageKept) l.image_id = w.image_id
  if (w.image_url && imageKept && w.image_url.length <= URL_MAX) l.image_url = w.image_url
  for (const k of ['mobile_link', 'desktop_link', 'webapp_link'] as const) {
    const v = w[k]
    if (v && v.length <= MAX_REMOTE_LINK) l[k] = v
  }
  if (w.rdns) l.rdns = w.rdns.slice(0, MAX_REMOTE_STRING)
  if (w.chains) l.chains = w.chains.slice(0, 64).filter((c) => c.length <= MAX_REMOTE_STRING)
  return l
}

/**
 * The remote configuration's feature ids (GET /appkit/v1/config; reown-com/appkit
 * `packages/controllers/src/utils/TypeUtil.ts` FeatureID, docs/services.md) and how each is read:
 * a provider list (`swap`: ['1inch'], `onramp`: ['meld']) is on when enabled with at least one
 * provider; an on/off feature is on when enabled. `social_login` is read apart: its list names
 * 'email' and the social providers.
 */
const REMOTE_FEATURE_IDS = {
  swap: { key: 'swaps', list: true },
  onramp: { key: 'onramp', list: true },
  activity: { key: 'activity', list: false },
  reown_branding: { key: 'branding', list: false },
  multi_wallet: { key: 'multiWallet', list: false },
  email_capture: { key: 'emailCapture', list: false },
} as const satisfies Record<string, { key: Exclude<keyof RemoteFeatures, 'socials' | 'email'>; list: boolean }>
type RemoteFeatureId = keyof typeof REMOTE_FEATURE_IDS | 'social_login'
/**
 * Every feature id the hosted configuration has (reown-com/appkit
 * `packages/controllers/src/utils/TypeUtil.ts` FeatureID, 1.8.19): those Gangway reads and
 * `fund_from_exchange`, `payments`, `reown_authentication`, `headless`, which it has no feature for.
 * An id outside this list is not the hosted wire (`npm run verify:hosted` reports it).
 * @example
 * HOSTED_FEATURE_IDS.includes('swap') // true; 'swaps' is not a hosted id
 */
export const HOSTED_FEATURE_IDS: readonly string[] = [...Object.keys(REMOTE_FEATURE_IDS), 'social_login', 'fund_from_exchange', 'payments', 'reown_authentication', 'headless']
const KNOWN_IDS: readonly string[] = [...Object.keys(REMOTE_FEATURE_IDS), 'social_login']
/** The most entries of a remote configuration answer read; the rest are ignored. */
export const MAX_REMOTE_FEATURES = 64
/** The most items of an entry's `config` list read. */
const MAX_CONFIG_ITEMS = 32

/** An entry of a known id, checked: `isEnabled` a boolean, `config` null or a list of strings. */
type Entry = { isEnabled: boolean; config: string[] | null }
function entryOf(e: { isEnabled?: unknown; config?: unknown }): Entry | undefined {
  if (typeof e.isEnabled !== 'boolean') return undefined
  if (e.config === null) return { isEnabled: e.isEnabled, config: null }
  if (!Array.isArray(e.config) || !e.config.every((c) => typeof c === 'string')) return undefined
  return { isEnabled: e.isEnabled, config: e.config.slice(0, MAX_CONFIG_ITEMS) }
}

/**
 * The remote features an answer of GET /appkit/v1/config gives (docs/behaviour.md §7, §9; the
 * hosted answer as reown-com/appkit `packages/appkit/src/utils/ConfigUtil.ts` reads it), checked.
 * The answer is `{ features: [{ id, isEnabled, config }] }`; of its first MAX_REMOTE_FEATURES (64)
 * entries, the first of each known id counts (swap, onramp, social_login, activity,
 * reown_branding, multi_wallet, email_capture) and unknown ids are ignored.
 * - A known id present with `config: null`: nothing from the service; the site's value or the
 *   default stays.
 * - A known id present with a list: `swaps`/`onramp` on when enabled with a provider listed;
 *   `activity`, `branding`, `multiWallet`, `emailCapture` as `isEnabled`; `social_login` gives
 *   `email` (enabled and 'email' listed) and `socials` (enabled: the known providers listed, in
 *   order, each once, or false when none is).
 * - A known id missing from the answer: off.
 * - An answer that is not an object with a `features` list, or with a known id whose `isEnabled`
 *   is not a boolean or whose `config` is neither null nor a list of strings: `{}`, the defaults and
 *   the site's values stay (a service that answers nonsense switches nothing).
 * Whatever the service says, the site's own explicit settings win (select/features.ts).
 * @example
 * remoteFeaturesOf({ features: [{ id: 'swap', isEnabled: true, config: ['1inch'] }] })
 * // { swaps: true, onramp: false, email: false, socials: false, activity: false, branding: false, multiWallet: false, emailCapture: false }
 */
export function remoteFeaturesOf(answer: unknown): RemoteFeatures {
  const list = (answer as { features?: unknown } | null)?.features
  if (!Array.isArray(list)) return {}
  const entries = new Map<RemoteFeatureId, Entry>()
  for (const raw of list.slice(0, MAX_REMOTE_FEATURES) as unknown[]) {
    const e = (raw && typeof raw === 'object' ? raw : {}) as { id?: unknown; isEnabled?: unknown; config?: unknown }
    if (typeof e.id !== 'string' || !KNOWN_IDS.includes(e.id) || entries.has(e.id as RemoteFeatureId)) continue
    const entry = entryOf(e)
    if (!entry) return {}
    entries.set(e.id as RemoteFeatureId, entry)
  }
  const out: RemoteFeatures = {}
  for (const [id, { key, list: isList }] of Object.entries(REMOTE_FEATURE_IDS)) {
    const entry = entries.get(id as RemoteFeatureId)
    if (entry?.config === null) continue
    out[key] = !!entry && entry.isEnabled && (!isList || entry.config!.length > 0)
  }
  const social = entries.get('social_login')
  if (social?.config !== null) {
    const listed = social?.isEnabled ? social.config! : []
    out.email = listed.includes('email')
    const known = [...new Set(listed.filter((p): p is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(p)))]
    out.socials = known.length > 0 ? known : false
  }
  return out
}

export function walletConfigClient(api: ServiceFetch) {
  const joined = (xs?: string[]) => (xs && xs.length ? xs.join(',') : undefined)
  return {
    /**
     * One page of the registry and the total count. `data` is the answer's list as sent, cut to
     * `p.entries` entries: its entries are NOT checked yet (the engine's `listingsOf` and
     * `boundedListing` do that). `count` is a whole number ≥ 0 (0 when the answer has none).
     * @throws the service fetch's errors.
     */
    async getWallets(p: GetWalletsParams, signal?: AbortSignal): Promise<{ data: WalletListing[]; count: number }> {
      const search = p.search?.trim()
      const r = await api.get<{ data?: unknown; count?: unknown } | null>('walletConfig', 'getWallets', {
        params: { page: p.page, entries: p.entries, include: joined(p.include), exclude: joined(p.exclude), chains: joined(p.chains), search: search || undefined, badge_type: p.badge_type },
        ...(signal ? { signal } : {}),
      })
      const count = typeof r?.count === 'number' && Number.isSafeInteger(r.count) && r.count > 0 ? r.count : 0
      return { data: Array.isArray(r?.data) ? (r.data.slice(0, Math.max(0, p.entries)) as WalletListing[]) : [], count }
    },
    /** The URL of a wallet's image (GET /getWalletImage/{id}). */
    walletImageUrl: (id: string) => serviceImageUrl(api, 'wallet', id),
    /**
     * The remote features (GET /appkit/v1/config), checked and reduced by `remoteFeaturesOf`.
     * @throws the service fetch's errors.
     */
    getConfig: async (signal?: AbortSignal): Promise<RemoteFeatures> => remoteFeaturesOf(await api.get('walletConfig', 'appkit/v1/config', signal ? { signal } : {})),
    /**
     * The allowed origins (GET /projects/v1/origins), with the docs/behaviour.md §8 rules: HTTP 429 throws
     * ServiceStatusError 'RATE_LIMITED', 5xx throws ServiceStatusError 'SERVER_ERROR', any other failure gives an empty list.
     */
    async getAllowedOrigins(signal?: AbortSignal): Promise<string[]> {
      try {
        const r = await api.get<{ allowedOrigins?: unknown }>('walletConfig', 'projects/v1/origins', signal ? { signal } : {})
        return Array.isArray(r.allowedOrigins) ? r.allowedOrigins.filter((o): o is string => typeof o === 'string') : []
      } catch (error) {
        const status = error instanceof HttpRequestError ? error.status : undefined
        if (status === 429) throw new ServiceStatusError(RATE_LIMITED, status)
        if (status !== undefined && status >= 500) throw new ServiceStatusError(SERVER_ERROR, status)
        return []
      }
    },
  }
}
