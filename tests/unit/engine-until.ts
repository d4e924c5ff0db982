/**
 * Waits for an engine's state to meet `ok`, reading it every 5 ms (the engine tests with a fake
 * bridge, whose effects answer on their own time), and resolves with that state.
 * @throws Error 'condition not met: {shown}' after `ms` (default WAIT_MS, 30 s), `shown` being `show(state)` as JSON.
 */
import type { Engine } from '../../src/contract.js'
import { WAIT_MS } from './wait-bound.js'
import type { State } from '../../src/projections/state.js'

export async function until(engine: Engine, ok: (s: State) => boolean, { ms = WAIT_MS, show = (s: State): unknown => s.connection } = {}): Promise<State> {
  const end = Date.now() + ms
  for (;;) {
    const s = await engine.getState()
    if (ok(s)) return s
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(show(s))}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
