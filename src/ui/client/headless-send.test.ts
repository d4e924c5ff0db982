/** headless-send.ts: the form filled through its intents, refused with its problem, previewed on EVM with the send review on, settled on the result. */
import { signal, type Signal } from '@preact/signals-core'
import { describe, expect, it } from 'vitest'
import type { Intent, SendModel } from '../../contract.js'
import { headlessSend, when } from './headless-send.js'

const native = { caipNetworkId: 'eip155:31337' as const, name: 'Ether', symbol: 'ETH', decimals: 18, balanceDisplay: '1.5' }
const base: SendModel = { tokens: [native], amount: '', receiver: '', loading: false }
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const flush = () => new Promise((r) => setTimeout(r, 0))

/** A send over a fake model that `engine` moves as the engine would, recording intents and flags. */
function setup(engine: (intent: Intent, model: Signal<SendModel>) => void) {
  const model = signal<SendModel>(base)
  const calls: string[] = []
  const dispatch = async (intent: Intent) => {
    calls.push(intent.type === 'send/amount-changed' ? `${intent.type} ${intent.payload.amount}` : intent.type)
    engine(intent, model)
  }
  const show = async (flag: string, on: boolean) => void calls.push(`show ${flag} ${on}`)
  return { send: headlessSend(model, dispatch, show), model, calls }
}

/** The form as the engine folds the three form intents (token, amount, receiver). */
const form = (intent: Intent, model: Signal<SendModel>) => {
  if (intent.type === 'send/token-selected') model.value = { ...model.value, token: native }
  if (intent.type === 'send/amount-changed') model.value = { ...model.value, amount: intent.payload.amount }
  // A complete EVM form is previewing until its preview is in (send-model.ts).
  if (intent.type === 'send/receiver-changed') model.value = { ...model.value, receiver: intent.payload.receiver, previewing: true }
}

describe('when', () => {
  it('resolves with the first value picked, now or later', async () => {
    const s = signal(1)
    expect(await when(s, (v) => (v === 1 ? 'now' : undefined))).toBe('now')
    const later = when(s, (v) => (v > 2 ? v : undefined))
    s.value = 2
    s.value = 3
    expect(await later).toBe(3)
  })
})

describe('the headless send', () => {
  it('fills the form, waits for its preview with the send review on, sends, and resolves with the hash and the preview’s changes; the review goes off', async () => {
    const { send, calls, model } = setup((intent, model) => {
      form(intent, model)
      if (intent.type === 'send/requested') {
        model.value = { ...model.value, loading: true }
        setTimeout(() => (model.value = { ...base, result: { hash: '0xabc', status: 'succeeded' } }))
      }
    })
    const shown = send({ to, amount: '0.5' })
    await flush()
    // The preview is awaited with the review on; sending waits for it.
    expect(calls).toEqual(['send/token-selected', 'send/amount-changed 0.5', 'send/receiver-changed', 'show sendReview true'])
    const { previewing: _p, ...rest } = model.value
    model.value = { ...rest, preview: { nativeSymbol: 'ETH', calls: [], simulated: true, changes: [{ symbol: 'ETH', amount: '-0.5' }], approvals: [] } }
    await expect(shown).resolves.toEqual({ hash: '0xabc', changes: [{ symbol: 'ETH', amount: '-0.5' }], simulated: true })
    expect(calls.slice(4)).toEqual(['send/requested', 'show sendReview false'])
  })

  it('refuses a form with a problem with that problem, before sending and without the review', async () => {
    const { send, calls } = setup((intent, model) => {
      form(intent, model)
      if (intent.type === 'send/receiver-changed') model.value = { ...model.value, previewing: undefined, problem: 'Insufficient balance' }
    })
    await expect(send({ to, amount: '99' })).rejects.toMatchObject({ name: 'GangwayError', message: 'Insufficient balance' })
    expect(calls).not.toContain('send/requested')
    expect(calls.filter((c) => c.startsWith('show'))).toEqual([])
  })

  it('refuses a token the network does not offer, changing nothing', async () => {
    const { send, calls } = setup(form)
    await expect(send({ to, amount: '1', token: '0x0000000000000000000000000000000000000001' })).rejects.toThrow('Token not offered on this network')
    expect(calls).toEqual([])
  })

  it('rejects with the send’s failure and turns the review off', async () => {
    const { send, calls } = setup((intent, model) => {
      form(intent, model)
      if (intent.type === 'send/receiver-changed') model.value = { ...model.value, previewing: undefined, preview: { nativeSymbol: 'ETH', calls: [], simulated: false, changes: [], approvals: [] } }
      if (intent.type === 'send/requested') setTimeout(() => (model.value = { ...model.value, loading: false, error: 'Transaction rejected in the wallet' }))
    })
    await expect(send({ to, amount: '0.1' })).rejects.toMatchObject({ message: 'Transaction rejected in the wallet', category: 'API_ERROR' })
    expect(calls.at(-1)).toBe('show sendReview false')
  })
})
