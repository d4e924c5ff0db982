import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IMAGE_PRELOAD_TIMEOUT_MS } from '../../events/kernel/limits.js'
import { createImageCache, generatedIcon, GENERATED_TONES, type LoadImage } from './image-cache.js'

/** A loader whose loads the test settles by hand; `started` lists every URL asked for, in order. */
function manualLoader() {
  const started: string[] = []
  const pending = new Map<string, (ok: boolean) => void>()
  const load: LoadImage = (src, done) => {
    started.push(src)
    pending.set(src, done)
  }
  return { load, started, settle: (src: string, ok: boolean) => pending.get(src)!(ok) }
}

describe('generated icons', () => {
  it('are the same for the same name, with the first letters of its first two words', () => {
    expect(generatedIcon('Localnet B')).toEqual(generatedIcon('Localnet B'))
    expect(generatedIcon('  Localnet B ')).toEqual(generatedIcon('Localnet B'))
    expect(generatedIcon('Localnet B').initials).toBe('LB')
    expect(generatedIcon('Ether').initials).toBe('E')
    expect(generatedIcon('harbour dollar token').initials).toBe('HD')
    expect(generatedIcon('kelp-credits').initials).toBe('KC')
    expect(generatedIcon('').initials).toBe('?')
    expect(generatedIcon('   ').initials).toBe('?')
    // One code point, not half a surrogate pair.
    expect(generatedIcon('🐳 Whale').initials).toBe('🐳W')
  })

  it('pick their tone from the name: 32-bit FNV-1a modulo 8, the same in every session and build', () => {
    // Pinned (computed independently: FNV-1a over the UTF-16 code units), so a visitor sees the same colours tomorrow.
    const names = ['Ether', 'Solana', 'Harbour Dollar', 'Tidewater', 'Kelp Credits', 'Localnet', 'Localnet B', 'Solana Localnet', 'Amber Vault', 'Cobalt Pay']
    expect(names.map((n) => generatedIcon(n).tone)).toEqual([3, 1, 6, 4, 3, 3, 1, 5, 4, 0])
    expect(GENERATED_TONES).toBe(8)
    // Markup in a name stays text: the initials are its first characters, nothing is parsed.
    expect(generatedIcon('<img src=x onerror=alert(1)>').initials).toBe('<S')
  })
})

describe('the image cache', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('gives up on a load after the 2 s preload timeout: the URL counts as failed', () => {
    const loader = manualLoader()
    const cache = createImageCache({ load: loader.load })
    const changes: string[] = []
    cache.subscribe('https://a/x.svg', () => changes.push(cache.status('https://a/x.svg')))
    expect(cache.status('https://a/x.svg')).toBe('idle')
    cache.preload('https://a/x.svg')
    expect(cache.status('https://a/x.svg')).toBe('pending')
    vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS - 1)
    expect(cache.status('https://a/x.svg')).toBe('pending')
    vi.advanceTimersByTime(1)
    expect(cache.status('https://a/x.svg')).toBe('failed')
    expect(changes).toEqual(['pending', 'failed'])
    expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000)
  })

  it('shows a loaded URL at once the next time, and loads each URL once', () => {
    const loader = manualLoader()
    const cache = createImageCache({ load: loader.load })
    cache.preload('https://a/x.svg')
    loader.settle('https://a/x.svg', true)
    expect(cache.status('https://a/x.svg')).toBe('loaded')
    // A second use: already loaded, no new request, and the timeout no longer applies.
    cache.preload('https://a/x.svg')
    vi.advanceTimersByTime(10_000)
    expect(cache.status('https://a/x.svg')).toBe('loaded')
    expect(loader.started).toEqual(['https://a/x.svg'])
  })

  it('never asks again for a URL that failed within the session', () => {
    const loader = manualLoader()
    const cache = createImageCache({ load: loader.load })
    cache.preload('https://a/missing.svg')
    loader.settle('https://a/missing.svg', false)
    expect(cache.status('https://a/missing.svg')).toBe('failed')
    cache.preload('https://a/missing.svg')
    cache.preload('https://a/missing.svg')
    expect(loader.started).toEqual(['https://a/missing.svg'])
    // A failure after the timeout changes nothing either.
    cache.preload('https://a/slow.svg')
    vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS)
    loader.settle('https://a/slow.svg', false)
    expect(cache.status('https://a/slow.svg')).toBe('failed')
  })

  it('lets an image that loads after the timeout show from then on', () => {
    const loader = manualLoader()
    const cache = createImageCache({ load: loader.load })
    const seen: string[] = []
    cache.subscribe('https://a/slow.svg', () => seen.push(cache.status('https://a/slow.svg')))
    cache.preload('https://a/slow.svg')
    vi.advanceTimersByTime(IMAGE_PRELOAD_TIMEOUT_MS)
    loader.settle('https://a/slow.svg', true)
    expect(seen).toEqual(['pending', 'failed', 'loaded'])
  })

  it('counts a loader that throws (no Image, a refused URL) as failed', () => {
    const cache = createImageCache({
      load: () => {
        throw new Error('no Image here')
      },
    })
    cache.preload('https://a/x.svg')
    expect(cache.status('https://a/x.svg')).toBe('failed')
  })

  it('stops calling an unsubscribed watcher, and forgets the oldest settled URLs past its size', () => {
    const loader = manualLoader()
    const cache = createImageCache({ load: loader.load, maxEntries: 2 })
    const calls: string[] = []
    const stop = cache.subscribe('https://a/1.svg', () => calls.push('1'))
    cache.preload('https://a/1.svg')
    stop()
    loader.settle('https://a/1.svg', true)
    expect(calls).toEqual(['1'])
    cache.preload('https://a/2.svg')
    loader.settle('https://a/2.svg', true)
    cache.preload('https://a/3.svg')
    // 1 was the oldest settled one and nobody watches it: forgotten, so 'idle' again.
    expect([1, 2, 3].map((n) => cache.status(`https://a/${n}.svg`))).toEqual(['idle', 'loaded', 'pending'])
  })
})
