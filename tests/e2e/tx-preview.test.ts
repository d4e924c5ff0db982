/**
 * Gangway's own transaction preview in ApproveTransaction (docs/behaviour.md §2), for an email
 * account on the localnet: the site's `eth_sendTransaction` of an ERC-20 transfer through the
 * provider shows, beside the secure site's panel, the call decoded ('Transfer 10 HBD to …', the
 * token's contract) and the simulated change of the account's HBD, which is what anvil then shows
 * once the visitor approves; an EIP-5792 batch through the sequential fallback shows the batch's two
 * calls, the one to approve marked, and the whole batch's change at its first call, the rest at its
 * second, again what anvil then shows.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { sendAndWait } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { emailLogin, useBrowser, waitForEngine, waitForView } from './helpers.js'
import { answer, approveInFrame, startRequest } from './secure-frame.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const token = getAddress(inject('tokenAddress'))
const browser = useBrowser()
const client = createPublicClient({ transport: http(rpcUrl) })

const FUNDER = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
const hbd = (n: string) => parseUnits(n, 18)
const balanceOf = (a: Hex) => client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [a] })
const transfer = (to: Hex, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
const fresh = () => privateKeyToAddress(generatePrivateKey())

/** The preview ApproveTransaction shows once simulated: each call's kind, text and whether it is the one to approve; each change's text. */
async function shownPreview(page: Page) {
  await page.locator('[data-testid=gw-tx-preview][data-simulated=true]').waitFor()
  const calls = await page.locator('[data-testid=gw-tx-calls] > li').evaluateAll((lis) => lis.map((li) => ({ kind: li.getAttribute('data-kind'), current: li.hasAttribute('aria-current'), text: li.textContent })))
  const changes = await page.locator('[data-testid=gw-tx-changes] > li').allTextContents()
  return { calls, changes, title: await page.locator('[data-testid=gw-tx-preview] .gw-tx-head').textContent() }
}

/** '−10 HBD' → -10 HBD in base units. */
const baseUnits = (change: string) => {
  const m = /^([−+])([\d.]+) HBD$/.exec(change)
  if (!m) throw new Error(`not an HBD change: ${change}`)
  return (m[1] === '−' ? -1n : 1n) * hbd(m[2]!)
}

describe('the transaction preview of an email account', () => {
  it('eth_sendTransaction of an ERC-20 transfer and a wallet_sendCalls batch: the calls decoded and the changes anvil then shows', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(webUrl)
    await waitForEngine(page)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await emailLogin(page, `preview-${Date.now()}@harbour.example`)
    const account = getAddress(await page.evaluate(() => (window as unknown as { gangway: { getAccount(): { address: string } } }).gangway.getAccount().address))
    await sendAndWait(rpcUrl, { from: FUNDER, to: token, data: transfer(account, hbd('100')) })

    // 10 HBD to a fresh address, asked by the site through the provider.
    const receiver = fresh()
    await startRequest(page, { method: 'eth_sendTransaction', params: [{ from: account, to: token, data: transfer(receiver, hbd('10')) }] })
    await waitForView(page, 'ApproveTransaction')
    const single = await shownPreview(page)
    expect(single.title).toBe('What this transaction does')
    expect(single.calls).toEqual([{ kind: 'erc20-transfer', current: false, text: `Transfer 10 HBD to ${receiver}HBD contract: ${token}` }])
    expect(single.changes).toEqual(['−10 HBD'])
    const before = await balanceOf(account)
    await approveInFrame(page)
    const sent = await answer(page)
    expect(sent.error).toBeUndefined()
    await client.waitForTransactionReceipt({ hash: sent.result as Hex })
    // What the preview said is what the chain did.
    expect((await balanceOf(account)) - before).toBe(baseUnits(single.changes[0]!))
    expect(await balanceOf(receiver)).toBe(hbd('10'))
    await waitForView(page, 'Account')

    // A batch of two transfers through the sequential fallback: each call's approval shows the batch.
    const [a, b] = [fresh(), fresh()]
    const batchStart = await balanceOf(account)
    await startRequest(page, { method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from: account, atomicRequired: false, calls: [{ to: token, data: transfer(a, hbd('3')) }, { to: token, data: transfer(b, hbd('4')) }] }] })
    await waitForView(page, 'ApproveTransaction')
    const first = await shownPreview(page)
    expect(first.title).toBe('What this batch does')
    expect(first.calls).toEqual([
      { kind: 'erc20-transfer', current: true, text: `Transfer 3 HBD to ${a}Call 1 of 2: the one to approve nowHBD contract: ${token}` },
      { kind: 'erc20-transfer', current: false, text: `Transfer 4 HBD to ${b}HBD contract: ${token}` },
    ])
    // The whole batch, simulated together.
    expect(first.changes).toEqual(['−7 HBD'])
    await approveInFrame(page)
    const { id } = (await answer(page)).result as { id: string }
    // The second call's approval, once the first landed: the same batch, its second call marked, the change of what is left.
    await page.locator('[data-testid=gw-tx-calls] > li[aria-current]:nth-child(2)').waitFor()
    const second = await shownPreview(page)
    expect(second.calls.map((c) => c.current)).toEqual([false, true])
    expect(second.changes).toEqual(['−4 HBD'])
    expect(await page.textContent('[data-testid=gw-tx-preview]')).toContain('Balance changes of calls 2 to 2 (simulated)')
    await approveInFrame(page)
    await expect
      .poll(async () => {
        await startRequest(page, { method: 'wallet_getCallsStatus', params: [id] })
        return ((await answer(page)).result as { status: number }).status
      }, { timeout: E2E_WAIT_MS })
      .toBe(200)
    expect((await balanceOf(account)) - batchStart).toBe(baseUnits(first.changes[0]!))
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([hbd('3'), hbd('4')])
    await context.close()
  })
})
