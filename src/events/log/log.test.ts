import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { EventLog, SNAPSHOTS_KEPT, WRITE_BATCH_MAX, type LogStorage } from './log.js'
import { memoryLogStorage } from './memory-storage.js'
import { createStore, set } from 'idb-keyval'
import { idbLogStorage, logDatabaseName } from './persistence.js'
import { event, type GangwayEvent } from '../types.js'

const open = () => event('modal/open-requested', { isMobile: false })
const close = () => event('modal/close-requested', {})

/** A storage that records each batch it is given. */
function spyStorage(initial: unknown[] = []): LogStorage & { batches: GangwayEvent[][] } {
  const inner = memoryLogStorage()
  inner.rows.push(...(initial as GangwayEvent[]))
  const batches: GangwayEvent[][] = []
  return { ...inner, batches, load: inner.load, append: async (after, b) => (b.length && batches.push([...b]), inner.append(after, b)) }
}

const seqs = (events: readonly GangwayEvent[]) => events.map((e) => e.seq)
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('EventLog', () => {
  it('stamps gap-free seq from 1, the clock time, the schema version and the tab', () => {
    let t = 100
    const log = new EventLog({ clock: () => t++, tab: 'a1' })
    expect(log.append(open())).toEqual({ type: 'modal/open-requested', payload: { isMobile: false }, seq: 1, at: 100, v: 2, tab: 'a1' })
    expect(log.append(close())).toMatchObject({ seq: 2, at: 101 })
    expect(seqs(log.events())).toEqual([1, 2])
  })
  it('hands every appended event to listeners in order, until unsubscribed', () => {
    const log = new EventLog()
    const seen: number[] = []
    const off = log.subscribe((e) => seen.push(e.seq))
    log.append(open())
    log.append(close())
    off()
    log.append(open())
    expect(seen).toEqual([1, 2])
  })
  it('writes a burst of appends as one batch, in order', async () => {
    const storage = spyStorage()
    const log = new EventLog({ storage })
    await log.open()
    for (let i = 0; i < 50; i++) log.append(i % 2 ? close() : open())
    await log.flush()
    expect(storage.batches).toHaveLength(1)
    expect(seqs(storage.batches[0]!)).toEqual(range(1, 50))
  })
  it('writes a long burst in batches of at most WRITE_BATCH_MAX, in order', async () => {
    const storage = spyStorage()
    const log = new EventLog({ storage })
    await log.open()
    for (let i = 0; i < 2500; i++) log.append(open())
    await log.flush()
    expect(storage.batches.every((b) => b.length <= WRITE_BATCH_MAX)).toBe(true)
    expect(seqs(storage.batches.flat())).toEqual(range(1, 2500))
  })
  it('continues the seq of the persisted prefix and drops anything after a gap', async () => {
    const stored = [1, 2, 4].map((seq) => ({ type: 'modal/close-requested', payload: {}, seq, at: 0, v: 2, tab: 'x' }))
    const onStorageError = vi.fn()
    const log = new EventLog({ storage: spyStorage(stored), onStorageError })
    expect(seqs((await log.open()).events)).toEqual([1, 2])
    expect(log.append(open()).seq).toBe(3)
    // The store holds seq 4 after the gap: writing after seq 2 is refused, and reported.
    await log.flush()
    expect(onStorageError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Stored log was compacted past seq 2: this tab must restart to catch up' }))
  })
  it('upcasts schema-1 events as it loads them', async () => {
    const stored = [{ type: 'modal/close-requested', payload: {}, seq: 1, at: 0, v: 1 }]
    const log = new EventLog({ storage: spyStorage(stored) })
    expect((await log.open()).events).toEqual([{ type: 'modal/close-requested', payload: {}, seq: 1, at: 0, v: 2, tab: 'v1' }])
  })
  it('ends the loaded prefix at an event it cannot read (a newer build wrote it), and reports it', async () => {
    const onStorageError = vi.fn()
    const stored = [{ type: 'modal/close-requested', payload: {}, seq: 1, at: 0, v: 2, tab: 'x' }, { type: 'modal/close-requested', payload: {}, seq: 2, at: 0, v: 3, tab: 'y' }]
    const log = new EventLog({ storage: spyStorage(stored), onStorageError })
    expect(seqs((await log.open()).events)).toEqual([1])
    expect(log.persisted).toBe(1)
    expect(onStorageError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Log written by a newer Gangway: schema version 3 at seq 2; this build reads up to version 2' }))
  })
  it('logs a storage failure and keeps working (docs/behaviour.md §8: storage failures are logged, never thrown)', async () => {
    const onStorageError = vi.fn()
    const failing = { ...memoryLogStorage(), load: async () => Promise.reject(new Error('load')), append: async () => Promise.reject(new Error('quota')) }
    const log = new EventLog({ storage: failing, onStorageError })
    expect((await log.open()).events).toEqual([])
    log.append(open())
    await log.flush()
    expect(onStorageError).toHaveBeenCalledTimes(2)
    expect(log.events()).toHaveLength(1)
  })
})

describe('two tabs on one storage', () => {
  it('never store the same seq: the later writer rebases its unpersisted events behind the other tab', async () => {
    const storage = memoryLogStorage()
    const onForeign = vi.fn()
    const a = new EventLog({ storage, tab: 'a' })
    const b = new EventLog({ storage, tab: 'b', onForeign })
    await a.open()
    await b.open()
    a.append(open())
    a.append(close())
    const mine = b.append(open())
    expect(mine.seq).toBe(1)
    await a.flush()
    await b.flush()
    expect(storage.rows.map((e) => `${e.seq}${e.tab}`)).toEqual(['1a', '2a', '3b'])
    expect(b.events().map((e) => `${e.seq}${e.tab}`)).toEqual(['1a', '2a', '3b'])
    expect(onForeign).toHaveBeenCalledWith([expect.objectContaining({ seq: 1, tab: 'a' }), expect.objectContaining({ seq: 2, tab: 'a' })], true)
    // a hears b's announcement and reads its event in.
    await new Promise((r) => setTimeout(r, 5))
    await a.flush()
    expect(a.events()).toEqual(b.events())
    expect(a.append(close()).seq).toBe(4)
  })
  it('interleaved bursts from two tabs end as one gap-free log that both hold', async () => {
    const storage = memoryLogStorage()
    const a = new EventLog({ storage, tab: 'a' })
    const b = new EventLog({ storage, tab: 'b' })
    await a.open()
    await b.open()
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 3; i++) a.append(open())
      for (let i = 0; i < 2; i++) b.append(close())
      if (round % 3 === 0) await a.flush()
      if (round % 4 === 0) await b.flush()
    }
    await a.flush()
    await b.flush()
    await a.flush()
    expect(seqs(storage.rows)).toEqual(range(1, 100))
    expect(storage.rows.filter((e) => e.tab === 'a')).toHaveLength(60)
    expect(a.events()).toEqual(storage.rows)
    expect(b.events()).toEqual(storage.rows)
  })
})

describe('snapshots and compaction', () => {
  it(`keeps ${SNAPSHOTS_KEPT} snapshots and the events after the oldest kept; start-up reads the newest and the tail`, async () => {
    const storage = memoryLogStorage()
    const log = new EventLog({ storage })
    await log.open()
    for (let s = 1; s <= 3; s++) {
      for (let i = 0; i < 10; i++) log.append(open())
      await log.flush()
      await log.snapshot({ seq: log.persisted, projection: 1, at: 0, state: { n: s } })
    }
    for (let i = 0; i < 4; i++) log.append(close())
    await log.flush()
    expect(storage.snapshots.map((s) => s.seq)).toEqual([20, 30])
    expect(seqs(storage.rows)).toEqual(range(21, 34))
    const reopened = new EventLog({ storage })
    const { snapshot, events } = await reopened.open()
    expect(snapshot).toMatchObject({ seq: 30, state: { n: 3 } })
    expect(seqs(events)).toEqual(range(31, 34))
    expect(reopened.append(open()).seq).toBe(35)
  })
  it('close writes what is pending, then writes nothing more (a closed tab keeps no timers writing)', async () => {
    const storage = memoryLogStorage()
    const log = new EventLog({ storage })
    await log.open()
    log.append(open())
    await log.close()
    expect(seqs(storage.rows)).toEqual([1])
    log.append(close())
    await new Promise((r) => setTimeout(r, 5))
    await log.flush()
    expect(seqs(storage.rows)).toEqual([1])
  })
  it('trims persisted events from memory only', async () => {
    const log = new EventLog({ storage: memoryLogStorage() })
    await log.open()
    for (let i = 0; i < 10; i++) log.append(open())
    await log.flush()
    log.append(close())
    log.trim(11)
    expect(log.base).toBe(10)
    expect(seqs(log.events())).toEqual([11])
  })
})

describe('IndexedDB persistence', () => {
  it('survives a reload: a new log on the same project replays what the first wrote', async () => {
    const projectId = `p-${Math.random()}`
    const first = new EventLog({ storage: idbLogStorage(projectId) })
    await first.open()
    for (let i = 0; i < 25; i++) first.append(i % 2 ? close() : open())
    await first.flush()
    first.append(open())
    await first.flush()

    const second = new EventLog({ storage: idbLogStorage(projectId) })
    const { events } = await second.open()
    expect(seqs(events)).toEqual(range(1, 26))
    expect(events).toEqual(first.events())
    expect(second.append(close()).seq).toBe(27)
  })
  it('two tabs (two storages on one database) append without clobbering; snapshots compact the store', async () => {
    const projectId = `p-${Math.random()}`
    const a = new EventLog({ storage: idbLogStorage(projectId), tab: 'a' })
    const b = new EventLog({ storage: idbLogStorage(projectId), tab: 'b' })
    await a.open()
    await b.open()
    for (let i = 0; i < 5; i++) {
      a.append(open())
      b.append(close())
    }
    await Promise.all([a.flush(), b.flush()])
    await a.flush()
    await b.flush()
    expect(seqs(a.events())).toEqual(range(1, 10))
    expect(a.events()).toEqual(b.events())
    await b.snapshot({ seq: 6, projection: 1, at: 0, state: { six: true } })
    const { snapshot, events } = await new EventLog({ storage: idbLogStorage(projectId) }).open()
    expect(snapshot?.seq).toBe(6)
    expect(events).toEqual(a.events().slice(6))
  })
  it('reads a schema-1 database (idb-keyval, version 1) after upgrading it, and fails rather than waits while an old tab holds it open', async () => {
    const projectId = `p-${Math.random()}`
    const old = createStore(logDatabaseName(projectId), 'events')
    await set(1, { type: 'modal/close-requested', payload: {}, seq: 1, at: 0, v: 1 }, old)
    // The old tab's connection is still open: the upgrade is blocked, and load says so.
    await expect(idbLogStorage(projectId).load()).rejects.toThrow(`gangway-log:${projectId}: the upgrade to version 2 is blocked by another tab`)
    // The old tab closes its connection: now the database upgrades, and the old events are upcast.
    await old('readonly', (store) => store.transaction.db.close())
    const { events } = await new EventLog({ storage: idbLogStorage(projectId) }).open()
    expect(events).toEqual([{ type: 'modal/close-requested', payload: {}, seq: 1, at: 0, v: 2, tab: 'v1' }])
  })
  it('keeps projects apart', async () => {
    const a = new EventLog({ storage: idbLogStorage('project-a') })
    await a.open()
    a.append(open())
    await a.flush()
    expect((await new EventLog({ storage: idbLogStorage('project-b') }).open()).events).toEqual([])
  })
})
