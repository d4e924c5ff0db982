import { describe, expect, it } from 'vitest'
import { Subject } from 'rxjs'
import { CAIP_ADDRESS, connected, fold } from '../../../../tests/unit/fixtures.js'
import { virtualTime, type VirtualTime } from '../../../../tests/unit/virtual-time.js'
import { event, type GangwayEvent, type NewEvent } from '../../../events/types.js'
import type { State } from '../../../projections/state.js'
import { createEngineCaches } from '../../cache/engine-caches.js'
import { BALANCE_RETRY_BLOCK_MS } from '../../cache/lifetimes.js'
import type { ChainAccess } from '../../chain-access.js'
import { balanceFetchEffect, newBlockEffect } from './balance.js'
import type { Effect, EffectContext } from '../context.js'
import { SHAKE_MS, SNACKBAR_SHOW_MS, SNACKBAR_SWAP_MS, shakeEffect, snackbarEffect } from '../infra/ui-timers.js'

/**
 * Runs `effect` on virtual time with the given state and chain access; returns the events it
 * emits, each with the virtual ms it came at, and a way to deliver events to it.
 */
function run(effect: Effect, time: VirtualTime, state: () => State, chains: Partial<ChainAccess> = {}) {
  const events$ = new Subject<GangwayEvent>()
  const ctx = { events$, state, chains, caches: createEngineCaches(undefined, time.clock), clock: time.clock, scheduler: time.scheduler, pollIntervalMs: 4000 }
  const emitted: { type: string; payload: unknown; atMs: number }[] = []
  effect(ctx as unknown as EffectContext).subscribe((e: NewEvent) => emitted.push({ type: e.type, payload: e.payload, atMs: time.elapsed() }))
  return { emitted, deliver: (e: NewEvent) => events$.next(e as GangwayEvent) }
}

const always = (s: State) => () => s
const closedSnackbar = fold()
const openSnackbar = fold(['snackbar/shown', { variant: 'success', message: 'Copied' }])

describe('effect timing follows the injected scheduler and clock (no real waiting)', () => {
  it('a failed connect shakes the modal for 500 virtual ms', async () => {
    const time = virtualTime()
    const { emitted, deliver } = run(shakeEffect, time, always(closedSnackbar))
    deliver(event('connect/failed', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', message: 'User rejected the request.' }))
    await time.advance(SHAKE_MS - 1)
    expect(emitted.map((e) => e.type)).toEqual(['modal/shake-started'])
    await time.advance(1)
    expect(emitted.map((e) => [e.type, e.atMs])).toEqual([
      ['modal/shake-started', 0],
      ['modal/shake-ended', SHAKE_MS],
    ])
  })

  it('a snackbar hides after 2.5 s; one shown over another waits 150 ms; a loading one stays', async () => {
    const time = virtualTime()
    const first = run(snackbarEffect, time, always(closedSnackbar))
    first.deliver(event('snackbar/show-requested', { variant: 'error', message: 'Token Balance Unavailable' }))
    await time.advance(SNACKBAR_SHOW_MS - 1)
    expect(first.emitted.map((e) => e.type)).toEqual(['snackbar/shown'])
    await time.advance(1)
    expect(first.emitted.map((e) => [e.type, e.atMs])).toEqual([
      ['snackbar/shown', 0],
      ['snackbar/hidden', SNACKBAR_SHOW_MS],
    ])

    const later = virtualTime()
    const swap = run(snackbarEffect, later, always(openSnackbar))
    swap.deliver(event('snackbar/show-requested', { variant: 'success', message: 'Address copied' }))
    await later.advance(SNACKBAR_SWAP_MS + SNACKBAR_SHOW_MS)
    expect(swap.emitted.map((e) => [e.type, e.atMs])).toEqual([
      ['snackbar/hidden', 0],
      ['snackbar/shown', SNACKBAR_SWAP_MS],
      ['snackbar/hidden', SNACKBAR_SWAP_MS + SNACKBAR_SHOW_MS],
    ])

    const loadingTime = virtualTime()
    const loading = run(snackbarEffect, loadingTime, always(closedSnackbar))
    loading.deliver(event('snackbar/show-requested', { variant: 'loading', message: 'Waiting' }))
    await loadingTime.advance(10 * SNACKBAR_SHOW_MS)
    expect(loading.emitted.map((e) => e.type)).toEqual(['snackbar/shown'])
  })

  it('polls for a new block every pollIntervalMs of virtual time while the modal is open and connected', async () => {
    const time = virtualTime()
    const blocks = ['1', '1', '2']
    const asked: number[] = []
    const chains = {
      blockNumber: async () => {
        asked.push(time.elapsed())
        return blocks[Math.min(asked.length, blocks.length) - 1]!
      },
    }
    const { emitted, deliver } = run(newBlockEffect, time, always(fold(...connected, ['modal/open-requested', { isMobile: false }])), chains)
    deliver(event('modal/open-requested', { isMobile: false }))
    await time.advance(4000 - 1)
    expect(asked).toEqual([0])
    await time.advance(1)
    expect(asked).toEqual([0, 4000])
    expect(emitted).toEqual([])
    // The third poll sees block 2: a new block asks for the balance.
    await time.advance(4000)
    expect(asked).toEqual([0, 4000, 8000])
    expect(emitted).toEqual([{ type: 'balance/fetch-requested', payload: { caipAddress: CAIP_ADDRESS, reason: 'new-block' }, atMs: 8000 }])
  })

  it("blocks a balance retry for 30 s after a failure, by the context's clock", async () => {
    const failedState = fold(...connected, ['balance/failed', { caipAddress: CAIP_ADDRESS, message: 'header not found' }])
    const failedAt = failedState.accounts.eip155!.balanceFailedAt!
    // The clock reads the failure's time at virtual 0.
    const time = virtualTime(failedAt)
    let fetched = 0
    const chains = {
      nativeBalance: async () => {
        fetched++
        return { value: '1', decimals: 18, symbol: 'ETH' }
      },
    }
    const { emitted, deliver } = run(balanceFetchEffect, time, always(failedState), chains)
    await time.advance(BALANCE_RETRY_BLOCK_MS - 1)
    deliver(event('balance/fetch-requested', { caipAddress: CAIP_ADDRESS, reason: 'manual' }))
    await time.advance(0)
    expect(emitted).toEqual([{ type: 'balance/fetch-skipped', payload: { caipAddress: CAIP_ADDRESS, reason: 'retry-blocked', retryInMs: 1 }, atMs: BALANCE_RETRY_BLOCK_MS - 1 }])
    expect(fetched).toBe(0)
    await time.advance(1)
    deliver(event('balance/fetch-requested', { caipAddress: CAIP_ADDRESS, reason: 'manual' }))
    await time.advance(0)
    expect(fetched).toBe(1)
    expect(emitted.at(-1)).toMatchObject({ type: 'balance/fetched', payload: { caipAddress: CAIP_ADDRESS, valueWei: '1' } })
  })
})
