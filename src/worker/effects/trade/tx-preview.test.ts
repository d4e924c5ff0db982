// The transaction preview's effects (docs/behaviour.md §2 ApproveTransaction and WalletSendPreview),
// on a network the engine has no client for (so nothing is read on chain and nothing simulated: the
// calls are still decoded, 'Not simulated'): an approval's transaction previewed under its id; a call
// of the auth connector's batch under way previewed as that batch from that call on; an approval
// settled first gets none; WalletSendPreview previews the form's transfer with the form it was for.
import { filter, firstValueFrom, Subject, type Observable } from 'rxjs'
import { encodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { accountBridge, ADDRESS, connected, LOCALNET, log, started, type Item } from '../../../../tests/unit/fixtures.js'
import { until } from '../../../../tests/unit/engine-until.js'
import type { GangwayEvent, NewEvent } from '../../../events/types.js'
import { initialStateFor, project, type State } from '../../../projections/state.js'
import { createEngine } from '../../engine.js'
import type { EffectContext } from '../context.js'
import { approvalPreviewEffect } from './tx-preview-approval.js'
import { sendPreviewEffect } from './tx-preview-send.js'

const HBD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const BOB = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const transfer = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, amount] })

/**
 * An effect over the state `items` fold to (tab 't1'), its output collected; `next` appends events
 * of that tab; `output(n)` resolves once it has given `n` events.
 */
function run(effect: (ctx: EffectContext) => Observable<NewEvent>, items: Item[]) {
  const events$ = new Subject<GangwayEvent>()
  const events = log(...started(), ...items)
  let state: State = project(events, initialStateFor('t1'))
  const out: NewEvent[] = []
  const given = new Subject<number>()
  const ctx = { events$, state: () => state, chains: { evmClient: () => { throw new Error('Unknown network') } } } as unknown as EffectContext
  effect(ctx).subscribe({ next: (e) => given.next(out.push(e)), error: (e: unknown) => given.error(e) })
  const all = [...items]
  const next = (...more: Item[]) => {
    all.push(...more)
    for (const e of log(...started(), ...all).slice(events.length)) {
      events.push(e)
      state = project(events, initialStateFor('t1'))
      events$.next(e)
    }
  }
  const output = (n: number) => (out.length >= n ? Promise.resolve() : firstValueFrom(given.pipe(filter((count) => count >= n))).then(() => undefined))
  return { out, next, output }
}

const requested = (id: string, call: { to?: string; data?: string; valueWei: string }): Item => ['tx-preview/requested', { id, caipNetworkId: 'eip155:31337', from: ADDRESS, call }]

describe('the approval’s preview', () => {
  it('a lone transaction under its approval’s id: decoded, not simulated where the chain cannot be read', async () => {
    const t = run(approvalPreviewEffect, [...connected])
    t.next(requested('a1', { to: HBD, data: transfer(5n), valueWei: '0' }))
    await t.output(1)
    expect(t.out).toEqual([
      {
        type: 'tx-preview/simulated',
        payload: { id: 'a1', caipNetworkId: 'eip155:31337', account: ADDRESS, calls: [{ kind: 'erc20-transfer', to: HBD, value: '0', token: { address: HBD }, recipient: BOB, amount: '5' }], simulated: false, changes: [], approvals: [] },
      },
    ])
  })

  it('the auth batch’s call under way: the batch’s calls from it on; the batch of another connector is not one', async () => {
    const calls = [
      { to: HBD, data: transfer(1n), valueWei: '0' },
      { to: HBD, data: transfer(2n), valueWei: '0' },
    ]
    const t = run(approvalPreviewEffect, [...connected, ['calls/requested', { id: '0xb1', connectorId: 'AUTH', caipNetworkId: 'eip155:31337', from: ADDRESS, calls }], ['calls/sent', { id: '0xb1', index: 0, hash: `0x${'1'.repeat(64)}` }]])
    t.next(requested('a2', calls[1]!))
    await t.output(1)
    const p = (t.out[0] as NewEvent<'tx-preview/simulated'>).payload
    expect([p.id, p.batch, p.calls.map((c) => c.amount)]).toEqual(['a2', { id: '0xb1', index: 1 }, ['1', '2']])

    const other = run(approvalPreviewEffect, [...connected, ['calls/requested', { id: '0xb2', connectorId: 'dev.gangway.localnet', caipNetworkId: 'eip155:31337', from: ADDRESS, calls }]])
    other.next(requested('a3', calls[0]!))
    await other.output(1)
    expect((other.out[0] as NewEvent<'tx-preview/simulated'>).payload).toMatchObject({ id: 'a3', calls: [{ amount: '1' }] })
    expect((other.out[0] as NewEvent<'tx-preview/simulated'>).payload.batch).toBeUndefined()
  })

  it('an approval settled before its preview is done gets none', async () => {
    const t = run(approvalPreviewEffect, [...connected])
    t.next(requested('a4', { to: BOB, valueWei: '1' }), ['auth/approval-requested', { method: 'eth_sendTransaction', id: 'a4' }], ['auth/approval-settled', { method: 'eth_sendTransaction', outcome: 'rejected', id: 'a4' }])
    // The next approval's preview comes; the settled one's never does (its work was dropped at once).
    t.next(requested('a5', { to: BOB, valueWei: '2' }))
    await t.output(1)
    expect(t.out.map((e) => (e as NewEvent<'tx-preview/simulated'>).payload.id)).toEqual(['a5'])
  })
})

describe('the send form’s preview', () => {
  it('WalletSendPreview of a token send: the ERC-20 transfer it would send, with the form; nothing for a form with a problem', async () => {
    const tokens = { 'eip155:31337': [{ address: HBD, name: 'Harbour Dollar', symbol: 'HBD', decimals: 18 }] }
    const form: Item[] = [
      ...connected,
      ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', address: HBD, name: 'Harbour Dollar', symbol: 'HBD', decimals: 18 } }],
      ['send/amount-changed', { amount: '10' }],
      ['send/receiver-changed', { receiver: BOB.toLowerCase() }],
      ['modal/open-requested', { view: 'WalletSend', isMobile: false }],
    ]
    const t = run(sendPreviewEffect, [['engine/configured', { projectId: 'p', networks: project(log(...started())).config.networks, tokens, enableEmbedded: false, manualWCControl: false, adapterCount: 1 }], ...form])
    t.next(['modal/navigate-requested', { view: 'WalletSendPreview' }])
    await t.output(1)
    expect(t.out).toEqual([
      {
        type: 'tx-preview/simulated',
        payload: {
          id: 'send',
          caipNetworkId: 'eip155:31337',
          account: ADDRESS,
          calls: [{ kind: 'erc20-transfer', to: HBD, value: '0', token: { address: HBD }, recipient: BOB, amount: '10000000000000000000' }],
          simulated: false,
          changes: [],
          approvals: [],
          send: { token: HBD, amount: '10000000000000000000', receiver: BOB },
        },
      },
    ])
    // A form with a problem gets none; the next good one does (so the one before was not merely late).
    t.next(['modal/back-requested', {}], ['send/receiver-changed', { receiver: '0x1234' }], ['modal/navigate-requested', { view: 'WalletSendPreview' }])
    t.next(['modal/back-requested', {}], ['send/amount-changed', { amount: '2' }], ['send/receiver-changed', { receiver: BOB }], ['modal/navigate-requested', { view: 'WalletSendPreview' }])
    await t.output(2)
    expect(t.out.map((e) => (e as NewEvent<'tx-preview/simulated'>).payload.send?.amount)).toEqual(['10000000000000000000', '2000000000000000000'])
  })

  it("the site's own send review, the modal closed: previewed when `sendReview` turns on, as WalletSendPreview is; not while it is off, nor again while it stays on", async () => {
    const none = { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false }
    const form: Item[] = [...connected, ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18 } }], ['send/amount-changed', { amount: '1' }], ['send/receiver-changed', { receiver: BOB }]]
    const t = run(sendPreviewEffect, form)
    // Off (another flag on), and the modal's own navigation to another view: nothing.
    t.next(['headless/showing-changed', { ...none, swap: true }], ['modal/navigate-requested', { view: 'WalletSend' }], ['modal/close-requested', {}])
    await new Promise((r) => setTimeout(r, 20))
    expect(t.out).toEqual([])
    t.next(['headless/showing-changed', { ...none, sendReview: true }])
    await t.output(1)
    expect(t.out).toEqual([
      {
        type: 'tx-preview/simulated',
        payload: { id: 'send', caipNetworkId: 'eip155:31337', account: ADDRESS, calls: [{ kind: 'native-transfer', to: BOB, value: '1000000000000000000', recipient: BOB }], simulated: false, changes: [], approvals: [], send: { amount: '1000000000000000000', receiver: BOB } },
      },
    ])
    // Still on while another flag changes: not again. Off, the form changed, on again: the new form's.
    t.next(['headless/showing-changed', { ...none, sendReview: true, tokens: true }])
    await new Promise((r) => setTimeout(r, 20))
    expect(t.out).toHaveLength(1)
    t.next(['headless/showing-changed', none], ['send/amount-changed', { amount: '2' }], ['headless/showing-changed', { ...none, sendReview: true }])
    await t.output(2)
    expect(t.out.map((e) => (e as NewEvent<'tx-preview/simulated'>).payload.send?.amount)).toEqual(['1000000000000000000', '2000000000000000000'])
  })
})

describe("the site's own send review through the engine", () => {
  it('loads the preview’s chunk and previews the form once `sendReview` turns on, the modal never opened', async () => {
    // A node without eth_simulateV1 and with a large balance: decoded, 'Not simulated'.
    const node = ({ id, method }: { id: number; method: string }) =>
      method === 'eth_simulateV1' ? { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } } : { jsonrpc: '2.0', id, result: method === 'eth_getBalance' ? `0x${(10n ** 20n).toString(16)}` : '0x1' }
    const fetch: typeof globalThis.fetch = async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as Parameters<typeof node>[0] | Parameters<typeof node>[0][]
      return new Response(JSON.stringify(Array.isArray(body) ? body.map(node) : node(body)), { headers: { 'content-type': 'application/json' } })
    }
    const engine = createEngine({ mode: 'main', fetch })
    await engine.start({ projectId: 'test', networks: [LOCALNET] }, accountBridge())
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
    await until(engine, (s) => s.connection.status === 'connected')
    await engine.dispatch({ type: 'send/token-selected', payload: { token: { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18 } } })
    await engine.dispatch({ type: 'send/amount-changed', payload: { amount: '1' } })
    await engine.dispatch({ type: 'send/receiver-changed', payload: { receiver: BOB } })
    const none = { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false }
    await engine.dispatch({ type: 'headless/showing-changed', payload: { ...none, sendReview: true } })
    const s = await until(engine, (x) => x.txPreview.send !== undefined, { show: (x) => x.txPreview })
    expect(s.modal.open).toBe(false)
    expect(s.txPreview.send).toMatchObject({ id: 'send', simulated: false, calls: [{ kind: 'native-transfer', to: BOB, value: '1000000000000000000' }], send: { amount: '1000000000000000000', receiver: BOB } })
    await engine.stop()
  })
})
