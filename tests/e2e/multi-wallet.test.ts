/**
 * Several wallets at once (issue 18), in Chromium against the localnet: the Localnet Wallet and the
 * Localnet WalletConnect Wallet on eip155 and the Localnet Wallet's Solana side on solana, listed
 * in ProfileWallets; switching between the two EVM connections with no prompt (the balance, the
 * host's subscribeAccount and getWalletProvider follow); switching accounts inside one connection;
 * disconnecting one connection and keeping the others; a reload restoring every connection and the
 * active one; reconnecting a disconnected connection; a wallet whose revoke fails keeping its
 * connection with 'Failed to disconnect' while disconnect-all goes on; and, with the multiWallet
 * remote feature off, the alert with only one connection kept. Labels and the explorer link too.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { getAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { copiedPairingUri } from './pairing.js'
import { connectLocalnetWallet, flooredBalance, pageLog, useBrowser, waitForText, waitForView, wcProposal, wcWallet, connectSettled } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const blockchainUrl = inject('blockchainUrl')
const solanaCaip2 = inject('solanaCaip2')
const solanaWallet = inject('solanaWallet')
const wc5 = getAddress(inject('wcWalletAddress'))
const wc6 = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 6 }).address
const browser = useBrowser()

const MULTI = `?debug&remote-features=${encodeURIComponent(JSON.stringify({ multiWallet: true }))}`
const LOCAL = 'dev.gangway.localnet'
const WC = 'walletConnect'

type Account = { address?: string; connectorId?: string; namespace?: string; label?: string; addressExplorerUrl?: string; connections?: { connectorId: string; status: string }[] }
type Gangway = {
  getAccount(namespace?: string): Account | undefined
  subscribeAccount(cb: (a: Account) => void): () => void
  getWalletProvider(ns?: string): { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
  open(o?: { view?: string }): Promise<void>
  setAddressLabel(address: string, label: string): Promise<void>
}
const g = (page: Page) => page.evaluateHandle(() => (window as unknown as { gangway: Gangway }).gangway)
const account = async (page: Page, namespace?: string) => (await g(page)).evaluate((x, ns) => x.getAccount(ns), namespace)
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __localnetWallet: { prompts: number } }).__localnetWallet.prompts)


/** The wallet's session topics (other test files may have left sessions of their own). */
const topics = async (): Promise<string[]> => ((await wcWallet<unknown[]>('/sessions')) as { topic: string }[]).map((x) => x.topic)

/** From the Connect view: the WalletConnect row, the pairing read through Copy link, the wallet pairs and approves; resolves with the new session's topic. */
async function connectWalletConnect(page: Page): Promise<string> {
  const earlier = await topics()
  await page.click(`[data-wallet-row=${WC}]`)
  await waitForView(page, 'ConnectingWalletConnect')
  const uri = await copiedPairingUri(page)
  await wcWallet('/pair', { uri })
  await wcWallet('/approve', await wcProposal(uri))
  let topic: string | undefined
  await expect.poll(async () => (topic = (await topics()).find((t) => !earlier.includes(t))), { timeout: E2E_WAIT_MS }).toBeDefined()
  return topic!
}

/** The ProfileWallets group of `connectorId` on `namespace`. */
const connection = (page: Page, namespace: string, connectorId: string) => page.locator(`[data-testid=gw-profile-namespace][data-namespace="${namespace}"] [data-testid=gw-connection][data-connector-id="${connectorId}"]`)
const row = (page: Page, namespace: string, connectorId: string, address: string) => connection(page, namespace, connectorId).locator(`[data-testid=gw-connection-account][data-address="${address}"]`)
const statusOf = (page: Page, namespace: string, connectorId: string) => connection(page, namespace, connectorId).getAttribute('data-status')

async function openProfileWallets(page: Page): Promise<void> {
  await (await g(page)).evaluate((x) => x.open({ view: 'ProfileWallets' }))
  await waitForView(page, 'ProfileWallets')
}

describe('several wallets at once', () => {
  it('connects three wallets, switches between connections and accounts with no prompt, disconnects one, restores them all, and survives a failing revoke in disconnect-all', async () => {
    const dev0 = getAddress((await rpc<string[]>(rpcUrl, 'eth_accounts'))[0]!)
    const context = await localContext(browser())
    await context.route('https://verify.walletconnect.org/**', (route) => route.fulfill({ status: 204 }))
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl, 0, `/${MULTI}`)
    // The host's subscriber records every account value it is given.
    await page.evaluate(() => {
      const w = window as unknown as { gangway: Gangway; __seen: string[] }
      w.__seen = []
      w.gangway.subscribeAccount((a) => void w.__seen.push(`${a.connectorId ?? '-'} ${a.address ?? '-'}`))
    })

    // Add the WalletConnect wallet from ProfileWallets: it joins the first (both live), and becomes the active one.
    await page.click('[data-testid=gw-wallets-button]')
    await waitForView(page, 'ProfileWallets')
    await page.click('[data-testid=gw-add-wallet]')
    await waitForView(page, 'Connect')
    const topic = await connectWalletConnect(page)
    await waitForView(page, 'ProfileWallets')
    await expect.poll(() => statusOf(page, 'eip155', WC)).toBe('connected')
    expect(await statusOf(page, 'eip155', LOCAL)).toBe('active')
    // Both wallets' accounts: the Localnet Wallet's three, the WalletConnect session's two.
    await row(page, 'eip155', WC, wc6).waitFor()
    expect(await connection(page, 'eip155', WC).locator('[data-testid=gw-connection-account]').count()).toBe(2)
    expect(await connection(page, 'eip155', LOCAL).locator('[data-testid=gw-connection-account]').count()).toBe(3)
    // Each row has its balance, read from the chain.
    await waitForText(page, `[data-testid=gw-connection-account][data-address="${dev0}"] [data-testid=gw-row-balance]`, `${await flooredBalance(rpcUrl, dev0)} ETH`)

    // The Solana side of the Localnet Wallet, on solana.
    await (await g(page)).evaluate((x) => x.open({ view: 'SwitchNetwork' }))
    await page.click(`[data-network="${solanaCaip2}"]`)
    await waitForView(page, 'SwitchActiveChain')
    await page.click('[data-testid=gw-switch-active-chain-confirm]')
    await waitForView(page, 'Connect')
    await connectSettled(page)
    await page.click('[data-wallet-row="wallet-standard:Localnet Wallet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    expect(await account(page)).toMatchObject({ namespace: 'solana', address: solanaWallet })

    // Switch to the Localnet Wallet's EVM connection: no prompt, no request to any wallet that could prompt.
    await openProfileWallets(page)
    await connection(page, 'solana', 'wallet-standard:Localnet Wallet').waitFor()
    const before = await prompts(page)
    const wcRequests = (await wcWallet<string[]>('/requests')).length
    await row(page, 'eip155', LOCAL, dev0).getByRole('button', { name: /switch/i }).click()
    await waitForText(page, '[data-testid=gw-snackbar]', 'Wallet switched')
    await expect.poll(async () => (await account(page))?.connectorId).toBe(LOCAL)
    expect(await account(page)).toMatchObject({ namespace: 'eip155', address: dev0 })
    expect(await prompts(page)).toBe(before)
    // The host's provider follows the active connection: the Localnet Wallet's accounts, not the session's.
    expect(((await (await g(page)).evaluate((x) => x.getWalletProvider('eip155').request({ method: 'eth_accounts' }))) as string[]).map((a) => getAddress(a))[0]).toBe(dev0)

    // Switch back to WalletConnect's first account: still no prompt, and the Account view's balance follows.
    await row(page, 'eip155', WC, wc5).getByRole('button', { name: /switch/i }).click()
    await expect.poll(async () => (await account(page))?.connectorId).toBe(WC)
    expect((await account(page))?.address).toBe(wc5)
    expect((await wcWallet<string[]>('/requests')).length).toBe(wcRequests)
    // Switch accounts inside the WalletConnect connection.
    await row(page, 'eip155', WC, wc6).getByRole('button', { name: /switch/i }).click()
    await waitForText(page, '[data-testid=gw-snackbar]', 'Account switched')
    await expect.poll(async () => (await account(page))?.address).toBe(wc6)
    await (await g(page)).evaluate((x) => x.open({ view: 'Account' }))
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-balance]', `${await flooredBalance(rpcUrl, wc6)} ETH`)
    // The host saw each switch, even where two wallets could share an address.
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)
    expect(seen).toEqual(expect.arrayContaining([`${LOCAL} ${dev0}`, `${WC} ${wc5}`, `${WC} ${wc6}`]))
    expect(await prompts(page)).toBe(before)

    // Disconnect the Localnet Wallet's EVM connection only: WalletConnect stays active, Solana stays.
    await openProfileWallets(page)
    await connection(page, 'eip155', LOCAL).getByRole('button', { name: /^disconnect/i }).click()
    await expect.poll(() => statusOf(page, 'eip155', LOCAL)).toBe('disconnected')
    expect(await statusOf(page, 'eip155', WC)).toBe('connected')
    expect(await statusOf(page, 'solana', 'wallet-standard:Localnet Wallet')).toBe('connected')

    // Reload: every live connection comes back silently, with the active one and its account.
    await page.reload()
    await expect.poll(async () => (await account(page, 'eip155'))?.address ?? null, { timeout: E2E_WAIT_MS }).toBe(wc6)
    await expect.poll(async () => (await account(page, 'solana'))?.address ?? null, { timeout: E2E_WAIT_MS }).toBe(solanaWallet)
    expect((await account(page, 'eip155'))?.connectorId).toBe(WC)
    // Only the namespaces connected: not a prototype's key.
    expect(await (await g(page)).evaluate((x) => [x.getAccount('__proto__'), x.getAccount('toString'), x.getAccount('bip122')])).toEqual([undefined, undefined, undefined])
    await expect
      .poll(async () => (await pageLog(page)).events.flatMap((e) => (e.type === 'connect/succeeded' && e.payload.via === 'restore' ? [`${e.payload.namespace} ${e.payload.connectorId}`] : [])).sort(), { timeout: E2E_WAIT_MS })
      .toEqual(['eip155 walletConnect', 'solana wallet-standard:Localnet Wallet'])
    expect(await prompts(page)).toBe(0)

    // The disconnected connection connects again through its wallet (a prompt), and becomes active.
    await openProfileWallets(page)
    await row(page, 'eip155', LOCAL, dev0).getByRole('button', { name: /connect/i }).click()
    await page.click('[data-testid=localnet-wallet-approve]')
    await expect.poll(async () => (await account(page, 'eip155'))?.connectorId).toBe(LOCAL)

    // Disconnect all of EVM while the Localnet Wallet's revoke fails: WalletConnect goes, the Localnet Wallet stays, one 'Failed to disconnect'.
    await page.evaluate(() => (window as unknown as { __localnetWallet: { failRevoke(on: boolean): void } }).__localnetWallet.failRevoke(true))
    await openProfileWallets(page)
    await page.locator('[data-testid=gw-profile-namespace][data-namespace="eip155"] [data-testid=gw-disconnect-all]').click()
    await waitForText(page, '[data-testid=gw-snackbar]', 'Failed to disconnect')
    await expect.poll(() => statusOf(page, 'eip155', WC)).toBe('disconnected')
    expect(await statusOf(page, 'eip155', LOCAL)).toBe('connected')
    expect((await account(page, 'eip155'))?.connectorId).toBe(LOCAL)
    await expect.poll(async () => (await topics()).includes(topic), { timeout: E2E_WAIT_MS }).toBe(false)
    const types = (await pageLog(page)).events.map((e) => e.type as string)
    expect(types.filter((t) => t === 'disconnect/failed')).toHaveLength(1)
    await context.close()
  })

  it('with multiWallet off: a second wallet replaces the first, ProfileWallets shows the alert and one connection; labels and the explorer link show', async () => {
    const dev0 = getAddress((await rpc<string[]>(rpcUrl, 'eth_accounts'))[0]!)
    const context = await localContext(browser())
    await context.route('https://verify.walletconnect.org/**', (route) => route.fulfill({ status: 204 }))
    const page = await context.newPage()
    const labels = encodeURIComponent(JSON.stringify({ [dev0.toLowerCase()]: 'Treasury' }))
    await connectLocalnetWallet(page, webUrl, 0, `/?debug&labels=${labels}`)
    // The site's label shows beside the address, and the explorer link names the account's page.
    await waitForText(page, '[data-testid=gw-account-label]', 'Treasury')
    const explorer = await page.locator('[data-testid=gw-explorer-link]').getAttribute('href')
    expect(explorer).toBe(`${blockchainUrl}/localnet/explorer/eip155:31337/address/${dev0}`)
    expect(await (await fetch(explorer!)).text()).toContain(`Address: ${dev0}`)
    // A label set through the API replaces it.
    await (await g(page)).evaluate((x, a) => x.setAddressLabel(a, 'Payroll'), dev0)
    await waitForText(page, '[data-testid=gw-account-label]', 'Payroll')

    // ProfileWallets: the alert, and the one connection.
    await page.click('[data-testid=gw-wallets-button]')
    await waitForView(page, 'ProfileWallets')
    await waitForText(page, '[data-testid=gw-multi-wallet-alert]', /Multi-Wallet Not Enabled/)
    expect(await page.locator('[data-testid=gw-add-wallet]').count()).toBe(0)
    await waitForText(page, `[data-testid=gw-connection-account][data-address="${dev0}"]`, /Payroll/)

    // Another wallet replaces the first: one connection kept.
    await (await g(page)).evaluate((x) => x.open({ view: 'Connect' }))
    await waitForView(page, 'Connect')
    const topic = await connectWalletConnect(page)
    await expect.poll(async () => (await account(page))?.connectorId, { timeout: E2E_WAIT_MS }).toBe(WC)
    expect((await account(page))?.connections?.map((c) => `${c.connectorId} ${c.status}`)).toEqual([`${WC} connected`])
    await openProfileWallets(page)
    await waitForText(page, '[data-testid=gw-multi-wallet-alert]', /Multi-Wallet Not Enabled/)
    expect(await page.locator('[data-testid=gw-connection]').count()).toBe(1)
    expect(await statusOf(page, 'eip155', WC)).toBe('connected')
    // The wallet ends its session, as its user would: the page follows.
    await wcWallet('/disconnect', { topic })
    await expect.poll(async () => (await account(page))?.connectorId ?? null, { timeout: E2E_WAIT_MS }).toBe(null)
    await context.close()
  })
})
