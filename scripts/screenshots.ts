/**
 * `npm run screenshots` (issue 16, "Pictures"): a PNG of every built view of the modal (the tour,
 * tests/e2e/view-tour.ts), light and dark, desktop and mobile, in docs/screenshots/:
 * `<view>-<theme>-<device>.png`.
 *
 * - desktop: a 1280×800 page, the picture clipped to the modal card with a 24 px margin;
 * - mobile: Playwright's Pixel 7 (its viewport, user agent, touch, isMobile; always Chromium), the
 *   whole viewport, one image pixel per CSS pixel (`scale: 'css'`, to keep the files small).
 *
 * Starts its own localnet (localnet/start.ts) and Chromium (tests/e2e/browser.ts), a fresh browser
 * context a picture (the tour starts from a fresh page: a stored connection would change the
 * view), the demo page with `?theme=<theme>&locale=en` and the context's `prefers-color-scheme` set to
 * the same theme. Each picture waits for the view to settle (tests/e2e/layout-check.ts `settle`:
 * images loaded, fonts ready, the card still), with animations disabled for the shot. Prints the
 * count and total size written, removes PNGs of views no longer in the tour, and stops everything
 * it started; exits 1 naming the pictures that failed (the others are still written).
 * Run with `npm run screenshots` (builds first); `tsx scripts/screenshots.ts [view…]` takes the
 * current dist/ and, with view names, only those views.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { devices, type Browser, type BrowserContextOptions } from 'playwright-core'
import type { ViewName } from '../src/contract.js'
import { startLocalnet, stopOnSignal } from '../localnet/start.js'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import { cardBox, settle } from '../tests/e2e/layout-check.js'
import { BUILT_VIEWS, visit, type TourEnv } from '../tests/e2e/view-tour.js'

const OUT_DIR = 'docs/screenshots'
const THEMES = ['light', 'dark'] as const
const { userAgent, viewport, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7']!
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { userAgent, viewport, deviceScaleFactor, isMobile, hasTouch },
} satisfies Record<string, BrowserContextOptions>
type Theme = (typeof THEMES)[number]
type Device = keyof typeof DEVICES
/** Room around the card in a desktop picture (CSS px): its shadow and a little of the overlay. */
const MARGIN = 24
/** Views a device never shows, with the rule that says so: no picture of them there. */
const NOT_SHOWN: Partial<Record<ViewName, { device: Device; why: string }>> = {
  ConnectingWalletConnectBasic: { device: 'mobile', why: 'manual WalletConnect control opens AllWallets on a mobile device (docs/behaviour.md §2, Opening rule 2)' },
}
/** How many pictures are taken at once (the machine's cores are shared). */
const PARALLEL = 2

interface Shot {
  view: ViewName
  theme: Theme
  device: Device
  file: string
}

/** Takes one picture into `shot.file`. */
async function take(browser: Browser, env: TourEnv, shot: Shot): Promise<void> {
  const context = await localContext(browser, { ...DEVICES[shot.device], colorScheme: shot.theme })
  try {
    const page = await visit(context, shot.view, env, `/?theme=${shot.theme}&locale=en`)
    await settle(page)
    if (shot.device === 'mobile') {
      await page.screenshot({ path: shot.file, animations: 'disabled', caret: 'hide', scale: 'css' })
      return
    }
    const box = await cardBox(page)
    const size = page.viewportSize()!
    const x = Math.max(0, Math.floor(box.x - MARGIN))
    const y = Math.max(0, Math.floor(box.y - MARGIN))
    const clip = { x, y, width: Math.min(size.width, Math.ceil(box.x + box.width + MARGIN)) - x, height: Math.min(size.height, Math.ceil(box.y + box.height + MARGIN)) - y }
    await page.screenshot({ path: shot.file, clip, animations: 'disabled', caret: 'hide' })
  } finally {
    await context.close()
  }
}

const only = process.argv.slice(2)
const unknown = only.filter((v) => !BUILT_VIEWS.includes(v as ViewName))
if (unknown.length) {
  console.error(`Not a built view: ${unknown.join(', ')} (built: ${BUILT_VIEWS.join(', ')})`)
  process.exit(2)
}
const views = only.length ? BUILT_VIEWS.filter((v) => only.includes(v)) : BUILT_VIEWS
const shots: Shot[] = views.flatMap((view) =>
  THEMES.flatMap((theme) =>
    (Object.keys(DEVICES) as Device[]).filter((device) => NOT_SHOWN[view]?.device !== device).map((device) => ({ view, theme, device, file: join(OUT_DIR, `${view}-${theme}-${device}.png`) })),
  ),
)
for (const [view, { device, why }] of Object.entries(NOT_SHOWN)) if (views.includes(view as ViewName)) console.log(`screenshots: no ${view} on ${device}: ${why}`)

mkdirSync(OUT_DIR, { recursive: true })
const started = performance.now()
const net = await startLocalnet()
let browser: Browser | undefined
stopOnSignal(async () => {
  await browser?.close()
  await net.stop()
})
const failed: string[] = []
try {
  browser = await launchChromium()
  const env: TourEnv = { webUrl: net.web.url, rpcUrl: net.chains[0]!.url, solanaCaip2: net.solana.caipNetworkId }
  const queue = [...shots]
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let shot = queue.shift(); shot; shot = queue.shift()) {
        try {
          await take(browser!, env, shot)
        } catch (error) {
          failed.push(`${shot.file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
        }
      }
    }),
  )
} finally {
  await browser?.close()
  await net.stop()
}

const written = shots.filter((s) => !failed.some((f) => f.startsWith(`${s.file}:`)))
if (!only.length && !failed.length) {
  // Pictures of views the tour no longer builds.
  const names = new Set(shots.map((s) => `${s.view}-${s.theme}-${s.device}.png`))
  for (const name of readdirSync(OUT_DIR)) if (name.endsWith('.png') && !names.has(name)) rmSync(join(OUT_DIR, name))
}
const bytes = written.reduce((sum, s) => sum + statSync(s.file).size, 0)
const total = readdirSync(OUT_DIR)
  .filter((n) => n.endsWith('.png'))
  .reduce((sum, n) => sum + statSync(join(OUT_DIR, n)).size, 0)
console.log(`screenshots: ${written.length} of ${shots.length} written to ${OUT_DIR}/ (${(bytes / 1024).toFixed(0)} KB; the folder's PNGs ${(total / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s`)
if (failed.length) {
  console.error(`screenshots: ${failed.length} failed:\n  ${failed.join('\n  ')}`)
  process.exit(1)
}
