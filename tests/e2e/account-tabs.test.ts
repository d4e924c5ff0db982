/**
 * The Account tabs on the localnet, against the blockchain service emulator (docs/behaviour.md §2, §3, §5, §7,
 * §8, §9): every seeded token with the chain's amounts (and not the decimals-0 one), the name and
 * avatar, the network balance in USD; the NFTs (not the spam one), asked for once the pointer is over their tab; Activity with paging, the
 * 15 s history lifetime and a new transfer on top; a forced 500 on history; and the service
 * requests of 20 open/close cycles.
 *
 * The history lifetime is checked on the page's clock, not by waiting 15 s: Playwright's
 * `page.clock` fixes the page's Date.now (its timers still run), and the test moves it. That clock
 * does not reach a dedicated Worker, so that one test runs the engine on the main thread
 * (`?engine=main`, the demo's switch for createModal's `engine: 'main'`): the same engine code,
 * reading the page's clock.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { CACHE_LIFETIMES_MS } from '../../src/worker/cache/lifetimes.js'
import { erc20Abi, encodeFunctionData, formatUnits, getAddress, keccak256, toHex, type Hex } from 'viem'
import { rpc, waitForReceipt } from '../../localnet/anvil.js'
import { HISTORY_PAGE_SIZE, PRICES, type ServiceRequest } from '../../localnet/services/blockchain.js'
import { floorDecimal, floorUsd } from '../../src/projections/format.js'
import { localContext } from './browser.js'
import { pageLog, connectLocalnetWallet, useBrowser, waitForText, waitForView } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const blockchainUrl = inject('blockchainUrl')
const hbd = inject('tokenAddress') as Hex
const seeded = inject('seededTokens')
const collections = inject('seededCollections')
const browser = useBrowser()

/** Anvil dev account 0: the Localnet Wallet's first account. */
const VISITOR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CHAIN = 'eip155:31337'

const balanceOf = async (token: Hex) => BigInt(await rpc<Hex>(rpcUrl, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [VISITOR] }) }, 'latest']))
const requests = async () => (await (await fetch(`${blockchainUrl}/localnet/requests`)).json()) as ServiceRequest[]
const fault = (body: { path: string; status: number; count?: number }) => fetch(`${blockchainUrl}/localnet/faults`, { method: 'POST', body: JSON.stringify(body) })
const tab = async (page: Page, name: 'Tokens' | 'NFTs' | 'Activity') => {
  await page.click(`[data-tab=${name}]`)
  await page.waitForSelector(`[data-testid=gw-tab-${name}]`)
}
const topHash = (page: Page) => page.getAttribute('[data-testid=gw-activity] li[data-hash]', 'data-hash')
/** How the history's first page was answered so far: the transactions cache's hits and misses in the page's log. */
const historyReads = async (page: Page) => {
  const log = await pageLog(page)
  const of = (type: string) => log.events.filter((e) => e.type === type && (e.payload as { cache?: string }).cache === 'transactions').length
  return { hits: of('cache/hit'), misses: of('cache/missed') }
}
/**
 * Waits until the history's first page was answered `expected` times from the cache and from the
 * service; when it never is, fails with every transactions cache event of the log (type, the page
 * clock's `at`, the hit's age), which tells a stale clock from a late cache write.
 */
const untilHistoryReads = async (page: Page, expected: { hits: number; misses: number }) => {
  try {
    await expect.poll(() => historyReads(page), { timeout: E2E_WAIT_MS }).toEqual(expected)
  } catch (error) {
    const log = await pageLog(page)
    const cacheEvents = log.events.filter((e) => (e.payload as { cache?: string }).cache === 'transactions' || e.type.startsWith('history/') || e.type === 'account/tab-selected')
    throw new Error(`${(error as Error).message}\nevents: ${JSON.stringify(cacheEvents.map((e) => ({ type: e.type, at: e.at, payload: e.payload })))}`)
  }
}

describe('Account tabs', () => {
  it('Tokens: every seeded token with its amount on chain, not the decimals-0 one; name, avatar and network USD', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await connectLocalnetWallet(page, webUrl)

    const wei = BigInt(await rpc<Hex>(rpcUrl, 'eth_getBalance', [VISITOR, 'latest']))
    const expected = [{ symbol: 'ETH', numeric: formatUnits(wei, 18) }]
    for (const t of [{ address: hbd, symbol: 'HBD', decimals: 18 }, ...seeded]) {
      const held = await balanceOf(t.address as Hex)
      if (held > 0n && t.decimals > 0) expected.push({ symbol: t.symbol, numeric: formatUnits(held, t.decimals) })
    }
    // TIDE, KELP (and HBD, ETH) are held; PRL is held too, but has decimals 0.
    expect(expected.map((e) => e.symbol).sort()).toEqual(['ETH', 'HBD', 'KELP', 'TIDE'])
    expect(await balanceOf(seeded.find((t) => t.symbol === 'PRL')!.address as Hex)).toBe(7n)

    await page.waitForSelector('[data-testid=gw-tokens] [data-symbol=TIDE]')
    const rows = await page.$$eval('[data-testid=gw-tokens] li', (lis) => lis.map((li) => { const amount = li.querySelector('[data-testid=gw-token-amount]'); return { symbol: li.getAttribute('data-symbol'), amount: amount?.textContent, amountTitle: amount?.getAttribute('title'), nameTitle: li.querySelector('.gw-asset-name > span:first-child')?.getAttribute('title') } }))
    expect(rows.map((r) => r.symbol).sort()).toEqual(['ETH', 'HBD', 'KELP', 'TIDE'])
    // A name or amount the row truncates shows whole in its title.
    for (const r of rows) expect(r.amountTitle).toBe(r.amount)
    expect(rows.find((r) => r.symbol === 'TIDE')?.nameTitle).toBe('Tidewater')
    for (const e of expected) expect(rows.find((r) => r.symbol === e.symbol)?.amount).toBe(`${floorDecimal(e.numeric, 3)} ${e.symbol}`)
    expect(rows.find((r) => r.symbol === 'TIDE')?.amount).toBe('2500.123 TIDE')

    // The network balance in USD: the holdings' worth at the emulator's prices, floored to 2 decimals.
    const worth = expected.reduce((sum, e) => sum + Number(e.numeric) * PRICES[e.symbol]!, 0)
    const usd = Number((await page.textContent('[data-testid=gw-network-usd]'))!.replace(/[$,]/g, ''))
    expect(Math.abs(usd - Number(floorUsd(worth)))).toBeLessThanOrEqual(0.01)

    // Identity: name and avatar in the header.
    await waitForText(page, '[data-testid=gw-profile-name]', 'harbourmaster.eth')
    expect(await page.getAttribute('img[data-testid=gw-avatar]', 'src')).toBe(`${blockchainUrl}/localnet/images/avatar/harbourmaster.svg`)

    // NFTs, reached for: the pointer over the tab asks for them before any pick; the pick then
    // shows them from that one request.
    await page.hover('[data-tab=NFTs]')
    const nftEvents = async () => (await pageLog(page)).events.filter((e) => e.type.startsWith('nfts/') || e.type === 'account/tab-selected').map((e) => e.type)
    await expect.poll(nftEvents, { timeout: E2E_WAIT_MS }).toEqual(['nfts/fetch-requested', 'nfts/fetched'])
    // Their panel renders hidden beside Tokens before the pick, which shows the same elements.
    const hiddenRow = page.locator('[data-testid=gw-tab-NFTs][hidden] [data-testid=gw-nfts] li').first()
    await hiddenRow.waitFor({ state: 'attached' })
    expect(await page.isVisible('[data-testid=gw-tab-Tokens]')).toBe(true)
    await hiddenRow.evaluate((li) => void ((li as unknown as { renderedAhead: boolean }).renderedAhead = true))
    // NFTs: the three Harbour Crew tokens with their images, not the spam voucher.
    await tab(page, 'NFTs')
    expect(await page.locator('[data-testid=gw-nfts] li').first().evaluate((li) => (li as unknown as { renderedAhead?: boolean }).renderedAhead)).toBe(true)
    expect(await page.locator('[data-testid=gw-tab-Tokens]').count()).toBe(0)
    await page.waitForSelector('[data-testid=gw-nfts] li')
    // Each image shows once preloaded (src/ui/images: a placeholder box until then).
    await expect.poll(() => page.$$eval('[data-testid=gw-nfts] li', (lis) => lis.every((li) => li.querySelector('img') !== null)), { timeout: E2E_WAIT_MS }).toBe(true)
    const nfts = await page.$$eval('[data-testid=gw-nfts] li', (lis) => lis.map((li) => ({ key: li.getAttribute('data-nft-key'), src: li.querySelector('img')?.getAttribute('src') })))
    const crew = collections.find((c) => c.symbol === 'HCREW')!.address.toLowerCase()
    expect(nfts.map((n) => n.key)).toEqual([0, 1, 2].map((id) => `${CHAIN}:${crew}:${id}`))
    for (const [i, n] of nfts.entries()) expect(n.src).toBe(`${blockchainUrl}/localnet/images/nft/HCREW/${i}.svg`)
    // The images load.
    expect(await page.$$eval('[data-testid=gw-nfts] img', (imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0))).toBe(true)
    expect(await nftEvents()).toEqual(['nfts/fetch-requested', 'nfts/fetched', 'account/tab-selected'])
    expect(errors).toEqual([])
    await context.close()
  })

  it('Activity: pages on scroll, no spam-only transaction', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)
    const total = (await requests()).length
    await tab(page, 'Activity')
    await page.waitForSelector('[data-testid=gw-activity] li[data-hash]')

    // The list's end in view asks for the following pages until the history is all in (the list
    // says it has no more).
    const end = page.locator('[data-testid=gw-activity-end]')
    const hasMore = async () => {
      await end.scrollIntoViewIfNeeded()
      return page.getAttribute('[data-testid=gw-activity]', 'data-has-more')
    }
    await expect.poll(hasMore, { timeout: E2E_WAIT_MS }).toBe('false')
    const rows = await page.$$eval('[data-testid=gw-activity] li[data-hash]', (lis) => lis.map((li) => ({ hash: li.getAttribute('data-hash'), text: li.textContent ?? '' })))
    expect(rows.length).toBeGreaterThan(HISTORY_PAGE_SIZE)
    expect((await requests()).slice(total).some((r) => r.path.endsWith('/history') && r.query.cursor === String(HISTORY_PAGE_SIZE))).toBe(true)
    // Seeded: the HBD transfer out, the mints, the ETH received; the spam voucher's mint is dropped.
    expect(rows.some((r) => r.text.includes('-25 HBD'))).toBe(true)
    expect(rows.some((r) => r.text.includes('+2500.123 TIDE'))).toBe(true)
    expect(rows.some((r) => r.text.includes('+1.5 ETH'))).toBe(true)
    expect(rows.some((r) => r.text.includes('HCREW #2'))).toBe(true)
    expect(rows.some((r) => r.text.includes('FREE'))).toBe(false)
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length)
    await context.close()
  })

  it('Activity: a new transfer shows on top once the 15 s history lifetime is over, not before', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    // The page's Date.now stays at `firstFetch` until the test moves it (timers keep running).
    const firstFetch = Date.now()
    await page.clock.setFixedTime(firstFetch)
    await connectLocalnetWallet(page, webUrl, 0, '/?engine=main')
    expect(await page.evaluate(() => (window as unknown as { gangway: { getState(): { engine?: string } } }).gangway.getState().engine)).toBe('main')
    await tab(page, 'Activity')
    await page.waitForSelector('[data-testid=gw-activity] li[data-hash]')
    expect(await historyReads(page)).toEqual({ hits: 0, misses: 1 })

    // A transfer on chain, made outside Gangway.
    const to = getAddress(`0x${keccak256(toHex(`gangway-activity-${Date.now()}`)).slice(26)}`)
    const hash = await rpc<Hex>(rpcUrl, 'eth_sendTransaction', [{ from: VISITOR, to, value: '0x2386f26fc10000' }])
    await waitForReceipt(rpcUrl, hash)
    // Within the 15 s lifetime (its last ms) the cached first page answers: the transfer is not there yet.
    await page.clock.setFixedTime(firstFetch + CACHE_LIFETIMES_MS.transactions - 1)
    await tab(page, 'Tokens')
    await tab(page, 'Activity')
    await untilHistoryReads(page, { hits: 1, misses: 1 })
    await page.waitForSelector('[data-testid=gw-activity] li[data-hash]')
    expect(await topHash(page)).not.toBe(hash)
    // Once the lifetime is over, showing Activity again reads the service: the transfer is on top.
    await page.clock.setFixedTime(firstFetch + CACHE_LIFETIMES_MS.transactions)
    await tab(page, 'Tokens')
    await tab(page, 'Activity')
    await untilHistoryReads(page, { hits: 1, misses: 2 })
    await expect.poll(() => topHash(page), { timeout: E2E_WAIT_MS }).toBe(hash)
    await waitForText(page, '[data-testid=gw-activity] li[data-hash] [data-testid=gw-activity-description]', '-0.01 ETH')
    await context.close()
  })

  it("a 500 on history shows 'Failed to fetch transactions' and an empty list", async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)
    await fault({ path: '/history', status: 500, count: 1 })
    await tab(page, 'Activity')
    await waitForText(page, '[data-testid=gw-snackbar]', 'Failed to fetch transactions')
    await waitForText(page, '[data-testid=gw-activity-empty]', 'No activity yet')
    const log = await page.evaluate(() => (window as unknown as { gangway: { exportLog(): Promise<string> } }).gangway.exportLog())
    expect(log).toContain('"type":"history/failed"')
    await context.close()
  })

  it('20 open/close cycles of the Account view cost one request per endpoint, each with projectId, st and sv', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const before = (await requests()).length
    await connectLocalnetWallet(page, webUrl)
    await page.waitForSelector('[data-testid=gw-tokens] [data-symbol=TIDE]')
    for (let i = 0; i < 20; i++) {
      await page.evaluate(() => (window as unknown as { gangway: { close(): Promise<void> } }).gangway.close())
      await page.evaluate(() => (window as unknown as { gangway: { open(): Promise<void> } }).gangway.open())
      await waitForView(page, 'Account')
    }
    await page.waitForSelector('[data-testid=gw-tokens] [data-symbol=TIDE]')
    const made = (await requests()).slice(before)
    const count = (suffix: string) => made.filter((r) => r.path.toLowerCase().endsWith(suffix.toLowerCase()) && r.path.toLowerCase().includes(VISITOR.toLowerCase())).length
    const counts = { balance: count('/balance'), identity: count(`/identity/${VISITOR}`), history: count('/history'), nfts: count('/nfts') }
    console.log('service requests for 20 Account open/close cycles:', JSON.stringify(counts))
    expect(counts).toEqual({ balance: 1, identity: 1, history: 0, nfts: 0 })
    // Every service call (RPC through the provider endpoint aside) carries projectId, st and sv.
    for (const r of made.filter((r) => r.path !== '/v1/')) expect(r.query).toMatchObject({ projectId: 'gangway-demo', st: expect.any(String), sv: expect.any(String) })
    await context.close()
  })
})
