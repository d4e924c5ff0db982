/** The All Wallets view's data (docs/behaviour.md §2, §5, §9): registry pages or search results. A view model. Pure. */
import type { WalletListing, WalletRef } from '../../events/entities.js'
import { walletsHaveMore } from '../rules/paging.js'
import type { State } from '../state.js'
import { withoutExcluded } from '../rules/wallet-rules.js'
import { walletRef } from '../select/wallet-ref.js'
import { defined } from '../../events/defined.js'

/** A wallet of the All Wallets list. */
export interface WalletRow {
  id: string
  name: string
  imageUrl?: string
  wallet: WalletRef
}

/** The All Wallets view (docs/behaviour.md §2, §9): the pages so far or the search results, with the docs/behaviour.md §5 exclusions applied. */
export interface AllWalletsModel {
  wallets: WalletRow[]
  count: number
  loading: boolean
  /** More pages to fetch (not while searching; paging.ts: not after an empty, short or repeated page, nor past 25 pages). */
  hasMore: boolean
  nextPage: number
  query?: string
  error?: string
}

const walletRow = (w: WalletListing): WalletRow => ({ id: w.id, name: w.name, wallet: walletRef(w), ...(w.image_url ? { imageUrl: w.image_url } : {}) })

/** The All Wallets model: the search while one is on, else the pages listed so far; the site's excluded wallets left out. */
export function allWalletsModel(s: State): AllWalletsModel {
  const w = s.wallets
  const exclude = s.config.excludeWalletIds ?? []
  const list = withoutExcluded(w.search ? w.search.wallets : w.listed, exclude).map(walletRow)
  return defined({
    wallets: list,
    count: w.search ? w.search.count : (w.count ?? 0),
    loading: w.search ? w.search.loading : w.loading,
    hasMore: !w.search && walletsHaveMore(w),
    nextPage: w.nextPage,
    query: w.search?.query,
    error: w.search ? w.search.error : w.error,
  })
}
