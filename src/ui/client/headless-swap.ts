/**
 * The headless surface's swap (docs/api.md, Headless; docs/behaviour.md §4 swap, §9): the Swap
 * form filled through its intents, quoted by the same effect as the Swap view (with the site's
 * `swap` showing flag on), checked before the wallet as SwapPreview is (the `swapReview` flag), and
 * sent by the same swap effect. The form is the modal's: both read the one swap model.
 */
import type { Signal } from '@preact/signals-core'
import type { AccountModel, Intent, SwapModel, SwapTokenRow } from '../../contract.js'
import { ERRORS, formatError } from '../../events/kernel/error-registry.js'
import { GangwayError } from '../../events/kernel/errors.js'
import type { GangwayHeadless, SwapOutcome, SwapQuote } from '../headless-types.js'
import { TOKEN_NOT_OFFERED, through, when, type Showing } from './headless-send.js'

/** The swap service's address of the native currency (lowercased; the CAIP-10 address part). */
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** `getSwapQuote` refuses a form another edit (the modal's) replaced before its quote came. */
export const SWAP_FORM_CHANGED = 'The swap form changed before its quote came'

/** An amount as the swap form takes it (select/swap-form.ts swapAmountBase): a positive decimal. */
const DECIMAL = /^\d{1,60}(\.\d{1,60})?$/

/** A token's plain address, lowercased, from its CAIP-10 id. */
const plain = (caip10: string) => (caip10.split(':')[2] ?? '').toLowerCase()

/** A swap list row as the form's intent takes it: the token, without the row's display fields (as the Swap view picks it). */
const picked = ({ iconUrl: _i, balance: _b, balanceDisplay: _d, ...token }: SwapTokenRow) => token

/** What the swap functions are built on: the swap and account models, the client's dispatch, and the showing flags. */
export interface SwapDeps {
  swap: Signal<SwapModel>
  account: Signal<AccountModel>
  dispatch(intent: Intent): Promise<void>
  /** Turns one of the site's showing flags on or off (counted: on while any caller holds it). */
  show(flag: keyof Showing, on: boolean): Promise<void>
}

/**
 * `getSwapQuote` and `executeSwap` over the swap model (see GangwayHeadless).
 * @example
 * ```ts
 * const { getSwapQuote, executeSwap } = headlessSwap({ swap: signals.swap, account: signals.account, dispatch, show })
 * ```
 */
export function headlessSwap({ swap, account, dispatch, show }: SwapDeps): Pick<GangwayHeadless, 'getSwapQuote' | 'executeSwap'> {
  /** Fills the form and resolves with it once quoted (see GangwayHeadless.getSwapQuote). */
  const getSwapQuote = async ({ from, to, amount }: { from?: string; to?: string; amount: string }): Promise<SwapQuote> => {
    const a = account.peek()
    if (!a.isConnected) throw new GangwayError(ERRORS.notConnected.message)
    if (a.namespace !== 'eip155') throw new GangwayError(ERRORS.swapNetwork.message)
    if (swap.peek().step) throw new GangwayError(ERRORS.swapUnderWay.message)
    await show('swap', true)
    try {
      // The service's tokens for the network, asked when the swap form first shows there.
      const listed = await when(swap, (m) => (m.tokens.length > 0 || m.tokensError !== undefined ? m : undefined))
      if (listed.tokens.length === 0) throw new GangwayError(listed.tokensError!, { category: 'API_ERROR' })
      const row = (address: string | undefined) => {
        const found = listed.tokens.find((t) => plain(t.address) === (address ?? NATIVE).toLowerCase())
        if (!found) throw new GangwayError(TOKEN_NOT_OFFERED, { details: address ?? 'native' })
        return found
      }
      const fromRow = row(from)
      const toRow = row(to)
      const typed = amount.trim()
      if (!DECIMAL.test(typed) || !/[1-9]/.test(typed)) throw new GangwayError(ERRORS.invalidAmount.message)
      if ((typed.split('.')[1] ?? '').length > fromRow.decimals) throw new GangwayError(formatError('decimals', { symbol: fromRow.symbol, decimals: fromRow.decimals }))
      const isForm = (m: SwapModel) => m.from?.address === fromRow.address && m.to?.address === toRow.address && m.amount === amount
      const form = await through(
        swap,
        async () => {
          await dispatch({ type: 'swap/token-selected', payload: { side: 'from', token: picked(fromRow) } })
          await dispatch({ type: 'swap/token-selected', payload: { side: 'to', token: picked(toRow) } })
          await dispatch({ type: 'swap/amount-changed', payload: { amount } })
        },
        // Each edit of a complete form asks for a quote: this form's, once it is being quoted.
        (m) => isForm(m) && m.quoting,
        (m) => !isForm(m) || m.problem !== undefined || (!m.quoting && (m.toAmount !== undefined || m.error !== undefined)),
      )
      if (!isForm(form)) throw new GangwayError(SWAP_FORM_CHANGED)
      if (form.problem !== undefined) throw new GangwayError(form.problem)
      if (form.toAmount === undefined) throw new GangwayError(form.error!, { category: 'API_ERROR' })
      return form
    } finally {
      await show('swap', false)
    }
  }

  /** Checks the form's swap, sends it and resolves once it landed (see GangwayHeadless.executeSwap). */
  const executeSwap = async (): Promise<SwapOutcome> => {
    const now = swap.peek()
    if (now.step) throw new GangwayError(ERRORS.swapUnderWay.message)
    if (!now.canSwap) throw now.problem !== undefined ? new GangwayError(now.problem) : now.error !== undefined ? new GangwayError(now.error, { category: 'API_ERROR' }) : new GangwayError(ERRORS.noSwapQuote.message)
    // A form holding an earlier failure (a swap refused in the wallet, a check that failed) is
    // edited to itself first, as a visitor's retry edits it: its error goes, so the next check's
    // answer is seen even when it repeats that failure word for word.
    if (now.error !== undefined && now.review === undefined) await dispatch({ type: 'swap/amount-changed', payload: { amount: now.amount } })
    await show('swapReview', true)
    try {
      const reviewed = now.review
        ? now
        : await through(
            swap,
            async () => undefined,
            (m) => m.error === undefined,
            (m) => m.review !== undefined || m.error !== undefined || !m.canSwap,
          )
      const review = reviewed.review
      if (!review) throw reviewed.error !== undefined ? new GangwayError(reviewed.error, { category: 'API_ERROR' }) : new GangwayError(reviewed.problem ?? ERRORS.noSwapQuote.message)
      // A landed swap resets the form (its result stays); a failure keeps it with the error.
      const settled = await through(
        swap,
        () => dispatch({ type: 'swap/requested', payload: {} }),
        (m) => m.step !== undefined,
        (m) => m.result?.status === 'succeeded' || (m.step === undefined && m.error !== undefined),
      )
      if (settled.result?.status !== 'succeeded') throw new GangwayError(settled.error!, { category: 'API_ERROR', details: settled.result ? `transaction ${settled.result.hash}` : undefined })
      return { hash: settled.result.hash, changes: review.changes, simulated: review.simulated }
    } finally {
      await show('swapReview', false)
    }
  }

  return { getSwapQuote, executeSwap }
}
