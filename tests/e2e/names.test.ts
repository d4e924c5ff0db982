/**
 * Account names through the modal on the localnet (issue 20; docs/behaviour.md §4 name
 * registration, §5 the name rule, §3 the send form's receiver name): an account without a name
 * registers one (the Localnet Wallet signs, the name service emulator verifies the signature on
 * anvil), sees it in the Account header, and another account sends ETH to it by name, landed on
 * anvil; a too-short label and a taken name are refused with their messages.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser, waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const browser = useBrowser()

/** Anvil's second and third dev accounts (the Localnet Wallet's accounts 1 and 2): no name of their own. */
const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** RegisterAccountName from Account, `label` typed and its suggestions in. */
async function chooseName(page: Page, label: string): Promise<void> {
  await page.click('[data-testid=gw-register-name-open]')
  await waitForView(page, 'RegisterAccountName')
  await page.fill('[data-testid=gw-register-name-input]', label)
}

describe('account names', () => {
  it('registers a name (signed, verified on anvil), shows it on Account, and another account sends to it by name; a short label and a taken name are refused', async () => {
    const label = `e2e-${Date.now().toString(36)}`
    const name = `${label}.reown.id`
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl, 1)

    // The rule first: nothing is asked of the wallet or the service for 'abc'.
    await chooseName(page, 'abc')
    await waitForText(page, '[data-testid=gw-register-name-error]', 'A name has at least 4 characters: letters, digits and hyphens')
    expect(await page.isDisabled('[data-testid=gw-register-name-submit]')).toBe(true)

    // A free label: its suggestions (the label itself first, free), then Register and the wallet's signature.
    await page.fill('[data-testid=gw-register-name-input]', label)
    await page.locator(`[data-testid=gw-name-suggestions] [data-name="${name}"]:not([data-registered])`).waitFor()
    expect(await page.textContent('[data-testid=gw-register-name-full]')).toBe(name)
    // Every text the success line ever shows, as each render leaves it: the view and its name come in
    // one page-port message, so no frame shows the line without the name.
    await page.evaluate(() => {
      const root = document.querySelector('gangway-modal')!.shadowRoot!
      const seen: string[] = ((window as unknown as { __successTexts: string[] }).__successTexts = [])
      new MutationObserver(() => {
        const line = root.querySelector('[data-testid=gw-register-name-success]')
        if (line) seen.push(line.textContent ?? '')
      }).observe(root, { subtree: true, childList: true, characterData: true })
    })
    await page.click('[data-testid=gw-register-name-submit]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'RegisterAccountNameSuccess')
    await waitForText(page, '[data-testid=gw-register-name-success]', new RegExp(name.replaceAll('.', '\\.')))
    const texts = await page.evaluate(() => (window as unknown as { __successTexts: string[] }).__successTexts)
    expect(texts.length).toBeGreaterThan(0)
    expect(texts.filter((t) => !t.includes(name))).toEqual([])
    await page.click('[data-testid=gw-register-name-done]')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-profile-name]', name)
    expect(await page.locator('[data-testid=gw-register-name-open]').count()).toBe(0)

    // Another account: the name is taken for it, with the service's reason.
    const other = await localContext(browser())
    const second = await other.newPage()
    await connectLocalnetWallet(second, webUrl, 2)
    await chooseName(second, label)
    await second.locator(`[data-testid=gw-name-suggestions] [data-name="${name}"][data-registered]`).waitFor()
    await second.click('[data-testid=gw-register-name-submit]')
    await second.click('[data-testid=localnet-wallet-approve]')
    // The service's reason, as the hosted one words it.
    await waitForText(second, '[data-testid=gw-register-name-error]', `Name is already registered: ${name}`)
    await waitForView(second, 'RegisterAccountName')

    // It sends 0.25 ETH to the name: the form names the address it resolves to; anvil has it there.
    const before = BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [SECOND, 'latest']))
    await second.click('[data-testid=gw-back]')
    await waitForView(second, 'Account')
    await second.click('[data-testid=gw-open-send]')
    await second.click('[data-testid=gw-send-token]')
    await second.click('[data-token="native"]')
    await waitForView(second, 'WalletSend')
    await second.fill('[data-testid=gw-send-amount]', '0.25')
    await second.fill('[data-testid=gw-send-receiver]', name.toUpperCase())
    await waitForText(second, '[data-testid=gw-send-receiver-name]', `${name} is 0x7099…79C8`)
    await second.click('[data-testid=gw-send-review]')
    await waitForView(second, 'WalletSendPreview')
    // The preview names the receiver and the address it stands for, before the wallet is asked.
    await waitForText(second, '[data-testid=gw-send-preview]', new RegExp(`to ${name.replaceAll('.', '\\.')} \\(0x7099…79C8\\)on `))
    await second.click('[data-testid=gw-send-confirm]')
    await second.click('[data-testid=localnet-wallet-approve]')
    await waitForView(second, 'Account')
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [SECOND, 'latest'])) - before).toBe(250_000_000_000_000_000n)
    await other.close()
    await context.close()
  })
})
