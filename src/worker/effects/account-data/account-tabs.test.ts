// The Account tabs' fetches (docs/behaviour.md §2 Account tabs, §7) asked for what the site's own UI
// shows with the modal closed (`headless/showing-changed`), once per showing, and not while it
// shows nothing; `leaving` ends a read once its tab no longer shows.
import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { CAIP_ADDRESS, connected, log, started, type Item } from '../../../../tests/unit/fixtures.js'
import type { Showing } from '../../../events/catalogue/headless.js'
import type { GangwayEvent, NewEvent } from '../../../events/types.js'
import { initialStateFor, project, type State } from '../../../projections/state.js'
import type { EffectContext } from '../context.js'
import { accountTabsTriggerEffect, leaving } from './account-tabs.js'

const NONE: Showing = { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false }
const showing = (on: Partial<Showing>): Item => ['headless/showing-changed', { ...NONE, ...on }]

/** The trigger effect over a connected account with a blockchain and an NFT service (tab 't1'); `next` appends and delivers events, `out` what it asked. */
function run() {
  const events$ = new Subject<GangwayEvent>()
  const items: Item[] = [...started({ blockchainService: true, nftService: true }), ...connected]
  let state: State = project(log(...items), initialStateFor('t1'))
  const ctx = { events$, state: () => state } as unknown as EffectContext
  const out: NewEvent[] = []
  accountTabsTriggerEffect(ctx).subscribe((e) => out.push(e))
  const next = (...more: Item[]) => {
    // Each event delivered after the state has folded it in, as the engine does.
    for (const item of more) {
      items.push(item)
      const events = log(...items)
      state = project(events, initialStateFor('t1'))
      events$.next(events[events.length - 1]!)
    }
  }
  return { ctx, out, next }
}

describe('the Account tabs for a site’s own UI, the modal closed', () => {
  it("each tab turned on asks for its data once; nothing while no tab shows", () => {
    const t = run()
    t.next(showing({ swap: true }), showing({}))
    expect(t.out).toEqual([])
    t.next(showing({ tokens: true }))
    expect(t.out).toEqual([{ type: 'portfolio/fetch-requested', payload: { caipAddress: CAIP_ADDRESS } }])
    // Still on, another flag changed: not asked again.
    t.next(showing({ tokens: true, nfts: true }), showing({ tokens: true, nfts: true, activity: true }))
    expect(t.out.map((e) => e.type)).toEqual(['portfolio/fetch-requested', 'nfts/fetch-requested', 'history/fetch-requested'])
    // Off, then on again: a new showing asks again.
    t.next(showing({}), showing({ tokens: true }))
    expect(t.out.map((e) => e.type)).toEqual(['portfolio/fetch-requested', 'nfts/fetch-requested', 'history/fetch-requested', 'portfolio/fetch-requested'])
  })

  it('a read for a shown tab ends once the site stops showing it', () => {
    const t = run()
    t.next(showing({ nfts: true }))
    let left = false
    leaving(t.ctx, 'nfts', CAIP_ADDRESS)!.subscribe(() => (left = true))
    t.next(showing({ nfts: true, tokens: true }))
    expect(left).toBe(false)
    t.next(showing({ tokens: true }))
    expect(left).toBe(true)
  })
})
