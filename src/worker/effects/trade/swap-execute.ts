/**
 * The visitor's Swap (docs/behaviour.md §4 swap): the checked swap of the form (`swap/checked`,
 * effects/trade/swap-check.ts), sent by the active EVM account through its wallet (`eth_sendTransaction`),
 * exactly as checked and shown and nothing else:
 * 1. its approvals in order (a USDT-style reset to zero, then the approval), each reported
 *    (`swap/approval-submitted`) and its receipt awaited;
 * 2. the swap (`swap/submitted`), its receipt awaited: `swap/succeeded` (the form resets, Account
 *    shows) and the account's holdings are asked afresh (`forceUpdate`); any failure, the wallet's
 *    refusal included: `swap/failed` with its message, the form kept (and checked again).
 */
import { isFollowed } from '../../../projections/select/pending.js'
import { exhaustMap, filter, Observable } from 'rxjs'
import { toHex } from 'viem'
import { withCode, loggedMessage, GangwayError } from '../../../events/kernel/errors.js'
import { event, type NewEvent, type SwapPlanTransaction } from '../../../events/types.js'
import { chainIdHexOf } from '../../../chains/eip155/accounts.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { currentCheck, swapAmountBase } from '../../../projections/select/swap-form.js'
import { ofType, type Effect, type EffectContext } from '../context.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** The swap, reporting each step as it happens; completes after `swap/succeeded`, errors on a failure. */
function swapping(ctx: EffectContext): Observable<NewEvent> {
  return new Observable<NewEvent>((out) => {
    void (async () => {
      const s = ctx.state()
      const account = activeAccount(s)
      const checked = currentCheck(s.swap, swapAmountBase(s.swap))
      if (account?.namespace !== 'eip155' || !account.connectorId || !checked) throw new GangwayError(ERRORS.notConnected.message)
      const { caipNetworkId, caipAddress, address, connectorId } = account
      const chainId = chainIdHexOf(caipNetworkId)
      const send = (tx: SwapPlanTransaction) =>
        ctx.bridge.request(connectorId, { method: 'eth_sendTransaction', params: [{ from: address, to: tx.to, data: tx.data, value: toHex(BigInt(tx.value)), ...(tx.gas ? { gas: toHex(BigInt(tx.gas)) } : {}), chainId }] }) as Promise<string>
      for (const tx of checked.transactions) {
        const hash = await send(tx)
        out.next(event(tx.kind === 'swap' ? 'swap/submitted' : 'swap/approval-submitted', { caipNetworkId, hash }))
        await ctx.chains.waitForReceipt(caipNetworkId, hash, { followed: () => isFollowed(ctx.state(), hash) })
        if (tx.kind === 'swap') out.next(event('swap/succeeded', { caipNetworkId, hash, from: checked.from, to: checked.to, fromAmount: checked.fromAmount }))
      }
      void ctx.caches.portfolio.delete(caipAddress)
      // The service reads the two tokens afresh (its forceUpdate list).
      out.next(event('portfolio/fetch-requested', { caipAddress, forceUpdate: true, tokens: [checked.from, checked.to] }))
      out.complete()
    })().catch((error: unknown) => out.error(error))
  })
}

export const swapExecuteEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('swap/requested'),
    filter((e) => e.tab === ctx.state().tab),
    // One swap at a time (the guard refuses a second too).
    exhaustMap(() =>
      new Observable<NewEvent>((out) =>
        swapping(ctx).subscribe({
          next: (e) => out.next(e),
          error: (error: unknown) => (out.next(event('swap/failed', { message: loggedMessage(error, 'Swap failed'), ...withCode(error) })), out.complete()),
          complete: () => out.complete(),
        }),
      ),
    ),
  )
