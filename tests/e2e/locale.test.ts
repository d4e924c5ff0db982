/**
 * Localisation (issue 16) in Chromium on the demo page (`?locale=`): Spanish with no English left
 * on Connect; Arabic right to left, the back arrow mirrored; and the pseudo-locale (en-XA: every
 * catalogue message wrapped in ⟦…⟧ and accented) through Connect, All Wallets, connecting, Account
 * and its tabs, the network list and the send views, where every visible text must be either
 * marked or data (addresses, amounts, names from the services), which catches a string a view
 * hard-codes instead of taking from the catalogue (pseudo-locale.ts). Every view of the tour in
 * en-XA is checked by every-view.test.ts.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { catalogue, unmarked, visibleTexts } from './pseudo-locale.js'
import { holdBack, useBrowser, waitForText, waitForView, connectSettled } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const browser = useBrowser()
const en = catalogue('en')

describe('localisation', () => {
  it("what the loader paints is in the visitor's locale before anything else of Gangway loads: the button and the shell", async () => {
    // Nothing but the loader: core.js and ui.js are held back for the whole test.
    const painted = async (path: string, options: Parameters<typeof localContext>[1] = {}) => {
      const context = await localContext(browser(), options)
      await holdBack(context, '**/gangway/core.js')
      await holdBack(context, '**/gangway/ui.js')
      const page = await context.newPage()
      await page.goto(`${webUrl}${path}`)
      const button = await page.locator('gangway-button button').textContent()
      await page.click('gangway-button')
      await page.locator('#gw-shell .gw-overlay').waitFor()
      const shell = [await page.locator('#gw-shell .gw-title').textContent(), await page.locator('#gw-shell .gw-icon-btn').getAttribute('aria-label')]
      await context.close()
      return [button, ...shell]
    }
    const labels = (locale: string) => ['header.connect', 'header.connect', 'header.close'].map((id) => catalogue(locale)[id])
    // The option wins over the browser's language; without it, the browser's (ja-JP); else English.
    expect(await painted('/?locale=es', { locale: 'ja-JP' })).toEqual(labels('es'))
    expect(await painted('/?locale=ar')).toEqual(labels('ar'))
    expect(await painted('/', { locale: 'ja-JP' })).toEqual(labels('ja'))
    expect(await painted('/', { locale: 'zh-CN' })).toEqual(['连接钱包', '连接钱包', '关闭'])
    expect(await painted('/', { locale: 'fr-FR' })).toEqual(['Connect Wallet', 'Connect Wallet', 'Close'])
  })

  it('locale=es: the Connect view in Spanish, no English message left', async () => {
    const es = catalogue('es')
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/?locale=es`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await waitForText(page, '[data-testid=gw-title]', es['header.connect']!)
    await page.locator('[data-testid=gw-modal] [data-wallet-row="dev.gangway.localnet"]').first().waitFor()
    expect(await page.locator('.gw-root').getAttribute('lang')).toBe('es')
    expect(await page.locator('.gw-root').getAttribute('dir')).toBe('ltr')
    // The English of every message Spanish says differently: a whole message, or the words around a
    // placeholder ('Scan this QR code with').
    const changed = Object.entries(en).filter(([id, text]) => es[id] !== text)
    const whole = new Set(changed.map(([, text]) => text))
    const parts = changed.flatMap(([, text]) => (text.includes('{') ? text.split(/\{[^}]*\}/).map((part) => part.trim()) : [])).filter((part) => part.includes(' '))
    const texts = await visibleTexts(page)
    expect(texts).toContain(es['connect.installed'])
    expect(texts.filter((text) => whole.has(text) || parts.some((part) => text.includes(part)))).toEqual([])
    await context.close()
  })

  it('locale=ar: the modal is right to left, the back arrow mirrored', async () => {
    const ar = catalogue('ar')
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/?locale=ar`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await waitForText(page, '[data-testid=gw-title]', ar['header.connect']!)
    expect(await page.locator('.gw-root').evaluate((el) => [el.getAttribute('dir'), el.getAttribute('lang')])).toEqual(['rtl', 'ar'])
    expect(await page.locator('[data-testid=gw-modal]').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')

    // All Wallets has a back button: mirrored, and at the header's right, where the reading starts.
    await page.click('[data-testid=gw-all-wallets]')
    await waitForView(page, 'AllWallets')
    const back = page.locator('[data-testid=gw-back]')
    await back.waitFor()
    expect(await back.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)')
    expect(await back.getAttribute('aria-label')).toBe(ar['header.back'])
    const backBox = (await back.boundingBox())!
    const closeBox = (await page.locator('[data-testid=gw-close]').boundingBox())!
    expect(backBox.x).toBeGreaterThan(closeBox.x)
    expect(await page.locator('[data-testid=gw-search]').getAttribute('placeholder')).toBe(ar['allWallets.search'])
    await context.close()
  })

  it('the pseudo-locale check sees English: in English, Connect has unmarked texts that are not data', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/?locale=en`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await page.locator('[data-testid=gw-all-wallets]').waitFor()
    expect(await unmarked(page)).toEqual(expect.arrayContaining([en['header.connect'], en['connect.installed'], en['connect.allWallets'], en['header.close']]))
    await context.close()
  })

  it('locale=en-XA: every visible text of the views visited is from the catalogue or data', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const visited: string[] = []
    const offending: string[] = []
    const check = async (view: string) => {
      visited.push(view)
      for (const text of await unmarked(page)) offending.push(`${view}: ${JSON.stringify(text)}`)
    }

    await page.goto(`${webUrl}/?locale=en-XA`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await page.locator('[data-testid=gw-modal] [data-wallet-row="dev.gangway.localnet"]').first().waitFor()
    await page.locator('[data-testid=gw-all-wallets]').waitFor()
    expect(await page.locator('.gw-root').getAttribute('lang')).toBe('en-XA')
    await check('Connect')

    await page.click('[data-testid=gw-all-wallets]')
    await waitForView(page, 'AllWallets')
    await page.locator('[data-testid=gw-all-list] [data-wallet-id]').first().waitFor()
    await check('AllWallets')
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Connect')
    await connectSettled(page)

    await page.click('[data-testid=gw-modal] [data-wallet-row="dev.gangway.localnet"]')
    await waitForView(page, 'ConnectingExternal')
    await check('ConnectingExternal')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')

    await page.waitForSelector('[data-testid=gw-tokens] [data-symbol=TIDE]')
    await page.waitForSelector('[data-testid=gw-network-usd]')
    await check('Account (Tokens)')
    await page.click('[data-tab=NFTs]')
    await page.waitForSelector('[data-testid=gw-nfts] li')
    await check('Account (NFTs)')
    await page.click('[data-tab=Activity]')
    await page.waitForSelector('[data-testid=gw-activity] li[data-hash]')
    await check('Account (Activity)')

    await page.click('[data-testid=gw-network]')
    await waitForView(page, 'SwitchNetwork')
    await page.locator('[data-network]').first().waitFor()
    await check('SwitchNetwork')
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Account')

    await page.click('[data-testid=gw-open-send]')
    await waitForView(page, 'WalletSend')
    await page.locator('[data-testid=gw-send-review]').waitFor()
    await check('WalletSend')
    // A send rule's message (the engine's English) shows translated.
    await page.fill('[data-testid=gw-send-amount]', '0.001')
    await page.fill('[data-testid=gw-send-receiver]', '0x1234')
    await page.locator('[data-testid=gw-send-problem]').waitFor()
    await check('WalletSend (a problem)')
    await page.click('[data-testid=gw-send-token]')
    await waitForView(page, 'WalletSendSelectToken')
    await page.locator('[data-testid=gw-send-tokens] [data-token]').first().waitFor()
    await check('WalletSendSelectToken')
    await page.click('[data-testid=gw-send-tokens] [data-token=native]')
    await waitForView(page, 'WalletSend')
    const [, receiver] = await rpc<string[]>(rpcUrl, 'eth_accounts')
    await page.fill('[data-testid=gw-send-receiver]', receiver!)
    await page.click('[data-testid=gw-send-review]')
    await waitForView(page, 'WalletSendPreview')
    await page.locator('[data-testid=gw-send-confirm]').waitFor()
    await check('WalletSendPreview')

    console.log(`pseudo-locale: views visited: ${visited.join(', ')}`)
    expect(visited).toHaveLength(11)
    expect(offending).toEqual([])
    await context.close()
  })
})
