import { describe, expect, it, vi } from 'vitest'
import { LOCALNET } from '../../../tests/unit/fixtures.js'
import { hostSelectors, selectors, viewSelectors } from '../../projections/selectors.js'
import { initialState, type State } from '../../projections/state.js'
import { createEngine } from '../../worker/engine.js'
import type { ClientEngine } from './engine-start.js'
import { createSignals, followEngine } from './signals.js'

const bridge = { request: async () => null, watch: () => undefined }

/** The first value the engine delivers for `name`. */
const firstValue = (engine: ClientEngine, name: keyof typeof selectors) => new Promise<unknown>((resolve) => void engine.subscribe(name, resolve))

describe('the views’ signals', () => {
  it('are one per selector the views follow, made from the names the engine starts with, each at the engine’s first value', async () => {
    // No effects: the state after the start stays as it is, so a second subscription's first value is the same.
    const engine = createEngine({ mode: 'main', effects: [] })
    const { views } = await engine.start({ projectId: 'test', networks: [LOCALNET] }, bridge)
    expect(views).toEqual(Object.keys(viewSelectors))
    // `engine` (a value for every event) and `walletList` are the host's: the views do not follow them.
    expect(views).not.toContain('engine')
    expect(views).not.toContain('walletList')
    expect(Object.keys(hostSelectors).sort()).toEqual(['engine', 'walletList'])
    expect(Object.keys(selectors).sort()).toEqual([...views, ...Object.keys(hostSelectors)].sort())

    const starting = createSignals()
    // Before the engine's first values there is no selector's signal, so no default: the auth source reads undefined.
    expect(Object.keys(starting).sort()).toEqual(['pairing', 'travel'])
    expect(starting.network?.peek().caipNetworkId).toBeUndefined()
    const heard = vi.fn()
    const signals = await followEngine(engine, views, starting, { modal: heard })
    expect(signals).toBe(starting)
    expect(Object.keys(signals).sort()).toEqual([...views, 'pairing', 'travel'].sort())
    for (const name of views) expect(signals[name].peek(), name).toEqual(await firstValue(engine, name))
    expect(heard).toHaveBeenCalledWith(signals.modal.peek())
    expect(signals.network.peek().caipNetworkId).toBe('eip155:31337')
    expect(signals.travel.peek()).toBeNull()
    await engine.stop()
  })

  it('need nothing but the selectors’ record: a view model added to it gets its signal, first value and changes', async () => {
    // An engine serving the record with one more view model, as one entry in viewSelectors would.
    const record = { ...viewSelectors, added: (s: State) => ({ seq: s.lastSeq }) }
    type Name = keyof typeof record
    let state: State = initialState
    const callbacks: [Name, (v: unknown) => void][] = []
    const engine = {
      async subscribe(name: Name, callback: (v: unknown) => void) {
        callbacks.push([name, callback])
        callback(record[name](state))
        return callbacks.length
      },
      subscribePairing: async () => 0,
    } as unknown as ClientEngine
    const views = Object.keys(record) as (keyof typeof viewSelectors)[]

    const signals = (await followEngine(engine, views, createSignals(), {})) as unknown as Record<Name, { peek(): unknown }>
    for (const name of Object.keys(record) as Name[]) expect(signals[name].peek(), name).toEqual(record[name](initialState))
    expect(signals.added.peek()).toEqual({ seq: 0 })

    state = { ...state, lastSeq: 7 }
    for (const [name, callback] of callbacks) callback(record[name](state))
    expect(signals.added.peek()).toEqual({ seq: 7 })
  })
})
