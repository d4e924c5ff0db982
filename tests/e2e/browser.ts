/**
 * Debian's Chromium through playwright-core (never a downloaded browser), with the flags the field
 * notes require, and every request that is not to 127.0.0.1 aborted so a stray remote call fails fast.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
}

/** A fresh context whose requests leave 127.0.0.1 only; `options` as Playwright's (a device's viewport, userAgent, isMobile…). */
export async function localContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options)
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort('blockedbyclient'),
  )
  return context
}
