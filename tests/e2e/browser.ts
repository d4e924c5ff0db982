/**
 * Debian's Chromium through playwright-core (never a downloaded browser), with the flags the field
 * notes require, and every request that is not to 127.0.0.1 or localhost failed so a stray remote
 * call fails fast (localhost is the secure-site emulator's site: another site than the demo's
 * 127.0.0.1, as the hosted secure site is in production).
 *
 * The block is a proxy, not a route: every request but those to 127.0.0.1 and localhost goes to a
 * local port that closes each connection at once (the request fails: net::ERR_CONNECTION_RESET, or
 * ERR_SOCKET_NOT_CONNECTED for an https tunnel). A Playwright route matching every URL would pause each request for the test
 * process to judge, and turns the context's HTTP cache off, so every page would fetch and compile
 * each built script again.
 *
 * A click that opens a popup while a cross-site frame of the page is answering loses that answer:
 * Playwright pauses each new page until it has attached to it (Target.setAutoAttach with
 * waitForDebuggerOnStart), and while the popup waits, Chromium drops what an out-of-process frame
 * posts to the opener page meanwhile, not delays it (checked over plain CDP, no Playwright: with
 * that pause 8 of 8 runs lost a stretch of a frame's messages; without it, 0 of 8). A visitor's
 * browser has no such pause, so a test lets a secure-site frame's exchange end (its answers heard
 * by the page) before a click that opens a popup.
 */
import { createServer } from 'node:net'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'
import { onTestFailed } from 'vitest'
import { pageStory, recordFrameMessages, watchContext } from './page-story.js'
import { E2E_WAIT_MS } from './wait.js'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65.1, chromiumSwitches.ts) less
 * ThirdPartyStoragePartitioning. Chromium keeps the last `--disable-features` switch, and ours comes
 * after Playwright's, so this list replaces Playwright's: storage partitioning is back on, and a
 * cross-site iframe (the secure site on localhost in a 127.0.0.1 page) gets its own partitioned
 * storage as in a real browser, instead of a localStorage that throws. Check it against
 * Playwright's list when upgrading playwright-core.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  // Not Playwright's: the omnibox popup as a WebUI page, which the headless browser otherwise loads
  // (some 400 modules in a renderer of its own) for every window, that is for every page here.
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
]

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--disable-features=${DISABLED_FEATURES.join(',')}`]

let refuser: Promise<string> | undefined
/**
 * `http://127.0.0.1:<port>` of a server, one per process, that closes every connection as it
 * opens: the proxy of the requests that leave the machine. It does not keep the process alive.
 */
function refusingProxy(): Promise<string> {
  refuser ??= new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy())
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.unref()
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)
    })
  })
  return refuser
}

/** Chromium, headless, whose requests go to 127.0.0.1 and localhost only (the others fail at once). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, proxy: { server: await refusingProxy(), bypass: '127.0.0.1,localhost' } })
}

/** A fresh context of a browser from `launchChromium` (its requests go to 127.0.0.1 and localhost only); `options` as Playwright's (a device's viewport, userAgent, isMobile…). */
export async function localContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options)
  context.setDefaultTimeout(E2E_WAIT_MS)
  await context.addInitScript(recordFrameMessages)
  tellOnFailure(context)
  return context
}

/**
 * When the running test fails, prints what each page of `context` shows and its engine's last
 * events, then the context's console warnings, failed requests, 5xx answers and the secure-site frame's requests (page-story.ts),
 * read before the test's cleanup closes it. Outside a test (a hook) it does nothing.
 */
function tellOnFailure(context: BrowserContext): void {
  try {
    let happenings = (): string[] => []
    onTestFailed(async () => {
      for (const page of context.pages()) console.error(`[page story] ${await pageStory(page)}`)
      const seen = happenings()
      if (seen.length) console.error(`[page story] the context's console warnings, failed requests, 5xx answers and the secure-site frame's requests:\n${seen.map((l) => `  ${l}`).join('\n')}`)
    })
    happenings = watchContext(context)
  } catch {
    // Not inside a test: nothing to report to.
  }
}
