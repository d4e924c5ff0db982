/**
 * Running the view tour's stops two at a time (the machine's two cores are shared with the
 * localnet): up to `size` browser contexts kept for a whole file, each running one case at a time.
 * Before a case the demo origin's storage (the event log's IndexedDB, localStorage) is cleared, so
 * the stop starts as on a fresh context while the HTTP cache keeps the built scripts; after it,
 * every page the case opened is closed (its engine with it), also when the case failed halfway.
 */
import type { BrowserContext } from 'playwright-core'

/** Cases run at once, each in its own browser context. */
export const LANES = 2

/**
 * A pool of `size` contexts made by `newContext` for pages of `webUrl`'s origin.
 * @returns `inLane(fn)`: runs `fn` with a free context once one is free; resolves to what `fn` does.
 */
export function lanes(newContext: () => Promise<BrowserContext>, webUrl: string, size = LANES) {
  const idle: { context: BrowserContext; clear: () => Promise<void>; closePages: () => Promise<void> }[] = []
  const waiting: (() => void)[] = []
  let made = 0
  const origin = new URL(webUrl).origin
  const make = async () => {
    const context = await newContext()
    // A blank page of the context's own, to speak CDP through.
    const blank = await context.newPage()
    const cdp = await context.newCDPSession(blank)
    const clear = async () => void (await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'indexeddb,local_storage,cookies,service_workers,cache_storage' }))
    const closePages = async () => void (await Promise.all(context.pages().filter((p) => p !== blank).map((p) => p.close())))
    return { context, clear, closePages }
  }
  return async <T>(fn: (context: BrowserContext) => Promise<T>): Promise<T> => {
    while (!idle.length && made >= size) await new Promise<void>((resolve) => waiting.push(resolve))
    const lane = idle.pop() ?? (made++, await make())
    try {
      await lane.clear()
      return await fn(lane.context)
    } finally {
      await lane.closePages()
      idle.push(lane)
      waiting.shift()?.()
    }
  }
}
