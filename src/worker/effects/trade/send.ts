/**
 * Sending (docs/behaviour.md §4): 'send/requested' (already checked against the docs/behaviour.md §5 rules by the guard) →
 * - eip155: the wallet sends (eth_sendTransaction: value for the native currency, an ERC20 transfer
 *   call for a token); the receipt is read through the pipeline;
 * - solana: the engine builds the transfer (SOL, or SPL with the receiver's token account created
 *   when missing), the wallet signs it (solana:signTransaction), the engine sends it through the
 *   pipeline and follows its signature status;
 * - bip122: the engine builds the transfer from the sender's unspent outputs (worker/bitcoin/, a
 *   chunk of its own), the wallet signs it (bitcoin:signTransaction), the engine broadcasts it
 *   through the site's Esplora, and the send is done once the Esplora took it;
 * → 'send/succeeded', which resets the form and returns to Account; or 'send/failed' with the
 * wallet's refusal or the error, keeping the form.
 */
import { isFollowed } from '../../../projections/select/pending.js'
import { Observable, catchError, concat, exhaustMap, mergeMap, of } from 'rxjs'
import { encodeFunctionData, erc20Abi, getAddress, toHex, type Hex } from 'viem'
import { chainIdHexOf } from '../../../chains/eip155/accounts.js'
import { event, type NewEvent } from '../../../events/types.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { activeNamespace } from '../../../projections/select/active-namespace.js'
import { sendReceiver } from '../../../projections/select/send-receiver.js'
import { sendForm } from '../../../projections/select/send-form.js'
import { SEND_NAMESPACES, amountInSmallestUnit, withHexPrefix } from '../../../projections/rules/send-rules.js'
import { isUserRejection, withCode, loggedMessage } from '../../../events/kernel/errors.js'
import { ofType, type Effect } from '../context.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** What a refused send says. */
export const SEND_REJECTED = ERRORS.transactionRejected.message

/** The eth_sendTransaction request for a native or ERC20 transfer (amount in the smallest unit). */
export function transferRequest(from: string, to: string, value: bigint, tokenAddress?: string): Record<string, string> {
  if (!tokenAddress) return { from, to, value: toHex(value) }
  return { from, to: tokenAddress, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, value] }) }
}

export const sendEffect: Effect = ({ events$, state, bridge, chains, api }) =>
  events$.pipe(
    ofType('send/requested'),
    // One send at a time: a second request while one is under way is ignored (the guard refuses it too).
    exhaustMap(() => {
      const s = state()
      const ns = activeNamespace(s)
      const account = activeAccount(s)
      const connectorId = account?.connectorId
      // The token as the active network lists it now (never a stale pick from another network).
      const token = sendForm(s).token
      const { amount, receiver } = s.send
      if (!ns || !SEND_NAMESPACES.includes(ns) || !account || !connectorId || !token || !amount || !receiver) {
        return of<NewEvent>(event('send/failed', { message: ns && SEND_NAMESPACES.includes(ns) ? ERRORS.notConnected.message : ERRORS.unsupportedChain.message }))
      }
      const { address, caipNetworkId } = account
      const value = amountInSmallestUnit(amount, token.decimals)!
      // A name sends to the address it resolved to, never to its text (the guard refuses it until then too).
      const receiverNow = sendReceiver(s)
      if (!receiverNow.address) return of<NewEvent>(event('send/failed', { message: receiverNow.problem ?? ERRORS.invalidReceiver.message }))
      const to = receiverNow.address
      /** Broadcasts, reporting send/submitted as soon as a hash exists, then waits for the chain. */
      const sending = new Observable<NewEvent>((out) => {
        void (async () => {
          let hash: string
          if (ns === 'bip122') {
            const { sendBitcoin } = await import('../../bitcoin/bitcoin-code.js')
            hash = await sendBitcoin({ api, bridge, connectorId, caipNetworkId, address, receiver: to, amountSatoshis: value })
          } else if (ns === 'solana') {
            // The wallet signs; the engine sends through its pipeline and follows the signature.
            const { buildSolanaTransfer } = await import('../../../chains/solana/transfer.js')
            const recentBlockhash = await chains.latestBlockhash(caipNetworkId)
            const unsigned = buildSolanaTransfer({ from: address, to, amount: value, recentBlockhash, ...(token.address ? { mint: token.address, decimals: token.decimals } : {}) })
            const signed = (await bridge.request(connectorId, { method: 'solana:signTransaction', params: [unsigned, address] })) as string
            hash = await chains.sendSolanaTransaction(caipNetworkId, signed)
          } else {
            const request = { ...transferRequest(address, getAddress(withHexPrefix(to)), value, token.address), chainId: chainIdHexOf(caipNetworkId) }
            hash = (await bridge.request(connectorId, { method: 'eth_sendTransaction', params: [request] })) as string
          }
          out.next(event('send/submitted', { caipNetworkId, hash }))
          // A Bitcoin block comes every ten minutes or so: the send is done once the Esplora took it (Activity shows it pending until mined).
          if (ns !== 'bip122') await chains.waitForReceipt(caipNetworkId, hash, { followed: () => isFollowed(state(), hash) })
          out.next(event('send/succeeded', { caipNetworkId, hash }))
          out.complete()
        })().catch((error: unknown) => out.error(error))
      })
      return sending.pipe(
        mergeMap((done) =>
          done.type !== 'send/succeeded'
            ? of(done)
            : concat(
            of(done),
            of<NewEvent>(event('balance/fetch-requested', { caipAddress: account.caipAddress, reason: 'manual' })),
            of<NewEvent>(event('snackbar/show-requested', { variant: 'success', message: 'Transaction sent' })),
          ),
        ),
        catchError((error: unknown) => of<NewEvent>(event('send/failed', { message: isUserRejection(error) ? SEND_REJECTED : loggedMessage(error), ...withCode(error) }))),
      )
    }),
  )
