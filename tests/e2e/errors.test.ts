/**
 * Typed errors that survive the worker (issue 14, item 5): a rejection the host page catches from
 * `modal.getWalletProvider().request(…)` is Gangway's typed error, with its class name, category,
 * EIP-1193 code and details, whether the engine runs in a Worker (the error crosses the page port
 * and comlink, events/kernel/error-wire.ts) or on the main thread.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser, waitForEngine } from './helpers.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

type Provider = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
type Gangway = { getWalletProvider(ns?: string, o?: { restricted?: boolean }): Provider; getState(): { engine?: string } }
/** What the host's catch reads of the rejection. */
type Seen = { isError: boolean; name: unknown; category: unknown; code: unknown; message: unknown; details: unknown }

/** Starts `request` on the page's wallet provider; `caught(page)` resolves with what its catch saw (null if it resolved). */
function ask(page: Page, method: string, params: unknown[] = [], restricted = false): Promise<void> {
  return page.evaluate(
    ({ method, params, restricted }) => {
      const w = window as unknown as { gangway: Gangway; __caught: Promise<Seen | null> }
      w.__caught = w.gangway
        .getWalletProvider('eip155', { restricted })
        .request({ method, params })
        .then(
          () => null,
          (e: Error & { category?: unknown; code?: unknown; details?: unknown }) => ({ isError: e instanceof Error, name: e.name, category: e.category, code: e.code, message: e.message, details: e.details }),
        )
    },
    { method, params, restricted },
  )
}
const caught = (page: Page) => page.evaluate(() => (window as unknown as { __caught: Promise<Seen | null> }).__caught)
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __localnetWallet: { prompts: number } }).__localnetWallet.prompts)

describe('typed errors on the host page', () => {
  for (const [mode, path] of [
    ['worker', '/'],
    ['main', '/?engine=main'],
  ] as const) {
    it(`${mode} engine: the wallet refuses eth_requestAccounts, and the page's catch sees UserRejectedError, API_ERROR, 4001 and details`, async () => {
      const context = await localContext(browser())
      const page = await context.newPage()
      await connectLocalnetWallet(page, webUrl, 0, path)
      expect(await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.getState().engine)).toBe(mode)

      // The wallet forgets this site, so eth_requestAccounts asks again; the visitor refuses.
      await page.evaluate(() => localStorage.removeItem('localnet-wallet:authorized'))
      const before = await prompts(page)
      await ask(page, 'eth_requestAccounts')
      await page.click('[data-testid=localnet-wallet-reject]')
      expect(await caught(page)).toEqual({
        isError: true,
        name: 'UserRejectedError',
        category: 'API_ERROR',
        code: 4001,
        message: 'User rejected the request.',
        details: 'eth_requestAccounts on connector dev.gangway.localnet',
      })
      expect(await prompts(page)).toBe(before + 1)

      // Gangway's own refusal on the restricted path: typed too, INTERNAL_SDK_ERROR, and no prompt.
      await ask(page, 'personal_sign', ['0x00', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], true)
      expect(await caught(page)).toEqual({
        isError: true,
        name: 'ProviderRequestError',
        category: 'INTERNAL_SDK_ERROR',
        code: 4100,
        message: 'Requested RPC call is not allowed',
        details: 'personal_sign is not safe on the restricted path',
      })
      expect(await prompts(page)).toBe(before + 1)
      await context.close()
    })
  }

  it("with no wallet connected: ProviderRequestError 4100 'Address or auth connector not found'", async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    await waitForEngine(page)
    await ask(page, 'eth_chainId')
    expect(await caught(page)).toEqual({
      isError: true,
      name: 'ProviderRequestError',
      category: 'INTERNAL_SDK_ERROR',
      code: 4100,
      message: 'Address or auth connector not found',
      details: 'no wallet connected on eip155',
    })
    await context.close()
  })

  it("an option Gangway would not use stops the modal: 'Unknown option: {key}', logged at start, and open() rejects with it", async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const logged: string[] = []
    page.on('console', (m) => void (m.type() === 'error' && logged.push(m.text())))
    await page.goto(`${webUrl}/`)
    // A string, so the test runner does not rewrite the page's own dynamic import.
    await page.evaluate(`(async () => {
      const { createModal } = await import('/gangway/loader.js')
      const network = { id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } }
      const refused = (options) => createModal({ projectId: 'refusal-' + Object.keys(options)[0], networks: [network], ...options })
      window.__refusals = [refused({ featuredWalletIDs: ['x'] }), refused({ services: { auth: 'https://a.example' } })]
    })()`)
    // The core starts in idle time after load, with no call made: the refusal is logged then.
    await expect.poll(() => logged.filter((t) => t.includes('Unknown option:')).length).toBe(2)
    expect(logged.find((t) => t.includes('featuredWalletIDs'))).toContain('[gangway] the modal does not start: Unknown option: featuredWalletIDs')
    const rejected = (await page.evaluate(`Promise.all(window.__refusals.map((m) => m.open().then(() => null, (e) => ({ name: e.name, message: e.message, details: e.details }))))`)) as ({ name: string; message: string; details?: string } | null)[]
    expect(rejected[0]).toEqual({ name: 'InvalidOptionError', message: 'Unknown option: featuredWalletIDs', details: expect.stringContaining('featuredWalletIds') })
    expect(rejected[1]).toEqual({ name: 'InvalidOptionError', message: 'Unknown option: services.auth', details: expect.stringContaining('walletConfig') })
    // Nothing of the refused modal was shown.
    expect(await page.locator('gangway-modal [data-testid=gw-modal][data-open]').count()).toBe(0)
    await context.close()
  })
})
