/**
 * The visitor's Swap (issue 21; docs/behaviour.md §4 swap): the quoted swap of the form, sent by the
 * active EVM account through its wallet (`eth_sendTransaction`):
 * 1. a token source: the swap service's allowance; too low, its approval (`build-approve`) is sent
 *    and its receipt awaited (`swap/approval-submitted`), then the allowance is asked again (a
 *    USDT-style token is first approved down to zero: the service answers that approval first), at
 *    most SWAP_APPROVAL_ROUNDS times;
 * 2. the swap transaction (`build-transaction`, slippage 1 %, no estimate); a native source whose
 *    amount plus the transaction's gas exceeds the balance is built again with the balance less the
 *    gas (swap-rules.ts), and none fits: 'Insufficient balance';
 * 3. sent (`swap/submitted`), its receipt awaited: `swap/succeeded` (the form resets, Account
 *    shows) and the account's holdings are asked afresh (`forceUpdate`); any failure, the wallet's
 *    refusal included: `swap/failed` with its message, the form kept.
 */
import { isFollowed } from '../../projections/pending.js'
import { exhaustMap, filter, Observable } from 'rxjs'
import { toHex } from 'viem'
import { convertClient, isSwapNativeToken, type SwapTransaction } from '../../api/convert.js'
import { errorMessage, withCode } from '../../events/errors.js'
import { event, type NewEvent } from '../../events/types.js'
import { chainIdHexOf } from '../../chains/eip155/accounts.js'
import { activeAccount } from '../../projections/select/active-account.js'
import { nativeAmountAfterGas } from '../../projections/swap-rules.js'
import { swapAmountBase } from '../../projections/swap.js'
import { ofType, type Effect, type EffectContext } from './context.js'

/** The most approvals one swap sends (a USDT-style reset to zero, then the approval itself, and one more try). */
export const SWAP_APPROVAL_ROUNDS = 3

/** The swap, reporting each step as it happens; completes after `swap/succeeded`, errors on a failure. */
function swapping(ctx: EffectContext): Observable<NewEvent> {
  return new Observable<NewEvent>((out) => {
    void (async () => {
      const s = ctx.state()
      const account = activeAccount(s)
      const { from: fromToken, to: toToken } = s.swap
      const fromAmount = swapAmountBase(s.swap)
      if (account?.namespace !== 'eip155' || !account.connectorId || !fromToken || !toToken || fromAmount === undefined) throw new Error('Not connected')
      const { caipNetworkId, caipAddress, address, connectorId } = account
      const chainId = chainIdHexOf(caipNetworkId)
      const client = convertClient(ctx.api)
      const send = (tx: SwapTransaction) =>
        ctx.bridge.request(connectorId, { method: 'eth_sendTransaction', params: [{ from: address, to: tx.to, data: tx.data, value: toHex(BigInt(tx.value)), ...(tx.gas ? { gas: toHex(BigInt(tx.gas)) } : {}), chainId }] }) as Promise<string>
      let amount = BigInt(fromAmount)
      const native = isSwapNativeToken(fromToken.address)
      if (!native) {
        for (let round = 0; ; round++) {
          const allowance = BigInt(await client.getAllowance({ tokenAddress: fromToken.address, userAddress: caipAddress }))
          if (allowance >= amount) break
          if (round === SWAP_APPROVAL_ROUNDS) throw new Error('The token was not approved')
          const hash = await send(await client.buildApproveTransaction({ userAddress: caipAddress, from: fromToken.address, to: toToken.address, amount: amount.toString() }))
          out.next(event('swap/approval-submitted', { caipNetworkId, hash }))
          await ctx.chains.waitForReceipt(caipNetworkId, hash, { followed: () => isFollowed(ctx.state(), hash) })
        }
      }
      const build = (a: bigint) => client.buildSwapTransaction({ amount: a.toString(), from: fromToken.address, to: toToken.address, userAddress: caipAddress })
      let tx = await build(amount)
      if (native) {
        const gas = BigInt(tx.gas ?? '0') * BigInt(tx.gasPrice ?? '0')
        const balance = BigInt((await ctx.chains.nativeBalance(caipNetworkId, address)).value)
        const fits = nativeAmountAfterGas({ amount, balance, gas })
        if (fits === undefined) throw new Error('Insufficient balance')
        if (fits !== amount) tx = await build((amount = fits))
      }
      const hash = await send(tx)
      out.next(event('swap/submitted', { caipNetworkId, hash }))
      await ctx.chains.waitForReceipt(caipNetworkId, hash, { followed: () => isFollowed(ctx.state(), hash) })
      out.next(event('swap/succeeded', { caipNetworkId, hash, from: fromToken.address, to: toToken.address, fromAmount: amount.toString() }))
      void ctx.caches.portfolio.delete(caipAddress)
      out.next(event('portfolio/fetch-requested', { caipAddress, forceUpdate: true }))
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
          error: (error: unknown) => (out.next(event('swap/failed', { message: (errorMessage(error) || 'Swap failed').slice(0, 256), ...withCode(error) })), out.complete()),
          complete: () => out.complete(),
        }),
      ),
    ),
  )
