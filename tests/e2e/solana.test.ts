/**
 * Solana in the modal (docs/behaviour.md §4 switching the active namespace): from an EVM connection, switch to
 * the Solana localnet, connect the Localnet Wallet's Solana side (Wallet Standard), see the SOL
 * balance the node reports, send 1 SOL and 5 SPL tokens to a fresh address (checked on the node),
 * switch back to EVM, and restore both on reload without a prompt.
 */
import { describe, expect, inject, it } from 'vitest'
import { formatUnits } from 'viem'
import { Keypair } from '@solana/web3.js'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser, waitForText, waitForView, waitForEngine, connectSettled } from './helpers.js'

const webUrl = inject('webUrl')
const solanaUrl = inject('solanaUrl')
const solanaCaip2 = inject('solanaCaip2')
const solanaWallet = inject('solanaWallet')
const solanaMint = inject('solanaMint')
const browser = useBrowser()

async function rpcCall(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(solanaUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await res.json()) as { result: unknown }).result
}

async function solBalance(address: string): Promise<string> {
  const lamports = BigInt(((await rpcCall('getBalance', [address])) as { value: number }).value)
  return formatUnits(lamports - (lamports % 1_000_000n), 9)
}

describe('Solana', () => {
  it('switches to the Solana localnet, connects a Wallet Standard wallet and shows its SOL balance', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)
    await waitForText(page, '[data-testid=gw-network]', 'Localnet')

    // No Solana account yet: SwitchActiveChain asks, then Connect lists the Solana side of the wallet.
    await page.click('[data-testid=gw-network]')
    await page.click(`[data-network="${solanaCaip2}"]`)
    await waitForView(page, 'SwitchActiveChain')
    await waitForText(page, '[data-testid=gw-switch-active-chain] strong', 'Switch to Solana Localnet')
    await page.click('[data-testid=gw-switch-active-chain-confirm]')
    await waitForView(page, 'Connect')
    await connectSettled(page)
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

    // Send 1 SOL, then 5 HBD (SPL, creating the receiver's token account), to fresh addresses.
    const receiver = Keypair.generate().publicKey.toBase58()
    await page.click('[data-testid=gw-open-send]')
    await page.click('[data-testid=gw-send-token]')
    await page.click('[data-token="native"]')
    await page.fill('[data-testid=gw-send-amount]', '1')
    await page.fill('[data-testid=gw-send-receiver]', receiver)
    await page.click('[data-testid=gw-send-review]')
    await waitForText(page, '[data-testid=gw-send-summary]', '1 SOL')
    await page.click('[data-testid=gw-send-confirm]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    expect(await rpcCall('getBalance', [receiver])).toMatchObject({ value: 1_000_000_000 })

    await page.click('[data-testid=gw-open-send]')
    await page.click('[data-testid=gw-send-token]')
    await waitForText(page, `[data-token="${solanaMint}"]`, /HBD$/)
    await page.click(`[data-token="${solanaMint}"]`)
    await page.fill('[data-testid=gw-send-amount]', '5')
    await page.fill('[data-testid=gw-send-receiver]', receiver)
    await page.click('[data-testid=gw-send-review]')
    await page.click('[data-testid=gw-send-confirm]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    const accounts = (await rpcCall('getTokenAccountsByOwner', [receiver, { mint: solanaMint }, { encoding: 'jsonParsed' }])) as { value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[] }
    expect(accounts.value.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(['5000000'])

    // Back to EVM: that account, no new prompt.
    await page.click('[data-testid=gw-network]')
    await page.click('[data-network="eip155:31337"]')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-network]', 'Localnet')
    await waitForText(page, '[data-testid=gw-balance]', / ETH$/)

    // Reload: both connections come back silently; switching to Solana needs no prompt.
    await page.reload()
    await waitForEngine(page)
    await page.evaluate((id) => (window as unknown as { gangway: { switchNetwork(id: string): Promise<void> } }).gangway.switchNetwork(id), solanaCaip2)
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-address]', `${solanaWallet.slice(0, 6)}…${solanaWallet.slice(-4)}`)
    expect(await page.evaluate(() => (window as unknown as { __localnetSolanaWallet: { prompts: number } }).__localnetSolanaWallet.prompts)).toBe(0)
    await context.close()
  })
})
