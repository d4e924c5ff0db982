/**
 * Sending on the localnet (docs/behaviour.md §4, §5): 0.5 ETH and 10 HBD (ERC20) to fresh addresses, checked on
 * chain; the preview shows each send decoded and its simulated balance change, which is what the
 * chain then shows (docs/behaviour.md §2 WalletSendPreview); the docs/behaviour.md §5 rules refuse bad input before the wallet is asked; a send the wallet refuses
 * shows the refusal and keeps the form.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { erc20Abi, encodeFunctionData, getAddress, keccak256, toHex, type Hex } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { accountSettled, cardAnimationsEnded, connectLocalnetWallet, pageLog, useBrowser, waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const tokenAddress = inject('tokenAddress') as Hex
const browser = useBrowser()

const fresh = (label: string) => getAddress(`0x${keccak256(toHex(`gangway-send-${label}-${Date.now()}`)).slice(26)}`)
const hbdBalance = async (owner: string) =>
  BigInt(await rpc<string>(rpcUrl, 'eth_call', [{ to: tokenAddress, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] }) }, 'latest']))

/** The dev account the test sends from (the Localnet Wallet's account 2). */
const SENDER = getAddress('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')

/** The send preview once simulated: the call's kind and text, the changes' texts. */
async function shownPreview(page: Page) {
  await page.locator('[data-testid=gw-send-preview] [data-testid=gw-tx-preview][data-simulated=true]').waitFor()
  const call = await page.locator('[data-testid=gw-tx-calls] > li').evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-kind'), li.textContent]))
  return { call, changes: await page.locator('[data-testid=gw-tx-changes] > li').allTextContents() }
}

/** Fills the send form: token, amount, receiver, then Review. */
async function fill(page: Page, token: 'native' | string, amount: string, receiver: string) {
  await page.click('[data-testid=gw-send-token]')
  await waitForView(page, 'WalletSendSelectToken')
  await page.click(`[data-token="${token}"]`)
  await waitForView(page, 'WalletSend')
  await page.fill('[data-testid=gw-send-amount]', amount)
  await page.fill('[data-testid=gw-send-receiver]', receiver)
  await page.click('[data-testid=gw-send-review]')
  await waitForView(page, 'WalletSendPreview')
}

describe('sending', () => {
  it('sends ETH and an ERC20 to fresh addresses, refuses bad input, and keeps the form when the wallet refuses', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await connectLocalnetWallet(page, webUrl, 2)

    // 0.5 ETH.
    const r1 = fresh('eth')
    await page.click('[data-testid=gw-open-send]')
    await waitForView(page, 'WalletSend')
    await fill(page, 'native', '0.5', r1)
    await waitForText(page, '[data-testid=gw-send-summary]', '0.5 ETH')
    // The preview: the send decoded, and the sender's simulated change.
    const ethPreview = await shownPreview(page)
    expect(ethPreview).toEqual({ call: [['native-transfer', `Send 0.5 ETH to ${r1}`]], changes: ['−0.5 ETH'] })
    const ethBefore = BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [SENDER, 'latest']))
    await page.click('[data-testid=gw-send-confirm]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [r1, 'latest']))).toBe(500_000_000_000_000_000n)
    await waitForText(page, '[data-testid=gw-snackbar]', 'Transaction sent')
    // The chain took 0.5 ETH from the sender, besides the fee the wallet showed: as previewed.
    const ethHash = (await pageLog(page)).events.filter((e) => e.type === 'send/succeeded').at(-1)!.payload as { hash: Hex }
    const ethReceipt = await rpc<{ gasUsed: string; effectiveGasPrice: string }>(rpcUrl, 'eth_getTransactionReceipt', [ethHash.hash])
    const fee = BigInt(ethReceipt.gasUsed) * BigInt(ethReceipt.effectiveGasPrice)
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [SENDER, 'latest'])) - ethBefore + fee).toBe(-500_000_000_000_000_000n)

    // 10 HBD: the token list shows its balance; the form started empty again (reset on success).
    const r2 = fresh('hbd')
    await page.click('[data-testid=gw-open-send]')
    await waitForView(page, 'WalletSend')
    expect(await page.inputValue('[data-testid=gw-send-amount]')).toBe('')
    await page.click('[data-testid=gw-send-token]')
    await waitForText(page, `[data-token="${tokenAddress}"]`, /Harbour Dollar1000000 HBD/)
    await page.click('[data-testid=gw-back]')
    await fill(page, tokenAddress, '10', r2)
    const hbdPreview = await shownPreview(page)
    expect(hbdPreview).toEqual({ call: [['erc20-transfer', `Transfer 10 HBD to ${r2}HBD contract: ${getAddress(tokenAddress)}`]], changes: ['−10 HBD'] })
    const hbdBefore = await hbdBalance(SENDER)
    await page.click('[data-testid=gw-send-confirm]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    expect(await hbdBalance(r2)).toBe(10n * 10n ** 18n)
    expect((await hbdBalance(SENDER)) - hbdBefore).toBe(-10n * 10n ** 18n)

    // docs/behaviour.md §5 rules, before the wallet is asked. A problem showing or going never moves Review:
    // pressing Review flushes the field being edited, which can clear the problem between press and
    // release, and a button that moved from under the pointer would never be clicked. Account's
    // holdings, read again after the send, move its buttons as they arrive: wait for them first.
    await accountSettled(page)
    await cardAnimationsEnded(page)
    await page.click('[data-testid=gw-open-send]')
    await page.click('[data-testid=gw-send-token]')
    await page.click('[data-token="native"]')
    await waitForView(page, 'WalletSend')
    // Once the view change's height animation (150 ms, the card centred) has ended.
    await cardAnimationsEnded(page, false)
    const review = await page.locator('[data-testid=gw-send-review]').boundingBox()
    expect(review).not.toBeNull()
    await page.fill('[data-testid=gw-send-receiver]', '0x1234')
    await page.fill('[data-testid=gw-send-amount]', '1')
    await waitForText(page, '[data-testid=gw-send-problem]', 'Invalid receiver address')
    expect(await page.locator('[data-testid=gw-send-review]').boundingBox()).toEqual(review)
    await page.fill('[data-testid=gw-send-receiver]', fresh('rules'))
    await page.fill('[data-testid=gw-send-amount]', '0.0000000000000000001')
    await waitForText(page, '[data-testid=gw-send-problem]', 'ETH allows at most 18 decimals')
    await page.fill('[data-testid=gw-send-amount]', '99999999')
    await waitForText(page, '[data-testid=gw-send-problem]', 'Insufficient balance')
    await page.click('[data-testid=gw-send-review]')
    expect(await page.isDisabled('[data-testid=gw-send-confirm]')).toBe(true)
    await page.click('[data-testid=gw-back]')

    // The wallet refuses: the refusal shows, nothing is sent, the form keeps its values.
    const r3 = fresh('refused')
    await page.fill('[data-testid=gw-send-amount]', '0.25')
    await page.fill('[data-testid=gw-send-receiver]', r3)
    await page.click('[data-testid=gw-send-review]')
    await page.click('[data-testid=gw-send-confirm]')
    await page.click('[data-testid=localnet-wallet-reject]')
    await waitForText(page, '[data-testid=gw-send-error]', 'Transaction rejected in the wallet')
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [r3, 'latest']))).toBe(0n)
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'WalletSend')
    expect(await page.inputValue('[data-testid=gw-send-amount]')).toBe('0.25')
    expect(await page.inputValue('[data-testid=gw-send-receiver]')).toBe(r3)
    expect(errors).toEqual([])
    await context.close()
  })
})
