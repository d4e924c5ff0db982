/**
 * examples/solana-adapter (issue 22), as `npm run examples` built it from the packed tarball, on
 * the localnet: the visitor connects the Localnet WalletConnect wallet's Solana account in the
 * modal; Gangway registers that connection through the Wallet Standard as "Gangway" (once: the
 * WalletConnect wallet is not listed, the page's own Localnet Wallet is); the app's
 * @solana/wallet-adapter-react picks it and reads the balance, signs a message (verified with
 * @noble/curves ed25519), sends SOL (landed on the Solana localnet), and disconnects, which the
 * modal follows.
 */
import { describe, expect, inject, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { localContext } from './browser.js'
import { useBrowser, waitForText, waitForView, wcWallet, pairLocalnetWalletConnect } from './helpers.js'

const webUrl = inject('webUrl')
const solanaUrl = inject('solanaUrl')
const ADDRESS = inject('wcWalletSolanaAddress')
const browser = useBrowser()

/** The Solana localnet's balance of `address`, in lamports. */
async function lamports(address: string): Promise<number> {
  const r = await fetch(solanaUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }) })
  return ((await r.json()) as { result: { value: number } }).result.value
}

describe('examples/solana-adapter', () => {
  it('a WalletConnect connection made in the modal reaches the wallet adapter as "Gangway": balance, a signature ed25519 verifies, a transfer landed, and its disconnect the modal follows', async () => {
    const context = await localContext(browser())
    await context.route('https://verify.walletconnect.org/**', (route) => route.fulfill({ status: 204 }))
    const page = await context.newPage()
    await page.goto(`${webUrl}/examples/solana-adapter/`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await pairLocalnetWalletConnect(page)
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-close]')

    await waitForText(page, '#address', ADDRESS)
    expect(await page.textContent('#wallet')).toBe('Gangway')
    // Seen once: Gangway's registration, beside the page's own Wallet Standard wallet, and no second copy of either.
    const wallets = (await page.textContent('#wallets'))!.split(', ')
    expect(wallets.filter((w) => w === 'Gangway')).toHaveLength(1)
    expect(wallets.filter((w) => w === 'Localnet Wallet')).toHaveLength(1)

    await page.click('#balance')
    await waitForText(page, '#balance-out', `${await lamports(ADDRESS)} lamports`)

    const answered = (await wcWallet<string[]>('/requests')).length
    await page.click('#sign')
    const signature = base64.decode(await waitForText(page, '#signature', /^[A-Za-z0-9+/]{86}==$/))
    expect(ed25519.verify(signature, new TextEncoder().encode('Hello from the Solana wallet adapter'), base58.decode(ADDRESS), { zip215: false })).toBe(true)

    const to = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    await page.fill('#to', to)
    await page.click('#send')
    await waitForText(page, '#sent', /^landed [1-9A-HJ-NP-Za-km-z]{64,88}$/, 30_000)
    expect(await lamports(to)).toBe(10_000_000)
    // Both went to the WalletConnect wallet through the modal.
    expect((await wcWallet<string[]>('/requests')).slice(answered)).toEqual(['solana_signMessage', 'solana_signTransaction'])

    await page.click('#disconnect')
    await waitForText(page, '#status', 'disconnected')
    await waitForText(page, 'gangway-button button', 'Connect Wallet')
    // The registration stays for the page session, with no account (solana-standard-wallet.ts says why).
    expect((await page.textContent('#wallets'))!.split(', ')).toEqual(['Localnet Wallet', 'Gangway'])
  })
})
