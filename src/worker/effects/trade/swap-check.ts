/**
 * The checks before the wallet (docs/behaviour.md §4 swap): when SwapPreview shows for a quoted
 * form, or the site's own review of it turns on (`shows(s, 'swapReview')`, select/showing.ts), and
 * again after a swap failed there, Gangway builds the form's approval and swap from the swap
 * service and checks them against what the visitor is shown (worker/swap/check-swap.ts):
 * `swap/checked` with the transactions and what they do, or `swap/check-failed` with the refusal,
 * and nothing reaches the wallet. A newer trigger drops the check asked before it.
 */
import { filter, from, switchMap, type Observable } from 'rxjs'
import { getAddress } from 'viem'
import { convertClient } from '../../../api/convert.js'
import { swapChainReads } from '../../../chains/eip155/swap/chain-reads.js'
import { siteSwapRouters } from '../../../chains/eip155/swap/routers.js'
import { parseCaipNetworkId } from '../../../chains/caip.js'
import { defined } from '../../../events/defined.js'
import { ERROR_BUILDING_SWAP, loggedMessage } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { activeNetwork } from '../../../projections/select/active-network.js'
import { shows } from '../../../projections/select/showing.js'
import { currentQuote, swapAmountBase } from '../../../projections/select/swap-form.js'
import type { State } from '../../../projections/state.js'
import { checkSwap } from '../../swap/check-swap.js'
import { ofType, type Effect, type EffectContext } from '../context.js'
import { turningOn } from '../showing.js'

const previewShows = (s: State) => shows(s, 'swapReview')

/** The check of the form as it is now, as one event; none for a form without a quote or an EVM account. */
async function check(ctx: EffectContext): Promise<NewEvent[]> {
  const s = ctx.state()
  const { from: fromToken, to: toToken } = s.swap
  const typed = swapAmountBase(s.swap)
  const quote = currentQuote(s.swap, typed)
  const account = activeAccount(s)
  if (!fromToken || !toToken || typed === undefined || !quote || account?.namespace !== 'eip155') return []
  const form = { from: fromToken.address, to: toToken.address, typedAmount: typed }
  try {
    const policy = s.config.swap
    const checked = await checkSwap(
      { service: convertClient(ctx.api), chain: swapChainReads(ctx.chains.evmClient(account.caipNetworkId)), ...(policy?.routers ? { routers: siteSwapRouters(policy.routers)! } : {}), ...(policy?.unlimitedApproval ? { unlimitedApproval: true } : {}) },
      {
        chainId: parseCaipNetworkId(account.caipNetworkId).reference,
        account: getAddress(account.address),
        from: fromToken,
        to: toToken,
        amount: BigInt(typed),
        quotedToAmount: BigInt(quote.toAmount),
        nativeSymbol: activeNetwork(s)?.nativeCurrency.symbol ?? 'ETH',
      },
    )
    return [event('swap/checked', checked)]
  } catch (error) {
    const details = (error as { details?: unknown }).details
    return [event('swap/check-failed', defined({ ...form, message: loggedMessage(error, ERROR_BUILDING_SWAP), details: typeof details === 'string' && details ? details.slice(0, 512) : undefined }))]
  }
}

/** docs/behaviour.md §4: the form's check, when SwapPreview (or the site's review) shows and after a failed swap there; the newest wins. */
export const swapCheckEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('modal/navigate-requested', 'swap/failed', 'headless/showing-changed'),
    filter((e) => e.tab === ctx.state().tab),
    turningOn('swapReview'),
    filter(() => previewShows(ctx.state())),
    switchMap(() => from(check(ctx)).pipe(switchMap((events) => events))),
  ) as Observable<NewEvent>
