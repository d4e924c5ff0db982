// Pending transactions (docs/behaviour.md §9 pending transactions limit 99): followed from
// their hash to their outcome; the 100th pushes the oldest out, which is then no longer followed and
// counted for the Activity tab.
import { describe, expect, it } from 'vitest'
import { connected, log, started } from '../../../tests/unit/fixtures.js'
import { isFollowed } from '../select/pending.js'
import { project } from '../state.js'
import { accountTabsModel } from '../view-models/account-tabs-model.js'

const hash = (i: number) => `0x${i.toString(16).padStart(64, '0')}`
const sent = (i: number) => ['send/submitted', { caipNetworkId: 'eip155:31337', hash: hash(i) }] as const

describe('pending transactions', () => {
  it('follows a send, a swap and its approval until their outcome', () => {
    const s = project(log(...started(), ...connected, sent(1), ['swap/approval-submitted', { caipNetworkId: 'eip155:31337', hash: hash(2) }], ['swap/submitted', { caipNetworkId: 'eip155:31337', hash: hash(3) }]))
    expect(s.pending.list.map((t) => [t.kind, t.hash])).toEqual([['send', hash(1)], ['swap', hash(3)]])
    expect(accountTabsModel(s).pending).toEqual([{ hash: hash(1), kind: 'send' }, { hash: hash(3), kind: 'swap' }])
    const done = project(log(...started(), ...connected, sent(1), ['swap/submitted', { caipNetworkId: 'eip155:31337', hash: hash(3) }], ['send/succeeded', { caipNetworkId: 'eip155:31337', hash: hash(1) }], ['swap/failed', { message: 'Transaction reverted' }]))
    expect(done.pending).toEqual({ list: [], dropped: 0 })
  })

  it('follows at most 99: the 100th pushes the oldest out, no longer followed, and the Activity tab counts it', () => {
    const s = project(log(...started(), ...connected, ...Array.from({ length: 100 }, (_, i) => sent(i + 1))))
    expect(s.pending.list).toHaveLength(99)
    expect(s.pending.dropped).toBe(1)
    expect(isFollowed(s, hash(1))).toBe(false)
    expect(isFollowed(s, hash(2))).toBe(true)
    expect(isFollowed(s, hash(100))).toBe(true)
    expect(accountTabsModel(s).unfollowed).toBe(1)
  })
})
