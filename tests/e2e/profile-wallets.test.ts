/**
 * ProfileWallets (issue 18) in Chromium on the demo page, with the Localnet Wallet (it exposes the
 * selected dev account and the next two): the Account view's wallets control names the wallet and
 * opens the view; the view lists the connection's accounts with their balances, the active one
 * marked; Switch moves to another account of the connection without asking the wallet; copy writes
 * the whole address; Disconnect ends the connection. With the multiWallet remote feature off (the
 * default) the view says so in the multi-wallet-not-enabled alert, offers no Add wallet, and still
 * switches between the accounts of the active connection; that variant (the tour, view-tour.ts,
 * shows the one with the feature on) passes axe and the layout checks too, in Spanish.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { audit } from './axe-audit.js'
import { connectLocalnetWallet, flooredBalance, useBrowser, waitForText, waitForView } from './helpers.js'
import { layoutProblems, settle } from './layout-check.js'
import { getAddress } from 'viem'
import { rpc } from '../../localnet/anvil.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const browser = useBrowser()
const MULTI_WALLET = `remote-features=${encodeURIComponent('{"multiWallet":true}')}`

/** The dev accounts the Localnet Wallet exposes with account `selected` picked (checksummed, as the engine shows them): that one, then the next two others (localnet/wallet/index.ts). */
async function exposed(selected: number): Promise<string[]> {
  const all = await rpc<string[]>(rpcUrl, 'eth_accounts')
  return [all[selected]!, ...all.filter((_, i) => i !== selected).slice(0, 2)].map((a) => getAddress(a))
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
const rows = '[data-testid=gw-connection-account]'
const row = (address: string) => `${rows}[data-address="${address}"]`
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __localnetWallet: { prompts: number } }).__localnetWallet.prompts)
const accountAddress = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { getAccount(): { address?: string } } }).gangway.getAccount().address)

/** From Account, through the wallets control, to ProfileWallets with every row's balance in. */
async function openProfileWallets(page: Page): Promise<void> {
  await page.click('[data-testid=gw-wallets-button]')
  await waitForView(page, 'ProfileWallets')
  await page.locator(`${rows} [data-testid=gw-row-balance]`).nth(2).waitFor()
}

describe('ProfileWallets', () => {
  it('multiWallet on: the wallet named on Account; its accounts with balances, the active one marked; Switch without a prompt; copy; Disconnect', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const accounts = await exposed(5)
    await connectLocalnetWallet(page, webUrl, 5, `/?${MULTI_WALLET}`)
    await page.locator('[data-testid=gw-tokens] li').first().waitFor()
    expect(await page.textContent('[data-testid=gw-wallets-button]')).toBe('Localnet Wallet')
    expect(await page.getAttribute('[data-testid=gw-wallets-button]', 'aria-label')).toBe('Localnet Wallet, see your wallets')

    await openProfileWallets(page)
    expect(await page.textContent('[data-testid=gw-title]')).toBe('Wallets')
    expect(await page.locator('[data-testid=gw-multi-wallet-alert]').count()).toBe(0)
    expect(await page.textContent('[data-testid=gw-add-wallet]')).toBe('Add wallet')
    expect(await page.locator('[data-testid=gw-profile-namespace]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-namespace'), e.querySelector('h3')?.textContent]))).toEqual([['eip155', 'EVM']])
    const connection = page.locator('[data-testid=gw-connection]')
    expect(await connection.count()).toBe(1)
    expect(await connection.getAttribute('data-connector-id')).toBe('dev.gangway.localnet')
    expect(await connection.getAttribute('data-status')).toBe('connected')
    expect(await connection.locator('.gw-tag').textContent()).toBe('Active')
    expect(await page.getAttribute('[data-testid=gw-connection-disconnect]', 'aria-label')).toBe('Disconnect Localnet Wallet')

    // The accounts in the wallet's order, the selected one active; each with its balance floored to 3 decimals.
    expect(await page.locator(rows).evaluateAll((els) => els.map((e) => e.getAttribute('data-address')))).toEqual(accounts)
    expect(await page.locator(rows).evaluateAll((els) => els.map((e) => e.getAttribute('aria-current')))).toEqual(['true', null, null])
    for (const address of accounts) {
      expect(await page.textContent(`${row(address)} .gw-pw-addr`)).toBe(short(address))
      const balance = (await page.textContent(`${row(address)} [data-testid=gw-row-balance]`))!
      expect(balance).toMatch(/^\d+(\.\d{1,3})? ETH$/)
      expect(Number(balance.replace(' ETH', ''))).toBe(Number(await flooredBalance(rpcUrl, address)))
    }
    expect(await page.locator(`${row(accounts[0]!)} [data-testid=gw-account-switch]`).count()).toBe(0)
    expect(await page.getAttribute(`${row(accounts[1]!)} [data-testid=gw-account-switch]`, 'aria-label')).toBe(`Switch to ${short(accounts[1]!)}`)

    // Switch: an account of the active connection, no wallet call that prompts.
    const asked = await prompts(page)
    await page.click(`${row(accounts[1]!)} [data-testid=gw-account-switch]`)
    await waitForText(page, '[data-testid=gw-snackbar]', 'Account switched')
    await page.locator(`${row(accounts[1]!)}[aria-current=true]`).waitFor()
    expect(await page.locator(`${row(accounts[0]!)} [data-testid=gw-account-switch]`).count()).toBe(1)
    expect(await prompts(page)).toBe(asked)
    expect(await accountAddress(page)).toBe(accounts[1])
    await waitForView(page, 'ProfileWallets')

    // Copy: the whole address (recorded, so no clipboard permission is needed); the button says so.
    await page.evaluate(() => {
      const w = window as unknown as { __copied: string[] }
      w.__copied = []
      navigator.clipboard.writeText = async (text: string) => void w.__copied.push(text)
    })
    const copyButton = `${row(accounts[2]!)} [data-testid=gw-account-copy]`
    expect(await page.getAttribute(copyButton, 'aria-label')).toBe(`Copy ${short(accounts[2]!)}`)
    await page.click(copyButton)
    await expect.poll(() => page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([accounts[2]])
    expect(await page.getAttribute(copyButton, 'aria-label')).toBe(`${short(accounts[2]!)} copied`)

    // Back on Account: the switched account.
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Account')
    expect(await page.textContent('[data-testid=gw-address]')).toBe(short(accounts[1]!))

    // Disconnect the connection, the only one: Connect shows, nothing is connected.
    await openProfileWallets(page)
    await page.click('[data-testid=gw-connection-disconnect]')
    await waitForView(page, 'Connect')
    expect(await accountAddress(page)).toBeUndefined()
    await context.close()
  })

  it('multiWallet off (the default), in Spanish: the alert, no Add wallet; an account switch inside the connection works; axe and the layout find nothing', async () => {
    const context = await localContext(browser(), { viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const accounts = await exposed(6)
    await connectLocalnetWallet(page, webUrl, 6, '/?locale=es')
    await page.locator('[data-testid=gw-tokens] li').first().waitFor()
    await openProfileWallets(page)
    expect(await page.textContent('[data-testid=gw-title]')).toBe('Billeteras')
    const alert = page.locator('[data-testid=gw-multi-wallet-alert]')
    expect(await alert.getAttribute('role')).toBe('status')
    expect(await alert.locator('strong').textContent()).toBe('Multibilletera no habilitada')
    expect(await alert.locator('span').textContent()).toBe('Activa la función remota multiWallet para conectar varias billeteras a la vez. Solo se muestra la billetera activa.')
    expect(await page.locator('[data-testid=gw-add-wallet]').count()).toBe(0)
    expect(await page.locator('[data-testid=gw-connection]').count()).toBe(1)
    expect(await page.locator(rows).count()).toBe(3)

    await settle(page)
    // axe's findings in Gangway's elements (inside the modal's and the button's shadow roots).
    expect((await audit(page)).violations.map((v) => `${v.impact} ${v.rule} ${v.target}`)).toEqual([])
    expect(await layoutProblems(page)).toEqual([])

    await page.click(`${row(accounts[2]!)} [data-testid=gw-account-switch]`)
    // The engine's English, translated.
    await waitForText(page, '[data-testid=gw-snackbar]', 'Cuenta cambiada')
    await page.locator(`${row(accounts[2]!)}[aria-current=true]`).waitFor()
    expect(await accountAddress(page)).toBe(accounts[2])
    expect(await page.locator('[data-testid=gw-wallets-problem]').count()).toBe(0)
    await context.close()
  })
})
