/**
 * bench/walletconnect: WalletConnect pairing on the localnet, in Debian's Chromium. Per run (median
 * of 5 with min and max), from a fresh browser context:
 * - click on the WalletConnect row to the QR code painted (the worker starts the sign client, which
 *   connects to the relay and creates the pairing);
 * - QR code shown to Account: the Localnet WalletConnect wallet pairs with the URI read from the view
 *   and approves at once, the session settles over the relay, the engine connects and reads the balance;
 * - gzip KB of Gangway JavaScript the worker fetches from the modal's open (the sign client's code
 *   loads then, ahead of a pairing), and the main thread from the WalletConnect click.
 * Prints a table and writes bench/results/walletconnect.json. It asserts nothing.
 */
import { gzipSync } from 'node:zlib'
import { startLocalnet } from '../localnet/start.js'
import { copiedPairingUri } from '../tests/e2e/pairing.js'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import { printTable, spread, writeResult } from './stats.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
/** ms between the open and the click on WalletConnect. */
const READ_MS = Number(process.env.BENCH_READ_MS ?? 1500)

interface Sample {
  clickToQrMs: number
  qrToAccountMs: number
  mainKb: number
  workerKb: number
}

const net = await startLocalnet()
const browser = await launchChromium()
const headers = { authorization: `Bearer ${net.wcWallet.token}` }
const post = (path: string, body: unknown = {}) => fetch(`${net.wcWallet.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
const samples: Sample[] = []
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await localContext(browser)
    const page = await context.newPage()
    await page.goto(`${net.web.url}/`)
    await page.waitForLoadState('load')
    await page.waitForTimeout(1000)
    // Worker JS counts from the open (the sign client's code loads in the worker then); main-thread JS from the WalletConnect click.
    const bytes = { main: 0, worker: 0 }
    let clickedWc = false
    context.on('requestfinished', async (r) => {
      if (!r.url().includes('/gangway/') || !r.url().endsWith('.js')) return
      const body = await (await r.response())?.body().catch(() => undefined)
      if (!body) return
      // The worker build's files are worker.js and worker-*.js (esbuild.config.mjs); the rest run on the main thread.
      const inWorker = /\/gangway\/worker[-.]/.test(new URL(r.url()).pathname)
      if (inWorker) bytes.worker += gzipSync(body, { level: 9 }).length
      else if (clickedWc) bytes.main += gzipSync(body, { level: 9 }).length
    })
    await page.click('gangway-button')
    await page.locator('[data-wallet-row=walletConnect]').waitFor()
    // A visitor reads the list for a moment (the worker loads the sign client's code 1 s after the open).
    await page.waitForTimeout(READ_MS)
    clickedWc = true
    const clicked = Date.now()
    await page.click('[data-wallet-row=walletConnect]')
    await page.locator('[data-testid=gw-qr][data-ready] svg').waitFor({ timeout: 30_000 })
    const qrShown = Date.now()
    const uri = await copiedPairingUri(page, 30_000)
    await post('/pair', { uri })
    // The proposal of this pairing, by its topic (a proposal an earlier run left pending is not this one).
    const topic = /^wc:([0-9a-f]+)@/.exec(uri)?.[1]
    let proposal: { id: number } | undefined
    while (!(proposal = ((await (await fetch(`${net.wcWallet.url}/proposals`, { headers })).json()) as { id: number; pairingTopic: string }[]).find((p) => p.pairingTopic === topic))) await new Promise((r) => setTimeout(r, 10))
    await post('/approve', { id: proposal.id })
    await page.locator('[data-testid=gw-modal][data-view=Account] [data-testid=gw-balance]').filter({ hasText: 'ETH' }).waitFor({ timeout: 30_000 })
    const account = Date.now()
    await page.waitForTimeout(300)
    samples.push({ clickToQrMs: qrShown - clicked, qrToAccountMs: account - qrShown, mainKb: bytes.main / 1024, workerKb: bytes.worker / 1024 })
    await post('/disconnect')
    await context.close()
  }
} finally {
  await browser.close()
  await net.stop()
}

const fmt = (xs: number[], digits = 0) => {
  const s = spread(xs)
  return `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`
}
printTable(`WalletConnect on the localnet, median (min–max) of ${samples.length}; WalletConnect clicked ${READ_MS} ms after the open`, ['metric', 'value'], [
  ['click to QR code painted (ms)', fmt(samples.map((s) => s.clickToQrMs))],
  ['QR code shown to Account with balance (ms)', fmt(samples.map((s) => s.qrToAccountMs))],
  ['JS fetched on the main thread from the WalletConnect click (KB gzip)', fmt(samples.map((s) => s.mainKb), 1)],
  ['JS fetched by the worker from the open (KB gzip)', fmt(samples.map((s) => s.workerKb), 1)],
])
writeResult('walletconnect', { samples })
