/** Page helpers for the end-to-end tests. Playwright's CSS locators pierce open shadow roots. */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { formatUnits, getAddress, keccak256, toHex } from 'viem'
import { rpc, waitForReceipt } from '../../localnet/anvil.js'
import { launchChromium } from './browser.js'
import { parseLog, type LogFile } from '../../src/events/log/ndjson.js'
import { E2E_WAIT_MS } from './wait.js'
import { copiedPairingUri } from './pairing.js'

/** One Chromium for the calling test file: launched before its tests, closed after. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => browser!
}

/**
 * Waits until the first element matching `selector` has a text equal to `expected` (a string) or
 * matching it (a RegExp); returns the text. Polls the text (expect.poll) and fails after
 * `timeoutMs` with the last text seen.
 */
export async function waitForText(page: Page, selector: string, expected: string | RegExp, timeoutMs = E2E_WAIT_MS): Promise<string> {
  const first = page.locator(selector).first()
  const seen: { text: string | null } = { text: null }
  const read = async () => (seen.text = await first.textContent({ timeout: 1000 }).catch(() => null))
  const satisfies = (text: string | null) => text !== null && (typeof expected === 'string' ? text === expected : expected.test(text))
  await expect.poll(read, { timeout: timeoutMs, message: `${selector}: expected ${String(expected)}` }).toSatisfy(satisfies)
  return seen.text!
}

/** anvil's eth_getBalance of `address`, floored to 3 decimals the way a person reads it: '9998.765'. */
export async function flooredBalance(rpcUrl: string, address: string): Promise<string> {
  const wei = BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']))
  return formatUnits(wei - (wei % 10n ** 15n), 18)
}

/** Moves `wei` from one unlocked anvil dev account to another, out of band. */
export async function transfer(rpcUrl: string, from: string, to: string, wei: bigint): Promise<void> {
  await waitForReceipt(rpcUrl, await rpc<string>(rpcUrl, 'eth_sendTransaction', [{ from, to, value: `0x${wei.toString(16)}` }]))
}

/** The modal's current view name, or null when closed. */
export function currentView(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const g = (window as unknown as { gangway: { getState(): { open: boolean; view: string } } }).gangway.getState()
    return g.open ? g.view : null
  })
}

/** Waits until the page's engine has started (the loader starts it in idle time after load); Playwright's timeout unless `timeoutMs`. */
export async function waitForEngine(page: Page, timeoutMs?: number): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { gangway: { getState(): { engine?: string } } }).gangway.getState().engine !== undefined, undefined, timeoutMs === undefined ? {} : { timeout: timeoutMs })
}

/**
 * Waits until every animation of the modal's card (its subtree too, unless `subtree` is false) has
 * ended: finished, or cancelled (a cancelled animation's `finished` rejects with an AbortError, and
 * one is cancelled when a newer one replaces it, or its element goes).
 */
export async function cardAnimationsEnded(page: Page, subtree = true): Promise<void> {
  await page.locator('[data-testid=gw-modal] .gw-card').evaluate((card, subtree) => Promise.all(card.getAnimations({ subtree }).map((a) => a.finished.catch(() => undefined))), subtree)
}

/** How many frames in a row the card must keep its box, with no animation of its own running, to count as still (cardStill). */
const STILL_FRAMES = 3

/**
 * Waits until the modal's card stands still: the same box (position and size) for STILL_FRAMES
 * frames in a row, with none of its own animations running. A view whose content has just come
 * in renders in a task after the log has it, and its height animation starts there; a click
 * begun before would end beside its button.
 */
export async function cardStill(page: Page): Promise<void> {
  // No named function inside: a bench script run by tsx would name it with a helper the page lacks.
  await page.locator('[data-testid=gw-modal] .gw-card').evaluate(async (card, frames) => {
    let last = ''
    let same = 0
    while (same < frames) {
      await new Promise((r) => requestAnimationFrame(r))
      const r = card.getBoundingClientRect()
      const box = `${r.x} ${r.y} ${r.width} ${r.height}`
      same = box === last && !card.getAnimations().some((a) => a.playState === 'running') ? same + 1 : 0
      last = box
    }
  }, STILL_FRAMES)
}

/**
 * Waits for the modal to show `view` with its body rendered: the engine's view is `view` and its
 * chunk, when it loads on its own, is in (no skeleton left of it; a later view's chunk may still be
 * on its way when the engine has already navigated).
 */
export async function waitForView(page: Page, view: string, timeoutMs = E2E_WAIT_MS): Promise<void> {
  await page.locator(`[data-testid=gw-modal][data-view=${view}]:not(:has([data-testid=gw-chunk-loading]))`).waitFor({ timeout: timeoutMs })
}

/**
 * Opens the demo page, picks the Localnet Wallet's dev account `account`, connects and approves;
 * resolves on Account once its balance, tokens and identity are in and the card's height animation
 * that their arrival starts has ended and the card stands still (the centred card moves its header:
 * a click begun meanwhile ends beside its button).
 */
export async function connectLocalnetWallet(page: Page, webUrl: string, account = 0, path = '/'): Promise<void> {
  await page.goto(`${webUrl}${path}`)
  if (account !== 0) await page.evaluate((i) => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(i), account)
  await page.click('gangway-button')
  await connectSettled(page)
  await page.click('[data-wallet-row="dev.gangway.localnet"]')
  await page.click('[data-testid=localnet-wallet-approve]')
  await waitForView(page, 'Account')
  await accountSettled(page)
  await cardAnimationsEnded(page, false)
  await cardStill(page)
}

/**
 * Waits until what the Connect view asks the wallet/config service at the first reach has come in
 * (the registry's lists and the remote configuration each have their outcome, fetched or failed, in
 * the log), so its rows no longer move: the card is centred, and the recommended wallets or the
 * email and social rows arriving shift the rows above them, so a click begun before would end on
 * another element. A page without the service, or without Gangway, passes at once.
 */
export async function connectSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const g = (window as unknown as { gangway?: { exportLog?(o: { redact: boolean }): Promise<string> } }).gangway
      if (!g?.exportLog) return true
      const log = await g.exportLog({ redact: true })
      if (!log.includes('"walletConfigService":true')) return true
      const types = log.split('\n').flatMap((line) => {
        const m = /"type":"([^"]+)"/.exec(line)
        return m ? [m[1]!] : []
      })
      return types.some((t) => t === 'wallets/lists-fetched' || t === 'wallets/lists-failed') && types.some((t) => t === 'features/remote-config-fetched' || t === 'features/remote-config-failed')
    },
    undefined,
    { polling: 100 },
  )
}

/**
 * Waits until what Account asked for after the last connect has come in (each `identity`,
 * `balance` and `portfolio` fetch requested has its outcome in the log), so the view's content no
 * longer moves: the card is centred, and a name, an avatar or the tokens arriving shift the buttons
 * above or below them, so a click begun before would end on another element (mousedown on the
 * button, mouseup beside it: no click). A page without Gangway's `window.gangway` passes at once.
 */
export async function accountSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const g = (window as unknown as { gangway?: { exportLog?(o: { redact: boolean }): Promise<string> } }).gangway
      if (!g?.exportLog) return true
      const types = (await g.exportLog({ redact: true })).split('\n').flatMap((line) => {
        const m = /"type":"([^"]+)"/.exec(line)
        return m ? [m[1]!] : []
      })
      const since = types.slice(types.lastIndexOf('connect/succeeded') + 1)
      return ['identity', 'balance', 'portfolio'].every((kind) => {
        const asked = since.lastIndexOf(`${kind}/fetch-requested`)
        return asked < 0 || since.slice(asked + 1).some((t) => t.startsWith(`${kind}/`) && t !== `${kind}/fetch-requested`)
      })
    },
    undefined,
    { polling: 100 },
  )
}

/** Holds back the responses to requests matching `pattern` (a glob or a URL predicate) until the returned function is called. */
export async function holdBack(context: BrowserContext, pattern: string | ((url: URL) => boolean)): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  await context.route(pattern, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** Every attribute and text of the page, open shadow roots included (for checks that a secret is not in the DOM). */
export function domText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const out: string[] = []
    const walk = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        for (const a of Array.from(el.attributes)) out.push(a.value)
        if (el.shadowRoot) walk(el.shadowRoot)
      }
      out.push(root instanceof Document ? root.documentElement.textContent ?? '' : Array.from(root.childNodes).map((n) => n.textContent ?? '').join(' '))
    }
    walk(document)
    return out.join('\n')
  })
}

/**
 * The core session once connected (issue 16's strict-CSP and mobile runs): the Account tabs, a
 * switch to chain 31338 through the wallet, and a send of 0.01 ETH there to a fresh address
 * (`label` makes it unique), checked on chain 31338 (`rpcUrl2`). `press` clicks or taps a
 * selector; `shown(view)` resolves once the modal shows `view` (the mobile run checks the sheet there).
 */
export async function coreSession(
  page: Page,
  { rpcUrl2, label, press = (selector) => page.click(selector), shown = (view) => waitForView(page, view) }: { rpcUrl2: string; label: string; press?: (selector: string) => Promise<void>; shown?: (view: string) => Promise<void> },
): Promise<void> {
  await page.waitForSelector('[data-testid=gw-tokens] [data-symbol=ETH]')
  for (const tab of ['NFTs', 'Activity', 'Tokens']) {
    await press(`[data-tab=${tab}]`)
    await page.waitForSelector(`[data-testid=gw-tab-${tab}]`)
    await shown('Account')
  }
  await press('[data-testid=gw-network]')
  await shown('SwitchNetwork')
  await press('[data-network="eip155:31338"]')
  await press('[data-testid=localnet-wallet-approve]')
  await waitForView(page, 'Account')
  await waitForText(page, '[data-testid=gw-network]', 'Localnet B')

  const receiver = getAddress(`0x${keccak256(toHex(`gangway-${label}-${Date.now()}`)).slice(26)}`)
  // Account on the new chain stops moving (its reads in, the card still) before Send is pressed.
  await accountSettled(page)
  await cardStill(page)
  await press('[data-testid=gw-open-send]')
  await shown('WalletSend')
  await press('[data-testid=gw-send-token]')
  await shown('WalletSendSelectToken')
  await press('[data-token="native"]')
  await waitForView(page, 'WalletSend')
  await page.fill('[data-testid=gw-send-amount]', '0.01')
  await page.fill('[data-testid=gw-send-receiver]', receiver)
  await press('[data-testid=gw-send-review]')
  await shown('WalletSendPreview')
  await press('[data-testid=gw-send-confirm]')
  await press('[data-testid=localnet-wallet-approve]')
  await waitForView(page, 'Account')
  await waitForText(page, '[data-testid=gw-snackbar]', 'Transaction sent')
  expect(BigInt(await rpc<string>(rpcUrl2, 'eth_getBalance', [receiver, 'latest']))).toBe(10_000_000_000_000_000n)
}

/** A request to one of the localnet's services: which one (its name in the map given), the method and the path. */
export interface ServiceRequest {
  service: string
  method: string
  path: string
}

/**
 * Records, from now on, every request of `context` (its pages and their workers) to one of
 * `services` (name → base URL), counted at the network level by the services' origins.
 */
export function recordServiceRequests(context: BrowserContext, services: Record<string, string>): ServiceRequest[] {
  const seen: ServiceRequest[] = []
  const origins = new Map(Object.entries(services).map(([name, url]) => [new URL(url).origin, name]))
  context.on('request', (r) => {
    const url = new URL(r.url())
    const service = origins.get(url.origin)
    if (service) seen.push({ service, method: r.method(), path: url.pathname })
  })
  return seen
}

/**
 * The page's event log as `window.gangway.exportLog()` gives it (the demo pages expose the modal
 * as `gangway`), parsed (src/events/log/ndjson.ts). A round trip through the engine: every dispatch
 * sent before it is in.
 */
export async function pageLog(page: Page): Promise<LogFile> {
  return parseLog(await page.evaluate(() => (window as unknown as { gangway: { exportLog(): Promise<string> } }).gangway.exportLog()))
}

/** The newest one-time code the secure-site emulator mailed to `email` (its test inbox, GET /api/test/inbox), once there is one. */
export async function mailedCode(secureSiteUrl: string, email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const [mail] = (await (await fetch(`${secureSiteUrl}/api/test/inbox?email=${encodeURIComponent(email)}`)).json()) as { code?: string }[]
    if (mail?.code) return mail.code
  }
  throw new Error(`no code mailed to ${email}`)
}

/** The secure-site emulator's URL as the demo page has it (window.__LOCALNET__). */
export const pageSecureSiteUrl = (page: Page): Promise<string> => page.evaluate(() => (window as unknown as { __LOCALNET__: { secureSiteUrl: string } }).__LOCALNET__.secureSiteUrl)

/** On the Connect view: asks a code for `email` (a new address each time is a new user) and waits for the code step of EmailLogin. */
export async function askEmailCode(page: Page, email: string): Promise<void> {
  await page.fill('[data-testid=gw-email-input]', email)
  await page.click('[data-testid=gw-email-submit]')
  await waitForView(page, 'EmailLogin')
  await page.locator('[data-testid=gw-otp-input]').waitFor()
}

/** On the Connect view: logs in by email with the code from the emulator's inbox; resolves on Account, settled. */
export async function emailLogin(page: Page, email: string): Promise<void> {
  await askEmailCode(page, email)
  await enterMailedCode(page, email)
}

/**
 * On EmailLogin's code step for `email`: enters the code from the emulator's inbox; resolves on
 * Account once it has settled (accountSettled: a click begun while the balance or the tokens come in
 * can end beside its button).
 */
export async function enterMailedCode(page: Page, email: string): Promise<void> {
  await page.fill('[data-testid=gw-otp-input]', await mailedCode(await pageSecureSiteUrl(page), email))
  await waitForView(page, 'Account')
  await accountSettled(page)
}

/**
 * A call to the Localnet WalletConnect wallet's control service (localnet/walletconnect/wallet.ts):
 * GET `path`, or POST `body` as JSON, with its bearer token. Resolves to the JSON answer.
 * @throws Error '{path}: {status} {body}' on a refusal.
 */
export async function wcWallet<T = unknown>(path: string, body?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${inject('wcWalletToken')}` }
  const r = await fetch(`${inject('wcWalletUrl')}${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) })
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`)
  return (await r.json()) as T
}

/**
 * Waits for the Localnet WalletConnect wallet to hold the session proposal of pairing `uri` (a `wc:`
 * URI, as the wallet was given it on `/pair`), and resolves with its id for `/approve` or `/reject`.
 * By the pairing, never "the oldest pending": an earlier test's proposal left pending, or one the
 * relay delivers again, is not this one. Fails after E2E_WAIT_MS with 'no session proposal of this pairing reached the wallet'.
 */
export async function wcProposal(uri: string): Promise<{ id: number }> {
  const topic = /^wc:([0-9a-f]+)@/.exec(uri)?.[1]
  let found: { id: number } | undefined
  await expect
    .poll(async () => (found = (await wcWallet<{ id: number; pairingTopic: string }[]>('/proposals')).find((p) => p.pairingTopic === topic)), { timeout: E2E_WAIT_MS, message: 'no session proposal of this pairing reached the wallet' })
    .toBeDefined()
  return { id: found!.id }
}

/**
 * From Connect: the WalletConnect row, its pairing URI copied as a visitor copies it, and the
 * Localnet WalletConnect wallet pairing with it and approving the proposal.
 */
export async function pairLocalnetWalletConnect(page: Page): Promise<void> {
  await page.click('[data-wallet-row=walletConnect]')
  await waitForView(page, 'ConnectingWalletConnect')
  const uri = await copiedPairingUri(page)
  await wcWallet('/pair', { uri })
  await wcWallet('/approve', await wcProposal(uri))
}
