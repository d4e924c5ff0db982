import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { EventLog, type LogStorage } from './log.js'
import { idbLogStorage } from './persistence.js'
import { event, type GangwayEvent } from './types.js'

const open = () => event('modal/open-requested', { isMobile: false })
const close = () => event('modal/close-requested', {})

/** A storage that records each batch it is given. */
function spyStorage(initial: GangwayEvent[] = []): LogStorage & { batches: GangwayEvent[][] } {
  const batches: GangwayEvent[][] = []
  return { batches, load: async () => initial, append: async (b) => void batches.push([...b]) }
}

describe('EventLog', () => {
  it('stamps gap-free seq from 1, the clock time and the schema version', () => {
    let t = 100
    const log = new EventLog({ clock: () => t++ })
    expect(log.append(open())).toEqual({ type: 'modal/open-requested', payload: { isMobile: false }, seq: 1, at: 100, v: 1 })
    expect(log.append(close())).toMatchObject({ seq: 2, at: 101 })
    expect(log.events().map((e) => e.seq)).toEqual([1, 2])
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
    expect(storage.batches[0]!.map((e) => e.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
  })
  it('continues the seq of the persisted prefix and drops anything after a gap', async () => {
    const stored = [1, 2, 4].map((seq) => ({ type: 'modal/close-requested', payload: {}, seq, at: 0, v: 1 }) as GangwayEvent)
    const log = new EventLog({ storage: spyStorage(stored) })
    expect((await log.open()).map((e) => e.seq)).toEqual([1, 2])
    expect(log.append(open()).seq).toBe(3)
  })
  it('logs a storage failure and keeps working (spec §8: storage failures are logged, never thrown)', async () => {
    const onStorageError = vi.fn()
    const log = new EventLog({ storage: { load: async () => Promise.reject(new Error('load')), append: async () => Promise.reject(new Error('quota')) }, onStorageError })
    expect(await log.open()).toEqual([])
    log.append(open())
    await log.flush()
    expect(onStorageError).toHaveBeenCalledTimes(2)
    expect(log.events()).toHaveLength(1)
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
    const replayed = await second.open()
    expect(replayed.map((e) => e.seq)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1))
    expect(replayed).toEqual(first.events())
    expect(second.append(close()).seq).toBe(27)
  })
  it('keeps projects apart', async () => {
    const a = new EventLog({ storage: idbLogStorage('project-a') })
    await a.open()
    a.append(open())
    await a.flush()
    expect(await new EventLog({ storage: idbLogStorage('project-b') }).open()).toEqual([])
  })
})
