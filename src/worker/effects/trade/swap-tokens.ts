/**
 * The tokens the Swap form offers (docs/behaviour.md §4 swap): when Swap or its token list first
 * shows on a network, or the site's own swap form turns on (`shows(s, 'swap')`,
 * select/showing.ts), the swap service's list for it (`swap/tokens-fetched`, its first
 * SWAP_TOKENS_LOGGED), asked once per network; a network swaps are not offered on
 * (`swapNetworks`, else the §9 list): `swap/tokens-failed` 'Network not supported for Swaps'.
 */
import { filter, from, mergeMap, type Observable } from 'rxjs'
import { convertClient } from '../../../api/convert.js'
import { ERROR_FETCHING_SWAP_TOKENS, NETWORK_NOT_SUPPORTED_FOR_SWAPS, loggedMessage } from '../../../events/kernel/errors.js'
import { SWAP_TOKENS_LOGGED } from '../../../events/kernel/limits.js'
import { event, type NewEvent } from '../../../events/types.js'
import { activeNetworkId } from '../../../projections/select/active-network.js'
import { isSwapNetwork } from '../../../projections/rules/swap-rules.js'
import { shows } from '../../../projections/select/showing.js'
import type { State } from '../../../projections/state.js'
import { ofType, type Effect, type EffectContext } from '../context.js'
import { turningOn } from '../showing.js'

const showsSwap = (s: State) => shows(s, 'swap') || (s.modal.open && s.modal.view === 'SwapSelectToken')

async function tokens(ctx: EffectContext): Promise<NewEvent[]> {
  const s = ctx.state()
  const caipNetworkId = activeNetworkId(s)
  if (!caipNetworkId?.startsWith('eip155:') || !isSwapNetwork(caipNetworkId, s.config.swapNetworks)) return [event('swap/tokens-failed', { ...(caipNetworkId ? { caipNetworkId } : {}), message: NETWORK_NOT_SUPPORTED_FOR_SWAPS })]
  if (s.swap.tokens?.caipNetworkId === caipNetworkId) return []
  try {
    const list = await convertClient(ctx.api).getTokens(caipNetworkId)
    return [event('swap/tokens-fetched', { caipNetworkId, tokens: list.slice(0, SWAP_TOKENS_LOGGED) })]
  } catch (error) {
    return [event('swap/tokens-failed', { caipNetworkId, message: loggedMessage(error, ERROR_FETCHING_SWAP_TOKENS) })]
  }
}

/** docs/behaviour.md §4: the swap tokens of the active network, asked when the Swap form or its token list shows (see above). */
export const swapTokensEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('modal/open-requested', 'modal/navigate-requested', 'network/switched', 'headless/showing-changed'),
    filter((e) => e.tab === ctx.state().tab),
    turningOn('swap'),
    filter(() => showsSwap(ctx.state())),
    mergeMap(() => from(tokens(ctx)).pipe(mergeMap((events) => events))),
  ) as Observable<NewEvent>
