import { describe, expect, it } from 'vitest'
import { createMemoryStore } from './memory-store.js'
import type { SiwxSession } from './store.js'

const START = Date.parse('2025-01-02T03:04:05.000Z')
const NONCE = '0123456789abcdef0123456789abcdef'

/** A session of `account` with id made of `n`, ending at `expiresAt`. */
const session = (n: number, expiresAt: number, account = 'eip155:1:0x0000000000000000000000000000000000000001'): SiwxSession => ({
  id: String(n).padStart(43, 'A'),
  caipAddress: account as SiwxSession['caipAddress'],
  chainId: 'eip155:1',
  nonce: NONCE,
  issuedAt: START,
  expiresAt,
  message: 'm',
  signature: 's',
})

describe('createMemoryStore', () => {
  it('lets exactly one of many concurrent consumers use a nonce', async () => {
    const store = createMemoryStore()
    expect(await store.nonces.issue(NONCE, { ttlMs: 1000, maxPerClient: 20 })).toBe('issued')
    const taken = await Promise.all(Array.from({ length: 50 }, () => store.nonces.consume(NONCE)))
    expect(taken.filter(Boolean)).toHaveLength(1)
    expect(await store.nonces.consume(NONCE)).toBe(false)
  })

  it('forgets a nonce at the end of its lifetime, and a session at its expiresAt', async () => {
    let now = START
    const store = createMemoryStore({ clock: () => now })
    await store.nonces.issue(NONCE, { ttlMs: 1000, maxPerClient: 20 })
    await store.sessions.create(session(1, START + 2000))
    now = START + 1000
    expect(await store.nonces.consume(NONCE)).toBe(false)
    expect(await store.sessions.get(session(1, 0).id)).toMatchObject({ expiresAt: START + 2000 })
    now = START + 2000
    expect(await store.sessions.get(session(1, 0).id)).toBeUndefined()
    expect(await store.sessions.ofAccount(session(1, 0).caipAddress)).toEqual([])
  })

  it('is bounded: refuses nonces and sessions past its maxima (the expired let go first), forgets the oldest counters', async () => {
    let now = START
    const store = createMemoryStore({ maxNonces: 2, maxSessions: 2, maxCounters: 2, clock: () => now })
    for (const n of ['a', 'b']) expect(await store.nonces.issue(n.repeat(32), { ttlMs: 1000, maxPerClient: 20 })).toBe('issued')
    expect(await store.nonces.issue('c'.repeat(32), { ttlMs: 1000, maxPerClient: 20 })).toBe('store-full')
    expect(await store.nonces.issue('c'.repeat(32), { ttlMs: 1000, clientKey: 'k', maxPerClient: 0 })).toBe('client-full')
    await store.sessions.create(session(1, START + 500))
    await store.sessions.create(session(2, START + 5000))
    await expect(store.sessions.create(session(3, START + 5000))).rejects.toThrow('Too many sessions')
    now = START + 1000
    await store.sessions.create(session(3, START + 5000))
    expect(await store.nonces.issue('c'.repeat(32), { ttlMs: 1000, maxPerClient: 20 })).toBe('issued')
    for (const key of ['x', 'y', 'z']) await store.counters.hit(key, 60_000)
    expect(await store.counters.hit('z', 60_000)).toEqual({ count: 2, resetInMs: 60_000 })
    // 'x' was forgotten: its count starts again.
    expect((await store.counters.hit('x', 60_000)).count).toBe(1)
  })

  it('counts in fixed windows', async () => {
    let now = START
    const store = createMemoryStore({ clock: () => now })
    expect(await store.counters.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 })
    now += 4000
    expect(await store.counters.hit('k', 10_000)).toEqual({ count: 2, resetInMs: 6000 })
    now += 6000
    expect(await store.counters.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 })
  })

  it('revokes one session, or all of an account', async () => {
    const store = createMemoryStore()
    const other = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7xKX'
    for (const s of [session(1, START * 2), session(2, START * 2), session(3, START * 2, other)]) await store.sessions.create(s)
    expect(await store.sessions.revoke(session(1, 0).id)).toBe(true)
    expect(await store.sessions.revoke(session(1, 0).id)).toBe(false)
    expect(await store.sessions.revokeAccount(session(2, 0).caipAddress)).toBe(1)
    expect((await store.sessions.ofAccount(other)).map((s) => s.id)).toEqual([session(3, 0).id])
  })

  it('refuses a maximum that is not a positive whole number', () => {
    expect(() => createMemoryStore({ maxSessions: 0 })).toThrow('Invalid SIWX server option')
    expect(() => createMemoryStore({ maxNonces: 1.5 })).toThrow('Invalid SIWX server option')
  })
})
