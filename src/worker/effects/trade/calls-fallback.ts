/**
 * EIP-5792's sequential fallback (docs/behaviour.md §1; worker/calls/calls-bridge.ts logs the batch): each call
 * of a `calls/requested` batch is sent by the wallet as its own `eth_sendTransaction`
 * (`calls/sent`), and its receipt awaited (`calls/landed`) before the next one goes. A call the
 * wallet does not send (`calls/failed`, the visitor's refusal included) or one that reverts
 * (`calls/landed` with success false) ends the batch: the calls after it are never sent. One batch
 * at a time, in the order the site sent them, so their transactions keep that order too.
 */
import { concatMap, filter, Observable } from 'rxjs'
import { toHex } from 'viem'
import { chainIdHexOf } from '../../../chains/eip155/accounts.js'
import { loggedMessage, withCode } from '../../../events/kernel/errors.js'
import { TransactionRevertedError } from '../../../events/engine-errors.js'
import { event, type EventOf, type NewEvent } from '../../../events/types.js'
import { ofType, type Effect, type EffectContext } from '../context.js'

function sending(ctx: EffectContext, e: EventOf<'calls/requested'>): Observable<NewEvent> {
  return new Observable<NewEvent>((out) => {
    let stopped = false
    const { id, connectorId, caipNetworkId, from, calls } = e.payload
    /** The call under way: an unexpected failure ends the batch there, so the site's wallet_sendCalls never waits forever. */
    let index = 0
    void (async () => {
      const chainId = chainIdHexOf(caipNetworkId)
      for (const [i, call] of calls.entries()) {
        index = i
        if (stopped) return
        let hash: string
        try {
          hash = String(
            await ctx.bridge.request(connectorId, {
              method: 'eth_sendTransaction',
              params: [{ from, ...(call.to ? { to: call.to } : {}), ...(call.data ? { data: call.data } : {}), value: toHex(BigInt(call.valueWei)), chainId }],
            }),
          )
        } catch (error) {
          out.next(event('calls/failed', { id, index, message: loggedMessage(error, 'The call was not sent'), ...withCode(error) }))
          return
        }
        out.next(event('calls/sent', { id, index, hash }))
        try {
          await ctx.chains.waitForReceipt(caipNetworkId, hash)
        } catch (error) {
          out.next(error instanceof TransactionRevertedError ? event('calls/landed', { id, index, success: false }) : event('calls/failed', { id, index, message: loggedMessage(error) }))
          return
        }
        out.next(event('calls/landed', { id, index, success: true }))
      }
    })()
      .catch((error: unknown) => out.next(event('calls/failed', { id, index, message: loggedMessage(error, 'The call was not sent') })))
      .finally(() => out.complete())
    return () => {
      stopped = true
    }
  })
}

export const callsFallbackEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('calls/requested'),
    filter((e) => e.tab === ctx.state().tab),
    concatMap((e) => sending(ctx, e)),
  )
