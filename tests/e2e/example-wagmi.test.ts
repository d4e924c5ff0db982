/**
 * examples/wagmi-react (issue 22), as `npm run examples` built it from the packed tarball, on the
 * localnet: wagmi 3's connect opens the modal, the visitor picks the Localnet Wallet (account 7),
 * and wagmi's hooks read the balance, sign (verified with viem), send ETH and an ERC20 transfer
 * (useWriteContract; both landed on anvil) and switch the chain; wagmi's disconnect disconnects
 * the modal; a connect made in the modal reaches wagmi, survives a reload (wagmi's reconnect), and
 * the modal's disconnect reaches wagmi.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, encodeFunctionData, erc20Abi, getAddress, http, parseEther, parseUnits, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { sendAndWait } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { useBrowser, waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const token = inject('tokenAddress') as Hex
const client = createPublicClient({ transport: http(rpcUrl) })
const browser = useBrowser()
/** Anvil's eighth dev account (the Localnet Wallet's account 7). */
const ACCOUNT = getAddress('0x14dC79964da2C08b23698B3D3cc7Ca32193d9955')
const approve = '[data-testid=localnet-wallet-approve]'
const url = `${webUrl}/examples/wagmi-react/`

/** Picks the Localnet Wallet in the open modal and approves the connection. */
async function pickWallet(page: Page): Promise<void> {
  await page.click('[data-wallet-row="dev.gangway.localnet"]')
  await page.click(approve)
}

beforeAll(async () => {
  await sendAndWait(rpcUrl, { from: getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'), to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT, parseUnits('10', 18)] }) })
})

describe('examples/wagmi-react', () => {
  it("wagmi's connect opens the modal; its hooks read, sign, send, write a contract and switch chains; its disconnect disconnects the modal", async () => {
    const page = await (await localContext(browser())).newPage()
    await page.goto(url)
    await page.evaluate(() => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(7))
    await page.click('#connect')
    await waitForView(page, 'Connect')
    await pickWallet(page)
    await waitForText(page, '#address', ACCOUNT)
    expect(await page.textContent('#chain')).toBe('31337')

    const shown = await waitForText(page, '#balance', / ETH$/)
    expect(parseEther(shown.replace(' ETH', ''))).toBe(await client.getBalance({ address: ACCOUNT }))

    await page.click('#sign')
    await page.click(approve)
    const signature = (await waitForText(page, '#signature', /^0x[0-9a-f]{130}$/)) as Hex
    expect(await verifyMessage({ address: ACCOUNT, message: 'Hello from wagmi', signature })).toBe(true)

    const to = privateKeyToAddress(generatePrivateKey())
    await page.fill('#to', to)
    await page.click('#send')
    await page.click(approve)
    await waitForText(page, '#sent', /^landed in block \d+$/)
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.01'))

    await page.click('#write')
    await page.click(approve)
    await waitForText(page, '#written', /^landed in block \d+$/)
    expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(parseUnits('1', 18))

    await page.click('[data-switch="31338"]')
    await page.click(approve)
    await waitForText(page, '#chain', '31338')

    await page.click('#disconnect')
    await page.locator('#connect').waitFor()
    await waitForText(page, 'gangway-button button', 'Connect Wallet')
    expect(await page.textContent('#error')).toBe('')
  })

  it('a connect made in the modal reaches wagmi, survives a reload (wagmi’s reconnect), and the modal’s disconnect reaches wagmi', async () => {
    // The wallet's first account: the Localnet Wallet forgets a selected one on reload, as it is in memory.
    const first = getAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    const page = await (await localContext(browser())).newPage()
    await page.goto(url)
    await page.locator('#connect').waitFor()
    await page.click('gangway-button')
    await pickWallet(page)
    await waitForView(page, 'Account')
    await waitForText(page, '#address', first)

    await page.reload()
    await waitForText(page, '#status', 'connected')
    await waitForText(page, '#address', first)

    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-disconnect]')
    await page.locator('#connect').waitFor()
    await waitForText(page, '#status', 'disconnected')
  })
})
