/**
 * Client of the wallet/config service (docs/behaviour.md §7): the wallet registry, its images, the remote
 * configuration and the allowed origins, through the shared service fetch (projectId, st, sv,
 * timeout, AbortSignal, the 2 MB answer limit). Registry answers are hostile (issue 13): a page
 * keeps at most the `entries` asked for, and `boundedListing` caps a listing's strings.
 */
import { HttpRequestError } from 'viem'
import type { WalletListing } from '../events/entities.js'
import { SOCIAL_PROVIDERS, type RemoteFeatures, type SocialProvider } from '../events/host-options.js'
import { MAX_REMOTE_LINK, MAX_REMOTE_NAME, MAX_REMOTE_STRING } from '../events/limits.js'
import { URL_MAX } from '../events/urls.js'
import type { ServiceFetch } from './service-fetch.js'
import { serviceImageUrl } from './image-urls.js'

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
export const RATE_LIMITED = 'RATE_LIMITED'
export const SERVER_ERROR = 'SERVER_ERROR'

/**
 * A listing with its strings capped (issue 13): the name cut to MAX_REMOTE_NAME (64) characters,
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

/** The remote configuration's feature ids (GET /appkit/v1/config) and the remote feature each switches. */
const REMOTE_FEATURE_IDS: Readonly<Record<string, Exclude<keyof RemoteFeatures, 'socials'>>> = {
  swaps: 'swaps',
  onramp: 'onramp',
  email: 'email',
  activity: 'activity',
  reown_branding: 'branding',
  multi_wallet: 'multiWallet',
  email_capture: 'emailCapture',
}
/** The most entries of a remote configuration answer read; the rest are ignored. */
export const MAX_REMOTE_FEATURES = 64

/**
 * The remote features an answer of GET /appkit/v1/config gives (docs/behaviour.md §7, §9), checked:
 * the answer is `{ features: [{ id, isEnabled, config }] }`; of its first MAX_REMOTE_FEATURES (64)
 * entries, those with a known id (swaps, onramp, email, social_login, activity, reown_branding,
 * multi_wallet, email_capture) and a boolean `isEnabled` count, the first of each id only; anything
 * else is ignored. `social_login` gives `socials`: false when disabled; when enabled, the known
 * providers its `config` lists (in its order, each once; false when none is known), or every
 * provider when `config` is not a list. An answer of another shape gives `{}`: the defaults stay.
 */
export function remoteFeaturesOf(answer: unknown): RemoteFeatures {
  const list = (answer as { features?: unknown } | null)?.features
  const out: RemoteFeatures = {}
  if (!Array.isArray(list)) return out
  for (const entry of list.slice(0, MAX_REMOTE_FEATURES) as unknown[]) {
    const { id, isEnabled, config } = (entry && typeof entry === 'object' ? entry : {}) as { id?: unknown; isEnabled?: unknown; config?: unknown }
    if (typeof id !== 'string' || typeof isEnabled !== 'boolean') continue
    if (id === 'social_login') {
      if (out.socials !== undefined) continue
      const known = Array.isArray(config) ? [...new Set(config.filter((p): p is SocialProvider => (SOCIAL_PROVIDERS as readonly unknown[]).includes(p)))] : [...SOCIAL_PROVIDERS]
      out.socials = isEnabled && known.length > 0 ? known : false
      continue
    }
    const key = Object.hasOwn(REMOTE_FEATURE_IDS, id) ? REMOTE_FEATURE_IDS[id] : undefined
    if (key && out[key] === undefined) out[key] = isEnabled
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
     * Error 'RATE_LIMITED', 5xx throws Error 'SERVER_ERROR', any other failure gives an empty list.
     */
    async getAllowedOrigins(signal?: AbortSignal): Promise<string[]> {
      try {
        const r = await api.get<{ allowedOrigins?: unknown }>('walletConfig', 'projects/v1/origins', signal ? { signal } : {})
        return Array.isArray(r.allowedOrigins) ? r.allowedOrigins.filter((o): o is string => typeof o === 'string') : []
      } catch (error) {
        const status = error instanceof HttpRequestError ? error.status : undefined
        if (status === 429) throw new Error(RATE_LIMITED)
        if (status !== undefined && status >= 500) throw new Error(SERVER_ERROR)
        return []
      }
    },
  }
}
