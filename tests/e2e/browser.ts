/**
 * Debian's Chromium through playwright-core (never a downloaded browser), with the flags the field
 * notes require, and every request that is not to 127.0.0.1 or localhost aborted so a stray remote
 * call fails fast (localhost is the secure-site emulator's site: another site than the demo's
 * 127.0.0.1, as the hosted secure site is in production).
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'
import { onTestFailed } from 'vitest'
import { pageStory } from './page-story.js'
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
]

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--disable-features=${DISABLED_FEATURES.join(',')}`]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
}

/** A fresh context whose requests go to 127.0.0.1 and localhost only; `options` as Playwright's (a device's viewport, userAgent, isMobile…). */
export async function localContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options)
  context.setDefaultTimeout(E2E_WAIT_MS)
  tellOnFailure(context)
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost' && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort('blockedbyclient'),
  )
  return context
}

/**
 * When the running test fails, prints what each page of `context` shows and its engine's last
 * events (page-story.ts), read before the test's cleanup closes it. Outside a test (a hook) it does
 * nothing.
 */
function tellOnFailure(context: BrowserContext): void {
  try {
    onTestFailed(async () => {
      for (const page of context.pages()) console.error(`[page story] ${await pageStory(page)}`)
    })
  } catch {
    // Not inside a test: nothing to report to.
  }
}
