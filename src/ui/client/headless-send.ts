/**
 * The headless surface's send (docs/api.md, Headless; docs/behaviour.md §3 Send state, §4 send, §5
 * send rules): the send form filled through its intents, the same §5 checks, the same preview
 * (decoded and simulated, as WalletSendPreview shows it) and the same send effect as the Send views.
 */
import type { Signal } from '@preact/signals-core'
import type { Intent, SendModel, TxChangeRow } from '../../contract.js'
import { GangwayError } from '../../events/kernel/errors.js'
import type { HeadlessSend } from '../headless-types.js'

/** How long a send waits for its preview, in ms: past it, it sends without (the Send view's Confirm never waits for it). */
export const PREVIEW_WAIT_MS = 15_000

/** The flags a site's own UI shows (`headless/showing-changed`), kept on the page: each change sends all six. */
export type Showing = Extract<Intent, { type: 'headless/showing-changed' }>['payload']

/** Resolves with the first value of `s` (now or later) that `pick` maps to something defined. */
export function when<T, R>(s: Signal<T>, pick: (v: T) => R | undefined): Promise<R> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined
    let done = false
    stop = s.subscribe((v) => {
      const r = done ? undefined : pick(v)
      if (r === undefined) return
      done = true
      resolve(r)
      stop?.()
    })
    if (done) stop()
  })
}

/**
 * Runs `act` (synchronously, inside the caller's tick: a popup it opens stays a user gesture's) and
 * resolves with the first value of `s` that `settled` accepts once a value `begun` accepts was seen:
 * the value now or one after, so an answer the page had before `act` is not taken for its own
 * (`act` is not run when the value now settles already). Rejects with `act`'s failure if it fails first.
 * @example
 * ```ts
 * await through(names, () => dispatch(register), (m) => m.registering === label, (m) => m.registering !== label)
 * ```
 */
export function through<T>(s: Signal<T>, act: () => Promise<unknown>, begun: (v: T) => boolean, settled: (v: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    let started = false
    let done = false
    let stop: (() => void) | undefined
    const finish = (end: () => void) => {
      if (done) return
      done = true
      stop?.()
      end()
    }
    stop = s.subscribe((v) => {
      if (done) return
      started ||= begun(v)
      if (started && settled(v)) finish(() => resolve(v))
    })
    if (done) return stop()
    try {
      act().catch((error: unknown) => finish(() => reject(error)))
    } catch (error) {
      finish(() => reject(error))
    }
  })
}

/** What a headless send or swap refuses for a token the active network does not offer (the token's address in `details`). */
export const TOKEN_NOT_OFFERED = 'Token not offered on this network'

/**
 * The send function over the send model's signal: fills the form (token, amount, receiver), refuses
 * it with its §5 problem, on EVM waits for its preview with the site's send review on (at most
 * PREVIEW_WAIT_MS), sends it and settles when it landed.
 * @param show turns one of the site's showing flags on or off (headless/showing-changed).
 */
export function headlessSend(send: Signal<SendModel>, dispatch: (intent: Intent) => Promise<void>, show: (flag: keyof Showing, on: boolean) => Promise<void>): HeadlessSend {
  return async ({ to, amount, token }) => {
    const row = send.peek().tokens.find((t) => (token ? t.address?.toLowerCase() === token.toLowerCase() : !t.address))
    if (!row) throw new GangwayError(TOKEN_NOT_OFFERED, { details: token ?? 'native' })
    const { balanceDisplay: _b, ...picked } = row
    await dispatch({ type: 'send/token-selected', payload: { token: picked } })
    await dispatch({ type: 'send/amount-changed', payload: { amount } })
    await dispatch({ type: 'send/receiver-changed', payload: { receiver: to } })
    const form = await when(send, (m) => (m.amount === amount && m.receiver === to && m.token?.address === picked.address ? m : undefined))
    if (form.problem) throw new GangwayError(form.problem, { category: 'API_ERROR' })
    const evm = picked.caipNetworkId.startsWith('eip155:')
    try {
      if (evm) await show('sendReview', true)
      const previewed = when(send, (m) => (m.preview || m.problem || m.previewing === undefined ? m : undefined))
      let timer: ReturnType<typeof setTimeout> | undefined
      const reviewed = evm ? await Promise.race([previewed, new Promise<SendModel>((resolve) => (timer = setTimeout(() => resolve(send.peek()), PREVIEW_WAIT_MS)))]).finally(() => clearTimeout(timer)) : form
      await dispatch({ type: 'send/requested', payload: {} })
      // A landed send resets the form (its result stays); a failure keeps it with the error.
      const settled = await when(send, (m) => (m.result?.status === 'succeeded' ? m : m.error !== undefined && !m.loading ? m : undefined))
      if (settled.result?.status !== 'succeeded') throw new GangwayError(settled.error!, { category: 'API_ERROR', details: settled.result ? `transaction ${settled.result.hash}` : undefined })
      return { hash: settled.result.hash, ...(reviewed.preview ? { changes: reviewed.preview.changes as TxChangeRow[], simulated: reviewed.preview.simulated } : {}) }
    } finally {
      if (evm) await show('sendReview', false)
    }
  }
}
