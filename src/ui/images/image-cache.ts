/**
 * The logic of the views' one image mechanism, with no DOM of its own so it is tested in
 * Node: a page-session cache of image URLs (URL → pending, loaded or failed) whose preload gives up
 * after docs/behaviour.md §9's 2 s (IMAGE_PRELOAD_TIMEOUT_MS), and the generated icon drawn for an
 * image that failed, timed out or was never given. `Icon.tsx` renders it; `images` is the module's
 * cache, shared by every view of the page.
 */
import { IMAGE_PRELOAD_TIMEOUT_MS } from '../../events/kernel/limits.js'

/**
 * Where a URL stands: `idle` never asked for; `pending` loading, under the timeout; `loaded` (shown
 * at once from now on); `failed` after an error or the timeout (not asked for again this session;
 * should a timed-out load still finish, the URL becomes `loaded`).
 */
export type ImageStatus = 'idle' | 'pending' | 'loaded' | 'failed'

/**
 * Starts loading `src` and calls `done(true)` once it loaded or `done(false)` if it cannot be;
 * `cors`: in CORS mode (`crossorigin="anonymous"`: the request carries the page's Origin, and the
 * answer must allow it).
 */
export type LoadImage = (src: string, done: (ok: boolean) => void, cors: boolean) => void

export interface ImageCache {
  /** Where `src` stands now. */
  status(src: string): ImageStatus
  /**
   * Starts loading `src` unless it was asked for before (in any status but `idle` this does
   * nothing); `cors` (default false): in CORS mode, as the <img> that shows it must then be.
   */
  preload(src: string, cors?: boolean): void
  /** Calls `onChange` (no arguments) whenever `src`'s status changes; returns the unsubscribe function. */
  subscribe(src: string, onChange: () => void): () => void
}

export interface ImageCacheOptions {
  load: LoadImage
  /** ms; default IMAGE_PRELOAD_TIMEOUT_MS (2000). */
  timeoutMs?: number
  /** The most settled URLs kept (the oldest unwatched ones are forgotten first); default 1000. */
  maxEntries?: number
}

interface Entry {
  status: Exclude<ImageStatus, 'idle'>
  timer?: ReturnType<typeof setTimeout>
}

/** A cache as described in the module comment; timers are the global setTimeout (fake timers drive them in tests). */
export function createImageCache({ load, timeoutMs = IMAGE_PRELOAD_TIMEOUT_MS, maxEntries = 1000 }: ImageCacheOptions): ImageCache {
  const entries = new Map<string, Entry>()
  const watchers = new Map<string, Set<() => void>>()
  const notify = (src: string) => watchers.get(src)?.forEach((f) => f())
  const settle = (src: string, e: Entry, status: 'loaded' | 'failed') => {
    if (e.status === status || e.status === 'loaded') return
    e.status = status
    clearTimeout(e.timer)
    notify(src)
  }
  const forgetOldest = () => {
    for (const [src, e] of entries) {
      if (entries.size <= maxEntries) return
      if (e.status !== 'pending' && !watchers.has(src)) entries.delete(src)
    }
  }
  return {
    status: (src) => entries.get(src)?.status ?? 'idle',
    preload(src, cors = false) {
      if (entries.has(src)) return
      const e: Entry = { status: 'pending' }
      entries.set(src, e)
      forgetOldest()
      e.timer = setTimeout(() => e.status === 'pending' && settle(src, e, 'failed'), timeoutMs)
      notify(src)
      try {
        // A late success still counts (the next render shows the image); a late failure changes nothing.
        load(src, (ok) => (ok ? settle(src, e, 'loaded') : e.status === 'pending' && settle(src, e, 'failed')), cors)
      } catch {
        settle(src, e, 'failed')
      }
    },
    subscribe(src, onChange) {
      let set = watchers.get(src)
      if (!set) watchers.set(src, (set = new Set()))
      set.add(onChange)
      return () => {
        set.delete(onChange)
        if (set.size === 0 && watchers.get(src) === set) watchers.delete(src)
      }
    },
  }
}

/** The browser's loader: an `Image` that is dropped once it settles (the HTTP and memory caches keep the bytes for the <img>). */
export const browserLoadImage: LoadImage = (src, done, cors) => {
  const img = new Image()
  img.decoding = 'async'
  if (cors) img.crossOrigin = 'anonymous'
  img.onload = () => done(true)
  img.onerror = () => done(false)
  img.src = src
}

/** The page session's image cache, shared by every view (src/ui/images/Icon.tsx). */
export const images: ImageCache = createImageCache({ load: (src, done, cors) => browserLoadImage(src, done, cors) })

/** How many background tones the generated icons have (CSS classes gw-gen-0 … gw-gen-7, views/styles.ts). */
export const GENERATED_TONES = 8

/** A generated icon: up to two initials of the name, and its background tone (0 … GENERATED_TONES - 1). */
export interface GeneratedIcon {
  initials: string
  tone: number
}

/**
 * The icon drawn for `name` when it has no image that loads: the same name always gives the same
 * icon. `initials`: the first letters of its first two words (words split at spaces, '-', '_', '.'),
 * upper-cased ('Localnet B' → 'LB', 'Ether' → 'E'), '?' for a name with none; `tone`: an FNV-1a hash
 * of the trimmed name, modulo GENERATED_TONES. The initials are text for a DOM node, never markup.
 */
export function generatedIcon(name: string): GeneratedIcon {
  const trimmed = name.trim()
  const words = trimmed.split(/[\s\-_.]+/).filter(Boolean)
  const initials = words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!)
    .join('')
    .toUpperCase()
  let hash = 0x811c9dc5
  for (let i = 0; i < trimmed.length; i++) hash = Math.imul(hash ^ trimmed.charCodeAt(i), 0x01000193)
  return { initials: initials || '?', tone: (hash >>> 0) % GENERATED_TONES }
}
