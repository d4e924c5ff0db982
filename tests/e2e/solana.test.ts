/**
 * Solana in the modal (spec §4 switching the active namespace): from an EVM connection, switch to
 * the Solana localnet, connect the Localnet Wallet's Solana side (Wallet Standard), see the SOL
 * balance the node reports, switch back to EVM, and restore both on reload without a prompt.
 */
import { describe, expect, inject, it } from 'vitest'
import { formatUnits } from 'viem'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser, waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const solanaUrl = inject('solanaUrl')
const solanaCaip2 = inject('solanaCaip2')
const solanaWallet = inject('solanaWallet')
const browser = useBrowser()

async function solBalance(address: string): Promise<string> {
  const res = await fetch(solanaUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }) })
  const lamports = BigInt(((await res.json()) as { result: { value: number } }).result.value)
  return formatUnits(lamports - (lamports % 1_000_000n), 9)
}

describe('Solana', () => {
  it('switches to the Solana localnet, connects a Wallet Standard wallet and shows its SOL balance', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)
    await waitForText(page, '[data-testid=gw-network]', 'Localnet')

    // No Solana account yet: switching shows Connect, where the Solana side of the wallet is listed.
    await page.click('[data-testid=gw-network]')
    await page.click(`[data-network="${solanaCaip2}"]`)
    await waitForView(page, 'Connect')
    await page.click('[data-wallet-row="wallet-standard:Localnet Wallet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-address]', `${solanaWallet.slice(0, 6)}…${solanaWallet.slice(-4)}`)
    await waitForText(page, '[data-testid=gw-network]', 'Solana Localnet')
    await waitForText(page, '[data-testid=gw-balance]', `${await solBalance(solanaWallet)} SOL`)
    expect(await page.evaluate(() => (window as unknown as { gangway: { getAccount(): unknown } }).gangway.getAccount())).toMatchObject({
      namespace: 'solana',
      caipAddress: `${solanaCaip2}:${solanaWallet}`,
      isConnected: true,
    })

    // Back to EVM: that account, no new prompt.
    await page.click('[data-testid=gw-network]')
    await page.click('[data-network="eip155:31337"]')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-network]', 'Localnet')
    await waitForText(page, '[data-testid=gw-balance]', / ETH$/)

    // Reload: both connections come back silently; switching to Solana needs no prompt.
    await page.reload()
    await page.waitForFunction(() => (window as unknown as { gangway: { getState(): { engine?: string } } }).gangway.getState().engine !== undefined)
    await page.evaluate((id) => (window as unknown as { gangway: { switchNetwork(id: string): Promise<void> } }).gangway.switchNetwork(id), solanaCaip2)
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-address]', `${solanaWallet.slice(0, 6)}…${solanaWallet.slice(-4)}`)
    expect(await page.evaluate(() => (window as unknown as { __localnetSolanaWallet: { prompts: number } }).__localnetSolanaWallet.prompts)).toBe(0)
    await context.close()
  })
})
