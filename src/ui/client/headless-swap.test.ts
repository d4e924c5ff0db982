/** headless-swap.ts: the form filled through its intents and quoted with the swap flag on, settled only by its own form's quote; the swap checked with the review on, sent, settled on its result. */
import { signal, type Signal } from '@preact/signals-core'
import { describe, expect, it } from 'vitest'
import type { AccountModel, Intent, SwapModel, SwapReview, SwapTokenRow } from '../../contract.js'
import { headlessSwap } from './headless-swap.js'
import { through } from './headless-send.js'

const flush = () => new Promise((r) => setTimeout(r, 0))
const eth: SwapTokenRow = { name: 'Ether', symbol: 'ETH', address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', decimals: 18, balance: '2000000000000000000', balanceDisplay: '2', iconUrl: 'https://img.example/eth.png' }
const usdc: SwapTokenRow = { name: 'USD Coin', symbol: 'USDC', address: 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 }
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const base: SwapModel = { tokens: [], amount: '', quoting: false, canSwap: false, checking: false, canConfirm: false }
const review: SwapReview = { tokens: [], minimumReceived: '99', transactions: 1, simulated: true, changes: [{ symbol: 'ETH', amount: '-0.1' }, { symbol: 'USDC', amount: '100', address: USDC }] }
const quoted: SwapModel = { ...base, tokens: [eth, usdc], from: eth, to: usdc, amount: '0.1', toAmount: '100', canSwap: true }

/** A swap over fake models that `engine` moves as the engine would, recording intents (with a swap token's symbol) and flags. */
function setup(engine: (intent: Intent, model: Signal<SwapModel>) => void, start: SwapModel = base, account: Partial<AccountModel> = { isConnected: true, namespace: 'eip155' }) {
  const model = signal<SwapModel>(start)
  const calls: string[] = []
  const intents: Intent[] = []
  const dispatch = async (intent: Intent) => {
    intents.push(intent)
    calls.push(intent.type === 'swap/token-selected' ? `${intent.type} ${intent.payload.side} ${intent.payload.token.symbol}` : intent.type === 'swap/amount-changed' ? `${intent.type} ${intent.payload.amount}` : intent.type)
    engine(intent, model)
  }
  const show = async (flag: string, on: boolean) => {
    calls.push(`show ${flag} ${on}`)
    engine({ type: 'headless/showing-changed', payload: { [flag]: on } } as Intent, model)
  }
  return { ...headlessSwap({ swap: model, account: signal(account as AccountModel), dispatch, show }), model, calls, intents }
}

/** The form as the engine folds the swap form's intents: the tokens listed when the swap flag turns on, an edit of a complete form quoting it. */
const form = (intent: Intent, model: Signal<SwapModel>) => {
  const m = model.value
  if (intent.type === 'headless/showing-changed' && intent.payload.swap) setTimeout(() => (model.value = { ...model.value, tokens: [eth, usdc] }))
  if (intent.type === 'swap/token-selected') model.value = { ...m, [intent.payload.side]: [eth, usdc].find((t) => t.address === intent.payload.token.address), error: undefined, toAmount: undefined, quoting: true }
  if (intent.type === 'swap/amount-changed') model.value = { ...m, amount: intent.payload.amount, error: undefined, toAmount: undefined, quoting: true }
}

describe('the headless swap quote', () => {
  it('fills the form with the listed tokens (native by default) with the swap flag on, and resolves only with its own form’s quote', async () => {
    // The form holds an earlier amount's quote: not this one's.
    const { getSwapQuote, model, calls, intents } = setup(form, { ...quoted, tokens: [], amount: '0.2', toAmount: '200' })
    const quote = getSwapQuote({ to: USDC.toUpperCase().replace('0X', '0x'), amount: '0.1' })
    let settled = false
    void quote.then(() => (settled = true))
    await flush()
    expect(calls).toEqual(['show swap true', 'swap/token-selected from ETH', 'swap/token-selected to USDC', 'swap/amount-changed 0.1'])
    // The quote asked for the earlier form lands after the edits: the form is not quoted by it.
    model.value = { ...model.value, quoting: false }
    await flush()
    expect(settled).toBe(false)
    model.value = { ...model.value, quoting: false, toAmount: '100', canSwap: true }
    await expect(quote).resolves.toMatchObject({ from: { symbol: 'ETH' }, to: { symbol: 'USDC' }, amount: '0.1', toAmount: '100' })
    expect(calls.at(-1)).toBe('show swap false')
    // The list row's display fields are not sent (as the Swap view picks a token).
    const { iconUrl: _i, balance: _b, balanceDisplay: _d, ...token } = eth
    expect(intents[0]).toEqual({ type: 'swap/token-selected', payload: { side: 'from', token } })
  })

  it('rejects with the quote’s failure and with the form’s problem, turning the flag off', async () => {
    const failing = setup((intent, model) => {
      form(intent, model)
      if (intent.type === 'swap/amount-changed') setTimeout(() => (model.value = { ...model.value, quoting: false, error: 'Insufficient liquidity' }))
    })
    await expect(failing.getSwapQuote({ to: USDC, amount: '0.1' })).rejects.toMatchObject({ name: 'GangwayError', message: 'Insufficient liquidity', category: 'API_ERROR' })
    expect(failing.calls.at(-1)).toBe('show swap false')
    const poor = setup((intent, model) => {
      form(intent, model)
      if (intent.type === 'swap/amount-changed') model.value = { ...model.value, problem: 'Insufficient balance' }
    })
    await expect(poor.getSwapQuote({ to: USDC, amount: '5' })).rejects.toMatchObject({ message: 'Insufficient balance' })
  })

  it('rejects when another edit (the modal’s) replaces the form before its quote', async () => {
    const { getSwapQuote, model } = setup(form)
    const quote = getSwapQuote({ to: USDC, amount: '0.1' })
    await flush()
    model.value = { ...model.value, amount: '0.15' }
    await expect(quote).rejects.toThrow('The swap form changed before its quote came')
  })

  it('refuses before editing: not connected, a token not listed, an amount the form cannot take', async () => {
    await expect(setup(form, base, { isConnected: false }).getSwapQuote({ to: USDC, amount: '1' })).rejects.toThrow('Not connected')
    const s = setup(form)
    await expect(s.getSwapQuote({ to: '0x0000000000000000000000000000000000000001', amount: '1' })).rejects.toThrow('Token not offered on this network')
    await expect(s.getSwapQuote({ to: USDC, amount: '0' })).rejects.toThrow('Invalid amount')
    await expect(s.getSwapQuote({ from: USDC, amount: '0.1234567' })).rejects.toThrow('USDC allows at most 6 decimals')
    expect(s.calls.filter((c) => c.startsWith('swap/'))).toEqual([])
    expect(s.calls.filter((c) => c.startsWith('show')).length % 2).toBe(0)
  })
})

describe('the headless swap', () => {
  it('checks with the review on, sends, and resolves with the hash and the review’s changes; the review goes off', async () => {
    const { executeSwap, calls } = setup((intent, model) => {
      if (intent.type === 'headless/showing-changed' && (intent.payload as { swapReview?: boolean }).swapReview) setTimeout(() => (model.value = { ...model.value, review, canConfirm: true }))
      if (intent.type === 'swap/requested') {
        model.value = { ...model.value, step: 'swapping' }
        setTimeout(() => (model.value = { ...model.value, result: { hash: '0xswap', status: 'submitted' } }))
        setTimeout(() => (model.value = { ...base, tokens: [eth, usdc], result: { hash: '0xswap', status: 'succeeded' } }), 5)
      }
    }, quoted)
    await expect(executeSwap()).resolves.toEqual({ hash: '0xswap', changes: review.changes, simulated: true })
    expect(calls).toEqual(['show swapReview true', 'swap/requested', 'show swapReview false'])
  })

  it('rejects with the check’s refusal without sending, and with the swap’s failure naming its transaction', async () => {
    const refused = setup((intent, model) => {
      if (intent.type === 'headless/showing-changed') setTimeout(() => (model.value = { ...model.value, error: 'The swap gives less than quoted' }))
    }, quoted)
    await expect(refused.executeSwap()).rejects.toMatchObject({ message: 'The swap gives less than quoted', category: 'API_ERROR' })
    expect(refused.calls).toEqual(['show swapReview true', 'show swapReview false'])

    const failed = setup((intent, model) => {
      if (intent.type === 'swap/requested') {
        model.value = { ...model.value, step: 'swapping' }
        setTimeout(() => (model.value = { ...model.value, step: undefined, review: undefined, error: 'Transaction reverted', result: { hash: '0xbad', status: 'submitted' } }))
      }
    }, { ...quoted, review })
    await expect(failed.executeSwap()).rejects.toMatchObject({ message: 'Transaction reverted', details: 'transaction 0xbad' })
  })

  it('edits a form holding an earlier failure to itself first, so a check repeating that failure is its own answer', async () => {
    const { executeSwap, calls } = setup((intent, model) => {
      if (intent.type === 'swap/amount-changed') setTimeout(() => (model.value = { ...model.value, error: undefined }))
      if (intent.type === 'headless/showing-changed') setTimeout(() => (model.value = { ...model.value, error: 'Transaction rejected in the wallet' }), 5)
    }, { ...quoted, error: 'Transaction rejected in the wallet' })
    await expect(executeSwap()).rejects.toThrow('Transaction rejected in the wallet')
    expect(calls).toEqual(['swap/amount-changed 0.1', 'show swapReview true', 'show swapReview false'])
  })

  it('refuses without a quote for the form, and while a swap is under way', async () => {
    await expect(setup(form).executeSwap()).rejects.toThrow('No quote for this swap')
    await expect(setup(form, { ...quoted, step: 'approving' }).executeSwap()).rejects.toThrow('A swap is already under way')
  })
})

describe('through', () => {
  it('settles only after a value its act began was seen, runs no act when the value now settles, and rejects with the act’s failure', async () => {
    const s = signal({ step: 'idle', done: true })
    const acted: string[] = []
    const run = through(s, async () => void acted.push('act'), (v) => v.step === 'busy', (v) => v.done)
    // The value now is done, but not this act's.
    s.value = { step: 'busy', done: false }
    s.value = { step: 'idle', done: true }
    await expect(run).resolves.toEqual({ step: 'idle', done: true })
    expect(acted).toEqual(['act'])
    const now = signal({ step: 'busy', done: true })
    await expect(through(now, async () => void acted.push('late'), (v) => v.step === 'busy', (v) => v.done)).resolves.toMatchObject({ done: true })
    expect(acted).toEqual(['act'])
    await expect(through(signal(0), () => Promise.reject(new Error('refused')), () => true, () => false)).rejects.toThrow('refused')
  })
})
