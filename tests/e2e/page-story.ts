/** What a failed end-to-end test needs to be understood, read from its pages before they close. */
import type { BrowserContext, Frame, Page, Request } from 'playwright-core'
import { parseLog } from '../../src/events/log/ndjson.js'

/**
 * An init script: the top page keeps the type, id and time (ms since its start) of each
 * `@w3m-frame/` message its window hears, the last 30 (a literal: the script runs in the page, apart from this module), in `__gwFrameMessages`,
 * never a payload (it carries tokens and the provider's answer). Heard in the capture phase, so a
 * message a guard stops is kept too.
 */
export function recordFrameMessages(): void {
  if (window.top !== window) return
  const kept: string[] = []
  ;(window as unknown as { __gwFrameMessages: string[] }).__gwFrameMessages = kept
  window.addEventListener(
    'message',
    (e) => {
      const data = e.data as { type?: unknown; id?: unknown } | null
      if (typeof data?.type !== 'string' || !data.type.startsWith('@w3m-frame/')) return
      kept.push(`+${Math.round(performance.now())} ms ${data.type.slice(0, 64)} id=${String(data.id ?? '-').slice(0, 16)} from ${e.origin}`)
      if (kept.length > 30) kept.shift()
    },
    true,
  )
}

/**
 * The page's address, the view its modal shows and its engine's last 30 events (redacted by the
 * engine's export, each payload cut to 160 characters), the secure-site messages its window heard
 * and the counts of its secure-site frames (secureFrameCounts). Never throws: a page without an
 * engine, or one that cannot answer, says so.
 */
export async function pageStory(page: Page): Promise<string> {
  try {
    const { view, log, frameMessages } = await page.evaluate(async () => {
      const frameMessages = (window as unknown as { __gwFrameMessages?: string[] }).__gwFrameMessages ?? []
      const g = (window as unknown as { gangway?: { getState(): { open: boolean; view: string }; exportLog(o: { redact: boolean }): Promise<string> } }).gangway
      if (!g) return { view: 'no modal on this page', log: '', frameMessages }
      const state = g.getState()
      return { view: state.open ? state.view : 'closed', log: await g.exportLog({ redact: true }), frameMessages }
    })
    const events = log ? parseLog(log).events.slice(-30) : []
    const heard = frameMessages.length ? ['its window heard from secure-site frames:', ...frameMessages.map((m) => `  ${m}`)] : []
    const frames = await secureFrameCounts(page)
    return [`${page.url()}: the modal shows ${view}; its last events:`, ...events.map((e) => `  ${e.seq} ${e.type} ${JSON.stringify(e.payload ?? {}).slice(0, 160)}`), ...heard, ...frames].join('\n')
  } catch (error) {
    return `${page.url()}: the page did not answer (${String(error).slice(0, 200)})`
  }
}

/** A frame showing the secure-site emulator's SDK page (its document at /sdk). */
const isSecureSiteFrame = (f: Frame) => addressOf(f.url()).endsWith('/sdk')

/**
 * The secure-site emulator's frames of `page` (their document at /sdk), each with the counts its
 * `<html>` keeps (state, documents loaded, messages accepted and dropped, server answers in,
 * messages posted): where a request's answer stopped, between the server and the parent.
 */
async function secureFrameCounts(page: Page): Promise<string[]> {
  const frames = page.frames().filter((f) => f !== page.mainFrame() && isSecureSiteFrame(f))
  return Promise.all(
    frames.map(async (f) => {
      const counts = await f.evaluate(() => JSON.stringify(document.documentElement.dataset)).catch((e: unknown) => `(no answer: ${String(e).slice(0, 80)})`)
      return `secure-site frame ${addressOf(f.url())}${f.isDetached() ? ' (detached)' : ''}: ${counts.slice(0, 200)}`
    }),
  )
}

/** How many of a context's notable happenings `watchContext` keeps (the last ones). */
const KEPT_HAPPENINGS = 40

/** The name of the secure-site emulator's frame request `r` carries (its body's `name` only: the body holds the session token too), else undefined for any other request. */
function frameRequestName(r: Request): string | undefined {
  if (r.method() !== 'POST' || new URL(r.url()).pathname !== '/api/frame/request') return undefined
  try {
    const name = (JSON.parse(r.postData() ?? '') as { name?: unknown }).name
    return typeof name === 'string' ? name.slice(0, 64) : '?'
  } catch {
    return '?'
  }
}

/** An address without its query or fragment: a social login's state and code never reach a test's output. */
const addressOf = (url: string): string => {
  try {
    const u = new URL(url)
    return u.protocol === 'about:' ? url.slice(0, 32) : `${u.origin}${u.pathname}`
  } catch {
    return '(not an address)'
  }
}

/** Whether navigation request `r` is a page's own (a new popup's first one has no frame yet: a page's too). */
const isMainFrame = (r: Request): boolean => {
  try {
    return r.frame().parentFrame() === null
  } catch {
    return true
  }
}

/**
 * Starts keeping what a failed test's reader wants beside the events and that no log holds: the
 * console's warnings and errors of every page, frame and worker of `context`, the requests that
 * failed (net::…) and the answers with a 5xx status, and each request the secure-site emulator's
 * frame forwards to its server, when it leaves and when its answer is in (by name only), each page
 * that opens and each address a page's main frame is asked to load and then shows (origin and path
 * only): the last KEPT_HAPPENINGS of them, each cut to 200 characters. The returned function lists them, oldest first.
 */
export function watchContext(context: BrowserContext): () => string[] {
  const kept: string[] = []
  const keep = (line: string) => void (kept.push(line.slice(0, 200)) > KEPT_HAPPENINGS && kept.shift())
  const start = Date.now()
  const at = () => `+${Date.now() - start} ms`
  context.on('request', (r) => {
    const name = frameRequestName(r)
    if (name) keep(`${at()} secure-site frame asks its server: ${name}`)
    else if (r.isNavigationRequest() && isMainFrame(r)) keep(`${at()} a page asks to navigate to ${addressOf(r.url())}`)
  })
  // Where each page's document is, as it commits (a popup's navigations are the story of a social
  // login), and each secure-site frame's document as it commits or goes (a reload, a second client).
  const watchPage = (p: Page) => {
    p.on('framenavigated', (f) => {
      if (f === p.mainFrame()) keep(`${at()} a page now shows ${addressOf(f.url())}`)
      else if (isSecureSiteFrame(f)) keep(`${at()} a secure-site frame now shows ${addressOf(f.url())}`)
    })
    p.on('framedetached', (f) => void (isSecureSiteFrame(f) && keep(`${at()} a secure-site frame was removed`)))
  }
  context.pages().forEach(watchPage)
  context.on('page', (p) => {
    keep(`${at()} a page opens (a popup, or a new tab)`)
    watchPage(p)
  })
  context.on('requestfinished', (r) => {
    const name = frameRequestName(r)
    if (name) keep(`${at()} secure-site frame has its server's answer: ${name}`)
  })
  context.on('console', (m) => void (['warning', 'error'].includes(m.type()) && keep(`${at()} console.${m.type()} ${m.text()}`)))
  context.on('requestfailed', (r) => keep(`${at()} request failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`))
  context.on('response', (r) => void (r.status() >= 500 && keep(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`)))
  return () => [...kept]
}
