/**
 * Client of the wallet/config service (spec §7): the wallet registry, its images, the remote
 * configuration and the allowed origins, through the shared service fetch (projectId, st, sv,
 * timeout, AbortSignal).
 */
import { HttpRequestError } from 'viem'
import type { WalletListing } from '../events/entities.js'
import type { ServiceFetch } from './service-fetch.js'

export type { WalletListing }

/** GET /getWallets params (spec §7); lists are joined with commas. `search` is trimmed (spec §5). */
export interface GetWalletsParams {
  page: number
  /** Spec §9: 40 per page; search up to 100. */
  entries: number
  include?: string[]
  exclude?: string[]
  chains?: string[]
  search?: string
  badge_type?: string
}

/** Spec §8 allowed-origins errors. */
export const RATE_LIMITED = 'RATE_LIMITED'
export const SERVER_ERROR = 'SERVER_ERROR'

export function walletConfigClient(api: ServiceFetch) {
  const joined = (xs?: string[]) => (xs && xs.length ? xs.join(',') : undefined)
  return {
    /** One page of the registry and the total count. @throws the service fetch's errors. */
    getWallets(p: GetWalletsParams, signal?: AbortSignal): Promise<{ data: WalletListing[]; count: number }> {
      const search = p.search?.trim()
      return api.get('walletConfig', 'getWallets', {
        params: { page: p.page, entries: p.entries, include: joined(p.include), exclude: joined(p.exclude), chains: joined(p.chains), search: search || undefined, badge_type: p.badge_type },
        ...(signal ? { signal } : {}),
      })
    },
    /** The URL of a wallet's image (GET /getWalletImage/{id}). */
    walletImageUrl: (id: string) => api.url('walletConfig', `getWalletImage/${encodeURIComponent(id)}`),
    /** The remote features (GET /appkit/v1/config). */
    getConfig: (signal?: AbortSignal) => api.get<{ features: unknown[] }>('walletConfig', 'appkit/v1/config', signal ? { signal } : {}),
    /**
     * The allowed origins (GET /projects/v1/origins), with the spec §8 rules: HTTP 429 throws
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
