/**
 * The tour of the modal's views (docs/behaviour.md §2), for the checks that must cover every view:
 * layout, accessibility and the pseudo-locale (every-view.test.ts), the mobile run, the strict-CSP run and the screenshots.
 * `VIEW_TOUR` has an entry for every view name, so a view a later issue adds fails to compile until
 * it says how a visitor reaches it, or which issue will build it (`planned`). A stop starts from a
 * fresh page of the demo (`query` carries the page's options: theme, locale…) and ends with the
 * modal showing that view.
 */
import type { BrowserContext, Page } from 'playwright-core'
import type { ViewName } from '../../src/contract.js'
import { VIEWS } from '../../src/events/entities.js'
import { askEmailCode, cardAnimationsEnded, connectLocalnetWallet, connectSettled, emailLogin, enterMailedCode, waitForView } from './helpers.js'

/** What the stops need of the localnet. */
export interface TourEnv {
  webUrl: string
  /** Chain 31337's node: the wallet adds chain 1 on it to reach UnsupportedChain. */
  rpcUrl: string
  solanaCaip2: string
}

/** How a visitor reaches a view from a fresh page (`path` is the demo page with the tour's query), or the issue that builds it. */
export type TourStop = { reach(page: Page, env: TourEnv, path: string): Promise<void> } | { planned: number }

/** Farcaster's link shown: its QR code, or on a phone, where there is none, the Open Farcaster button enabled. */
const FARCASTER_LINK = '[data-testid=gw-farcaster-qr][data-ready] svg, [data-testid=gw-farcaster-open]:not([disabled])'
/** WalletConnect's pairing URI in, as a QR code. */
const WC_QR_READY = '[data-testid=gw-qr][data-ready]'
/** Receive's QR code of the address drawn (its chunk in). */
const RECEIVE_QR = '[data-testid=gw-receive-qr] svg'
/** The Localnet Wallet's prompt, waiting for the visitor. */
const LOCALNET_PROMPT = '[data-testid=localnet-wallet-approve]'

/** The page at `path` with the modal opened, its Connect rows settled (a row clicked while they still move can be another). */
const open = async (page: Page, env: TourEnv, path: string) => {
  await page.goto(`${env.webUrl}${path}`)
  await page.click('gangway-button')
  await connectSettled(page)
}
const connected = (page: Page, env: TourEnv, path: string) => connectLocalnetWallet(page, env.webUrl, 0, path)
const withParam = (path: string, param: string) => `${path}${path.includes('?') ? '&' : '?'}${param}`
/** The send form, from Account. */
const sendForm = (page: Page, env: TourEnv, path: string) => accountAction(page, env, path, 'gw-open-send', 'WalletSend')

/** Connected, then Account's action `testId` once the Account view has settled (its tokens in, so `view` is where it stays). */
const accountAction = async (page: Page, env: TourEnv, path: string, testId: string, view: ViewName) => {
  await connected(page, env, path)
  await page.locator('[data-testid=gw-tokens] li').first().waitFor()
  await page.click(`[data-testid=${testId}]`)
  await waitForView(page, view)
}

/**
 * RegisterAccountName for the Localnet Wallet's account 8 (no other test uses it), opened through
 * `open({ view })`: every tour registers a name for it, so after the first it has one and Account
 * no longer offers the link (names.test.ts reaches the view by the link). A fresh label typed, its
 * suggestions shown.
 */
const chooseName = async (page: Page, env: TourEnv, path: string) => {
  await connectLocalnetWallet(page, env.webUrl, 8, path)
  await page.evaluate(() => (window as unknown as { gangway: { open(o: { view: string }): Promise<void> } }).gangway.open({ view: 'RegisterAccountName' }))
  await waitForView(page, 'RegisterAccountName')
  await page.fill('[data-testid=gw-register-name-input]', `tour-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`)
  await page.locator('[data-testid=gw-name-suggestions] button').first().waitFor()
}

/** On the swap's token list: `symbol` picked, back on the form. */
const pickSwapToken = async (page: Page, symbol: string) => {
  await page.click(`[data-testid=gw-swap-tokens] [data-token="${symbol}"]`)
  await waitForView(page, 'Swap')
}

/** On the Swap form, ETH as `from`: TIDE as `to`, 0.01 typed, quoted, its details shown. */
const quoteEthToTide = async (page: Page) => {
  await page.click('[data-testid=gw-swap-to-token]')
  await pickSwapToken(page, 'TIDE')
  await page.fill('[data-testid=gw-swap-amount]', '0.01')
  await page.locator('[data-testid=gw-swap-details] [data-detail=cost]').waitFor()
}

/** The Swap form from Account: 0.01 ETH into TIDE, quoted, its details shown. */
const swapForm = async (page: Page, env: TourEnv, path: string) => {
  await accountAction(page, env, path, 'gw-open-swap', 'Swap')
  await page.click('[data-testid=gw-swap-from-token]')
  await pickSwapToken(page, 'ETH')
  await quoteEthToTide(page)
}

/**
 * On the send form's token list: the native token picked (there is no default: without one the
 * preview says 'A token is required'), an amount and a receiver, reviewed; shown once Gangway's
 * preview of the send is in (the call decoded, the simulated change).
 */
const previewNativeSend = async (page: Page) => {
  await page.click('[data-testid=gw-send-tokens] [data-token=native]')
  await waitForView(page, 'WalletSend')
  await page.fill('[data-testid=gw-send-amount]', '0.01')
  await page.fill('[data-testid=gw-send-receiver]', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await page.click('[data-testid=gw-send-review]')
  await page.locator('[data-testid=gw-send-confirm]:not([disabled])').waitFor()
  await page.locator('[data-testid=gw-tx-preview][data-simulated]').waitFor()
}

/** OnRampProviders from Account: 100 USD, its quote in. */
const buyForm = async (page: Page, env: TourEnv, path: string) => {
  await accountAction(page, env, path, 'gw-open-buy', 'OnRampProviders')
  await page.fill('[data-testid=gw-onramp-amount]', '100')
  await page.locator('[data-testid=gw-onramp-quote]').waitFor()
}

/** From the buy form, Meld picked: its popup (the emulator's provider page) opens, then is closed once the modal waits for the funds. */
const buyFromMeld = async (page: Page) => {
  const popup = page.context().waitForEvent('page')
  await page.click('[data-testid=gw-onramp-providers] [data-provider=meld]')
  await waitForView(page, 'BuyInProgress')
  await page.locator('[data-testid=gw-buy][data-status=buying]').waitFor()
  await (await popup).close()
}

/** A new address for an email login: a new user of the secure-site emulator. */
const newEmail = () => `tour-${Date.now()}-${Math.random().toString(36).slice(2)}@harbour.example`
/** The address each tour page asked an email code for (EmailLogin), for a walk that completes the login. */
const emailAsked = new WeakMap<Page, string>()

/** From Account, logged in by email: Update email, its form shown. */
const openUpdateEmail = async (page: Page) => {
  await page.click('[data-testid=gw-update-email-open]')
  await page.locator('[data-testid=gw-update-email-input]').waitFor()
}

/** Logged in by email, the site asks to send a transaction: shown once Gangway's preview of it and the secure site's Approve are in. */
const askToSend = async (page: Page) => {
  await page.evaluate(() => {
    const w = window as unknown as { gangway: { getWalletProvider(ns: string): { request(a: unknown): Promise<unknown> }; getAccount(): { address: string } } }
    void w.gangway.getWalletProvider('eip155').request({ method: 'eth_sendTransaction', params: [{ from: w.gangway.getAccount().address, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x2386f26fc10000' }] }).catch(() => undefined)
  })
  await waitForView(page, 'ApproveTransaction')
  await page.locator('[data-testid=gw-tx-preview][data-simulated]').waitFor()
  await page.frameLocator('iframe[title="Secure login"]').getByTestId('secure-approve').waitFor()
}

/** `view`, reached from the buy form by the control `testId`. */
const fromBuyForm = (testId: string, view: ViewName) => async (page: Page, env: TourEnv, path: string) => {
  await buyForm(page, env, path)
  await page.click(`[data-testid=${testId}]`)
  await waitForView(page, view)
}

export const VIEW_TOUR: Record<ViewName, TourStop> = {
  Connect: { reach: open },
  AllWallets: {
    async reach(page, env, path) {
      await open(page, env, path)
      await page.click('[data-testid=gw-all-wallets]')
      await page.locator('[data-testid=gw-all-list] [data-wallet-id]').first().waitFor()
    },
  },
  ConnectingWalletConnect: {
    async reach(page, env, path) {
      await open(page, env, path)
      await page.click('[data-wallet-row=walletConnect]')
      await page.locator(WC_QR_READY).waitFor()
    },
  },
  ConnectingWalletConnectBasic: {
    async reach(page, env, path) {
      await open(page, env, withParam(path, 'wc-basic'))
      await page.locator(WC_QR_READY).waitFor()
    },
  },
  // The Localnet Wallet's prompt stays unanswered: the view waits for it.
  ConnectingExternal: {
    async reach(page, env, path) {
      await open(page, env, path)
      await page.click('[data-wallet-row="dev.gangway.localnet"]')
      await page.locator(LOCALNET_PROMPT).waitFor()
    },
  },
  Account: {
    async reach(page, env, path) {
      await connected(page, env, path)
      await page.locator('[data-testid=gw-tokens] li').first().waitFor()
    },
  },
  SwitchNetwork: {
    async reach(page, env, path) {
      await connected(page, env, path)
      await page.click('[data-testid=gw-network]')
    },
  },
  // An EVM wallet only, and the Solana network picked: the view asks to switch.
  SwitchActiveChain: {
    async reach(page, env, path) {
      await connected(page, env, path)
      await page.click('[data-testid=gw-network]')
      await page.click(`[data-network="${env.solanaCaip2}"]`)
      // Shown, and its entrance settled (an axe run during the height animation read a fading colour).
      await waitForView(page, 'SwitchActiveChain')
      await cardAnimationsEnded(page)
    },
  },
  // The wallet moves to chain 1, which the site does not list.
  UnsupportedChain: {
    async reach(page, env, path) {
      await connected(page, env, path)
      await page.click('[data-testid=gw-close]')
      await page.evaluate((url) => {
        const w = (window as unknown as { __localnetWallet: { request(a: { method: string; params: unknown[] }): Promise<unknown> } }).__localnetWallet
        void w.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1', rpcUrls: [url] }] }).then(() => w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))
      }, env.rpcUrl)
      await page.click('[data-testid=localnet-wallet-approve]')
    },
  },
  WalletSend: { reach: sendForm },
  WalletSendSelectToken: {
    async reach(page, env, path) {
      await sendForm(page, env, path)
      await page.click('[data-testid=gw-send-token]')
    },
  },
  WalletSendPreview: {
    async reach(page, env, path) {
      await sendForm(page, env, path)
      await page.click('[data-testid=gw-send-token]')
      await previewNativeSend(page)
    },
  },
  // The address as text and QR code (the QR's chunk in).
  WalletReceive: {
    async reach(page, env, path) {
      await connected(page, env, path)
      await page.locator('[data-testid=gw-tokens] li').first().waitFor()
      await page.click('[data-testid=gw-open-receive]')
      await page.locator(RECEIVE_QR).waitFor()
    },
  },
  // The Farcaster link's QR code in.
  ConnectingFarcaster: {
    async reach(page, env, path) {
      await open(page, env, path)
      await page.click('[data-social=farcaster]')
      await page.locator(FARCASTER_LINK).waitFor()
    },
  },
  // The code step, for a new address.
  EmailLogin: {
    async reach(page, env, path) {
      await open(page, env, path)
      const email = newEmail()
      emailAsked.set(page, email)
      await askEmailCode(page, email)
    },
  },
  // Logged in by email, from the Account view's Update email.
  UpdateEmailWallet: {
    async reach(page, env, path) {
      await open(page, env, path)
      await emailLogin(page, newEmail())
      await openUpdateEmail(page)
    },
  },
  // The demo's ?siwx with the emailCapture remote feature on: signed in, the site asks for an email.
  DataCapture: {
    async reach(page, env, path) {
      await open(page, env, withParam(withParam(path, 'siwx'), `remote-features=${encodeURIComponent('{"emailCapture":true}')}`))
      await page.click('[data-wallet-row="dev.gangway.localnet"]')
      await page.click('[data-testid=localnet-wallet-approve]')
      await waitForView(page, 'SIWXSignMessage')
      await page.click('[data-testid=gw-siwx-sign]')
      await page.click('[data-testid=localnet-wallet-approve]')
      await waitForView(page, 'DataCapture')
      await page.locator('[data-testid=gw-data-capture-input]').waitFor()
    },
  },
  // Logged in by email, the site asks to send a transaction: Gangway's preview of it above the secure site's approval UI over the view.
  ApproveTransaction: {
    async reach(page, env, path) {
      await open(page, env, path)
      await emailLogin(page, newEmail())
      await askToSend(page)
    },
  },
  // Every connection with its accounts (the Localnet Wallet exposes 3), the balances in; the
  // multiWallet remote feature on, so Add wallet shows (off, the alert shows: profile-wallets.test.ts).
  ProfileWallets: {
    async reach(page, env, path) {
      await connected(page, env, withParam(path, `remote-features=${encodeURIComponent('{"multiWallet":true}')}`))
      await page.locator('[data-testid=gw-tokens] li').first().waitFor()
      await page.click('[data-testid=gw-wallets-button]')
      await waitForView(page, 'ProfileWallets')
      await page.locator('[data-testid=gw-add-wallet]').waitFor()
      await page.locator('[data-testid=gw-connection-account] [data-testid=gw-row-balance]').nth(2).waitFor()
    },
  },
  // The demo's ?siwx: after the Localnet Wallet connects, the site asks for a sign-in.
  SIWXSignMessage: {
    async reach(page, env, path) {
      await open(page, env, withParam(path, 'siwx'))
      await page.click('[data-wallet-row="dev.gangway.localnet"]')
      await page.click('[data-testid=localnet-wallet-approve]')
      await waitForView(page, 'SIWXSignMessage')
      await page.locator('[data-testid=gw-siwx-sign]:not([disabled])').waitFor()
    },
  },
  // A label typed: its suggestions in.
  RegisterAccountName: {
    async reach(page, env, path) {
      await chooseName(page, env, path)
    },
  },
  // A free label registered: the wallet signs the message, the emulated name service keeps it.
  RegisterAccountNameSuccess: {
    async reach(page, env, path) {
      await chooseName(page, env, path)
      await page.click('[data-testid=gw-register-name-submit]')
      await page.click('[data-testid=localnet-wallet-approve]')
      await waitForView(page, 'RegisterAccountNameSuccess')
    },
  },
  // A quote for 0.01 ETH in TIDE, with its details.
  Swap: {
    async reach(page, env, path) {
      await swapForm(page, env, path)
    },
  },
  // The token list, its balances in.
  SwapSelectToken: {
    async reach(page, env, path) {
      await accountAction(page, env, path, 'gw-open-swap', 'Swap')
      await page.click('[data-testid=gw-swap-from-token]')
      await waitForView(page, 'SwapSelectToken')
      await page.locator('[data-testid=gw-swap-tokens] [data-token="ETH"]').waitFor()
    },
  },
  SwapPreview: {
    async reach(page, env, path) {
      await swapForm(page, env, path)
      await page.click('[data-testid=gw-swap-review]')
      await waitForView(page, 'SwapPreview')
    },
  },
  // 100 USD of Harbour USD, quoted by the on-ramp emulator.
  OnRampProviders: {
    async reach(page, env, path) {
      await buyForm(page, env, path)
    },
  },
  OnRampTokenSelect: { reach: fromBuyForm('gw-onramp-token', 'OnRampTokenSelect') },
  OnRampFiatSelect: { reach: fromBuyForm('gw-onramp-fiat', 'OnRampFiatSelect') },
  // Meld picked: its popup (the emulator's provider page) opens, the modal waits for the funds.
  BuyInProgress: {
    async reach(page, env, path) {
      await buyForm(page, env, path)
      await buyFromMeld(page)
    },
  },
}

/** The views a visitor can reach today, in the order of docs/behaviour.md §2's list. */
export const BUILT_VIEWS: ViewName[] = VIEWS.filter((v) => 'reach' in VIEW_TOUR[v])
/** The views later issues build, with the issue. */
export const PLANNED_VIEWS = VIEWS.flatMap((v) => {
  const stop = VIEW_TOUR[v]
  return 'planned' in stop ? [{ view: v, issue: stop.planned }] : []
})

/**
 * Opens a fresh page of `context` on the demo (`path`: '/' and the tour's query) and walks to
 * `view`; resolves when the modal shows it.
 * @throws Error '{view} is planned for issue {n}' for a view no issue has built yet.
 */
export async function visit(context: BrowserContext, view: ViewName, env: TourEnv, path = '/'): Promise<Page> {
  const stop = VIEW_TOUR[view]
  if ('planned' in stop) throw new Error(`${view} is planned for issue ${stop.planned}`)
  const page = await context.newPage()
  await stop.reach(page, env, path)
  await waitForView(page, view)
  return page
}

/**
 * Views walked one after another on one page, as a visitor moves on: the first reached by the tour
 * from a fresh page, each next one by its WALK_STEPS entry from the one before it. Connect, All
 * Wallets, back and on to WalletConnect's QR code, back and on to Farcaster's, back and on to the
 * Localnet Wallet's prompt; an email's code step, the login completed and Update email opened, back
 * and on to the approval of a send; Account, its network list, back and on to Receive, back and on
 * to the send form, its token list and its preview; the swap's token list, its form, its preview;
 * the buy form, its token list, back and on to its currency list, back and on to a provider; a name
 * typed, then registered.
 */
export const WALKS: ViewName[][] = [
  ['Connect', 'AllWallets', 'ConnectingWalletConnect', 'ConnectingFarcaster', 'ConnectingExternal'],
  ['EmailLogin', 'UpdateEmailWallet', 'ApproveTransaction'],
  ['Account', 'SwitchNetwork', 'WalletReceive', 'WalletSend', 'WalletSendSelectToken', 'WalletSendPreview'],
  ['SwapSelectToken', 'Swap', 'SwapPreview'],
  ['OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect', 'BuyInProgress'],
  ['RegisterAccountName', 'RegisterAccountNameSuccess'],
]

/** Back from a view Connect opened to Connect, then a click on `selector` there. */
const backToConnectThen = async (page: Page, selector: string) => {
  await page.click('[data-testid=gw-back]')
  await waitForView(page, 'Connect')
  await page.click(selector)
}
/** Back from a view Account opened to Account, then Account's action `testId`. */
const backToAccountThen = async (page: Page, testId: string) => {
  await page.click('[data-testid=gw-back]')
  await waitForView(page, 'Account')
  await page.click(`[data-testid=${testId}]`)
}
/** Back from a view the buy form opened to the form, its quote in. */
const backToBuyForm = async (page: Page) => {
  await page.click('[data-testid=gw-back]')
  await waitForView(page, 'OnRampProviders')
  await page.locator('[data-testid=gw-onramp-quote]').waitFor()
}

/** How a walk moves on to a view from the one before it in WALKS, ending where the tour's own reach of that view ends. */
const WALK_STEPS: Partial<Record<ViewName, (page: Page) => Promise<void>>> = {
  async AllWallets(page) {
    await page.click('[data-testid=gw-all-wallets]')
    await page.locator('[data-testid=gw-all-list] [data-wallet-id]').first().waitFor()
  },
  async ConnectingWalletConnect(page) {
    await backToConnectThen(page, '[data-wallet-row=walletConnect]')
    await page.locator(WC_QR_READY).waitFor()
  },
  async ConnectingFarcaster(page) {
    await backToConnectThen(page, '[data-social=farcaster]')
    await page.locator(FARCASTER_LINK).waitFor()
  },
  // The Localnet Wallet's prompt stays unanswered: the view waits for it.
  async ConnectingExternal(page) {
    await backToConnectThen(page, '[data-wallet-row="dev.gangway.localnet"]')
    await page.locator(LOCALNET_PROMPT).waitFor()
  },
  // The code from the emulator's inbox, as emailLogin enters it, then Update email from Account.
  async UpdateEmailWallet(page) {
    const email = emailAsked.get(page)
    if (!email) throw new Error('No email code was asked on this page')
    await enterMailedCode(page, email)
    await openUpdateEmail(page)
  },
  async ApproveTransaction(page) {
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Account')
    await askToSend(page)
  },
  async SwitchNetwork(page) {
    await page.click('[data-testid=gw-network]')
  },
  async WalletReceive(page) {
    await backToAccountThen(page, 'gw-open-receive')
    await page.locator(RECEIVE_QR).waitFor()
  },
  async WalletSend(page) {
    await backToAccountThen(page, 'gw-open-send')
  },
  async WalletSendSelectToken(page) {
    await page.click('[data-testid=gw-send-token]')
  },
  WalletSendPreview: previewNativeSend,
  // As the tour's reach of Swap (swapForm), from its token list.
  async Swap(page) {
    await pickSwapToken(page, 'ETH')
    await quoteEthToTide(page)
  },
  async SwapPreview(page) {
    await page.click('[data-testid=gw-swap-review]')
  },
  async OnRampTokenSelect(page) {
    await page.click('[data-testid=gw-onramp-token]')
  },
  async OnRampFiatSelect(page) {
    await backToBuyForm(page)
    await page.click('[data-testid=gw-onramp-fiat]')
  },
  async BuyInProgress(page) {
    await backToBuyForm(page)
    await buyFromMeld(page)
  },
  async RegisterAccountNameSuccess(page) {
    await page.click('[data-testid=gw-register-name-submit]')
    await page.click('[data-testid=localnet-wallet-approve]')
  },
}

/** A walk: its views in order, each `checked` or only passed through. */
export type Walk = { view: ViewName; checked: boolean }[]

/**
 * The walks that check each of `views` once: each of WALKS cut after the last view in `views`
 * (a view on the way that is not in `views` is passed through, unchecked), and a walk of its own
 * for every other view.
 * @example walksOf(['Account', 'WalletSend', 'WalletReceive']) // [[Account ✓, SwitchNetwork, WalletSend ✓], [WalletReceive ✓]]
 */
export function walksOf(views: readonly ViewName[]): Walk[] {
  const walked = WALKS.flatMap((walk) => {
    const last = Math.max(...walk.map((v, i) => (views.includes(v) ? i : -1)))
    return last < 0 ? [] : [walk.slice(0, last + 1).map((view) => ({ view, checked: views.includes(view) }))]
  })
  const alone = views.filter((v) => !WALKS.some((walk) => walk.includes(v))).map((view) => [{ view, checked: true }])
  return [...walked, ...alone]
}

/**
 * Walks `walk` on a fresh page of `context` (`path` as for `visit`): reaches its first view by the
 * tour, each next one by its step; at each checked view, once the modal shows it, awaits
 * `check(page, view, index)`. Rejects with the first error of a step or a check; the views after
 * it are not reached.
 */
export async function walkViews(context: BrowserContext, walk: Walk, env: TourEnv, path: string, check: (page: Page, view: ViewName, index: number) => Promise<void>): Promise<void> {
  const page = await visit(context, walk[0]!.view, env, path)
  for (const [i, { view, checked }] of walk.entries()) {
    if (i > 0) {
      const step = WALK_STEPS[view]
      if (!step) throw new Error(`No step reaches ${view} from ${walk[i - 1]!.view}`)
      await step(page)
      await waitForView(page, view)
    }
    if (checked) await check(page, view, i)
  }
}
