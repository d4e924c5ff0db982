/**
 * Swapping through the modal on the localnet (issue 21; docs/behaviour.md §4 swap, §9 slippage):
 * the Localnet Wallet's account 3 swaps ETH for TIDE, then TIDE for HBD (an approval first) on the
 * Uniswap V2 pools of anvil, through the swap service emulator; each swap lands at least the quoted
 * amount less the 1 % slippage, read on chain. A swap bigger than the pools can fill says
 * 'Insufficient liquidity' and cannot be reviewed.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, getAddress, http, parseEther, type Hex } from 'viem'
import { localContext } from './browser.js'
import { connectLocalnetWallet, pageLog, useBrowser, waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const hbd = inject('tokenAddress') as Hex
const tide = inject('seededTokens').find((t) => t.symbol === 'TIDE')!.address as Hex
const browser = useBrowser()
const client = createPublicClient({ transport: http(rpcUrl) })

/** Anvil's fourth dev account (the Localnet Wallet's account 3). */
const ACCOUNT = getAddress('0x90F79bf6EB2c4f870365E785982E1f101E93b906')

const balanceOf = (token: Hex) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT] })

/** Picks `symbol` as the `side` token of the Swap form. */
async function pick(page: Page, side: 'from' | 'to', symbol: string): Promise<void> {
  await page.click(`[data-testid=gw-swap-${side}-token]`)
  await waitForView(page, 'SwapSelectToken')
  await page.click(`[data-testid=gw-swap-tokens] [data-token="${symbol}"]`)
  await waitForView(page, 'Swap')
}

/** Swap from Account: `from` into `to`, `amount` typed. */
async function form(page: Page, from: string, to: string, amount: string): Promise<void> {
  await page.click('[data-testid=gw-open-swap]')
  await waitForView(page, 'Swap')
  await pick(page, 'from', from)
  await pick(page, 'to', to)
  await page.fill('[data-testid=gw-swap-amount]', amount)
}

/** The newest quote the engine logged for `fromAmount` (base units): what `to` it promised, in base units. */
async function quoted(page: Page, fromAmount: bigint): Promise<bigint> {
  const quotes = (await pageLog(page)).events.filter((e) => e.type === 'swap/quote-fetched' && (e.payload as { fromAmount: string }).fromAmount === fromAmount.toString())
  return BigInt((quotes.at(-1)!.payload as { toAmount: string }).toAmount)
}

/** Reviews the form's quote and confirms it; the wallet approves `prompts` requests (an approval, then the swap). */
async function confirm(page: Page, prompts: number): Promise<void> {
  await page.click('[data-testid=gw-swap-review]')
  await waitForView(page, 'SwapPreview')
  await page.locator('[data-testid=gw-swap-details] [data-detail=minimum]').waitFor()
  await page.click('[data-testid=gw-swap-confirm]')
  for (let i = 0; i < prompts; i++) await page.click('[data-testid=localnet-wallet-approve]')
  await waitForView(page, 'Account', 60_000)
}

describe('swap through the modal', () => {
  it('ETH to TIDE, then TIDE to HBD through an approval, each landing the quote within 1 %; an oversized swap shows Insufficient liquidity', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl, 3)

    // ETH → TIDE: the quote, its rate, impact, minimum, fee and cost, then the swap.
    await form(page, 'ETH', 'TIDE', '0.5')
    await page.locator('[data-testid=gw-swap-details] [data-detail=cost]').waitFor()
    for (const detail of ['rate', 'impact', 'minimum', 'fee', 'cost']) expect(await page.locator(`[data-testid=gw-swap-details] [data-detail=${detail}]`).count()).toBe(1)
    const tideBefore = await balanceOf(tide)
    await confirm(page, 1)
    const toTide = await quoted(page, parseEther('0.5'))
    const tideLanded = (await balanceOf(tide)) - tideBefore
    console.log(`swap ETH→TIDE: 0.5 ETH quoted ${toTide} TIDE wei, landed ${tideLanded}`)
    expect(tideLanded).toBeGreaterThanOrEqual((toTide * 99n) / 100n)
    expect(tideLanded).toBeLessThanOrEqual((toTide * 101n) / 100n)
    const events = (await pageLog(page)).events.map((e) => e.type)
    expect(events.filter((t) => t === 'swap/approval-submitted')).toEqual([])
    expect(events).toContain('swap/succeeded')

    // TIDE → HBD: the router may not move TIDE yet, so the wallet approves first, then swaps.
    await form(page, 'TIDE', 'HBD', '100')
    await page.locator('[data-testid=gw-swap-details] [data-detail=minimum]').waitFor()
    const hbdBefore = await balanceOf(hbd)
    const tideHeld = await balanceOf(tide)
    await confirm(page, 2)
    const toHbd = await quoted(page, parseEther('100'))
    const hbdLanded = (await balanceOf(hbd)) - hbdBefore
    console.log(`swap TIDE→HBD: 100 TIDE quoted ${toHbd} HBD base units, landed ${hbdLanded}`)
    expect(tideHeld - (await balanceOf(tide))).toBe(parseEther('100'))
    expect(hbdLanded).toBeGreaterThanOrEqual((toHbd * 99n) / 100n)
    expect(hbdLanded).toBeLessThanOrEqual((toHbd * 101n) / 100n)
    expect((await pageLog(page)).events.filter((e) => e.type === 'swap/approval-submitted').length).toBe(1)

    // More ETH than the pools hold: the service's reason, and no review.
    await form(page, 'ETH', 'TIDE', '5000')
    await waitForText(page, '[data-testid=gw-swap-problem]', 'Insufficient liquidity')
    expect(await page.isDisabled('[data-testid=gw-swap-review]')).toBe(true)
    await context.close()
  })
})
