/**
 * One run of bench/embed's in-modal interactions: INP-style latencies of what a visitor does inside
 * the open modal, on a host page at a CPU throttling rate (CDP Emulation.setCPUThrottlingRate).
 *
 * "Input → result painted" (resultPaintMs), the probe's definition (bench/browser/interaction-probe.ts):
 * from the input's event `timeStamp` (the `click` of a button, the `keydown` of a keystroke: the event
 * the views act on, taken by a capture listener on window) to the end of the paint of the first frame
 * whose DOM shows the interaction's result. A requestAnimationFrame loop started at the input checks
 * the result's DOM condition in the modal's shadow root before each frame; in the first frame where
 * it holds, the rAF callback posts a user-blocking task, and performance.now() when it runs (the
 * first task after that frame's main-thread paint) is the result painted. Not merely the next paint: a
 * click whose result needs the engine (in its worker) and a render is measured to that render's paint.
 * Beside it, the Event Timing API's `duration` of the input's interaction (the "next paint" number):
 * the longest among its entries (PerformanceObserver type 'event', durationThreshold 16, interactionId > 0),
 * and whether a long task (over 50 ms) overlapped the interaction.
 *
 * A run, in a fresh page of `context`: the page loaded, then throttled; its button opens the modal
 * (bench/embed-scenarios.ts); on Connect, All Wallets and a keystroke in its search that no loaded
 * wallet matches (the registry's answer), the search cleared, then one that some loaded wallets match; back to
 * Connect, the Localnet Wallet connected as tests/e2e/helpers.ts connectLocalnetWallet does; on
 * Account, the tabs Tokens → NFTs → Activity, Send, Back, Networks, each a click after the pointer
 * rested REST_MS on its button. Before each input the modal's card
 * animations have ended and its DOM has been unchanged for QUIET_MS (a click begun while the card
 * moves can be lost); after each result, QUIET_MS again, so the observers have reported.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { browserBundle, within } from './page-tools.js'
import { accountSettled, cardAnimationsEnded, connectSettled, waitForView } from '../tests/e2e/helpers.js'
import type { InteractionProbe, InteractionTiming } from './browser/interaction-probe.js'
import { SCENARIOS } from './embed-scenarios.js'

/**
 * The interactions of a run, in their order: in All Wallets' search, a keystroke no loaded wallet
 * matches (its result is the registry's answer, asked after the 300 ms search wait of
 * docs/behaviour.md §9) and one some loaded wallets match (its result is the loaded wallets narrowed); the Account tabs
 * Tokens → NFTs and → Activity (from Tokens when the page has no NFTs tab), Send opened from Account,
 * Back from Send to Account, and the network list (SwitchNetwork) opened from Account.
 */
export const INTERACTIONS = ['search answered', 'search keystroke', 'tab →NFTs', 'tab →Activity', 'open Send', 'Back from Send', 'open Networks'] as const
/** One of INTERACTIONS. */
export type InteractionName = (typeof INTERACTIONS)[number]

/**
 * One interaction of a run. Times in ms: `resultPaintMs`, the input's timeStamp to the first frame
 * showing its result painted; `eventDurationMs`, the Event Timing duration of its interaction (16
 * when no entry of it reached the 16 ms threshold); `longTask`, a long task (over 50 ms) overlapped
 * it (its first event, pointerdown or keydown, to its result painted). When the page does not offer
 * the interaction, both times are NaN, `longTask` false and `unavailable` says why.
 */
export type InteractionResult = InteractionTiming & { unavailable?: string }

/** One run: each interaction's result, by name. */
export type InteractionSample = Record<InteractionName, InteractionResult>

/**
 * How long the pointer rests on a button before its click, in ms: as a person's does, and as
 * bench/embed's row for <gangway-button> has it. The views load a later view's chunk on that intent
 * (src/ui/views/lazy-views.tsx preloadOnIntent); a click with no rest measures the chunk's fetch too.
 */
const REST_MS = 150

/** A person's click on `selector`: the pointer moves onto it, rests REST_MS, then presses. */
async function press(page: Page, selector: string): Promise<void> {
  await page.hover(selector)
  await page.waitForTimeout(REST_MS)
  await page.click(selector)
}

/** How long the modal's DOM stays unchanged, in ms, before an input and after a result. */
const QUIET_MS = 300
/** How long a wait for quiet, or for a result painted, lasts before the run fails, in ms. */
const WAIT_MS = 30_000
/**
 * The characters typed in All Wallets' search ('search answered', then 'search keystroke'), over the
 * registry of localnet/services/wallet-config.ts: no name of its first page (Harbor, Amber, Cobalt,
 * Lumen…) has 'z', some of the 161 do (Quartz, Zephyr); some names of the first page have 'w'
 * (… Wallet), most do not.
 */
const SEARCH_CHARS = { 'search answered': 'z', 'search keystroke': 'w' } as const

const probeBundle = browserBundle('bench/browser/interaction-probe.ts')

const unavailable = (why: string): InteractionResult => ({ resultPaintMs: NaN, eventDurationMs: NaN, longTask: false, unavailable: why })

/** Waits for the modal's DOM to stay unchanged QUIET_MS. @throws Error 'the modal did not go quiet for 300 ms in 30000 ms'. */
const quiet = (page: Page) => page.evaluate(([ms, timeoutMs]) => (window as unknown as { __interactions: InteractionProbe }).__interactions.quiet(ms, timeoutMs), [QUIET_MS, WAIT_MS] as const)

/** Before an input: the card's animations ended (its subtree's too), then the modal quiet. */
async function settle(page: Page): Promise<void> {
  await cardAnimationsEnded(page)
  await quiet(page)
}

/**
 * Times one interaction: settles, arms the probe, makes the input (`input`), waits for its result
 * painted, lets the page go quiet and reads the probe.
 * @throws Error '<name>: no result painted 30 s after the input' when the result never shows (or the input never reached the page).
 */
async function timed(page: Page, name: InteractionName, input: () => Promise<void>, arg = ''): Promise<InteractionResult> {
  await settle(page)
  await page.evaluate(([n, a]) => (window as unknown as { __interactions: InteractionProbe }).__interactions.arm(n, a), [name, arg] as const)
  await input()
  await within(
    page.evaluate(() => (window as unknown as { __interactions: InteractionProbe }).__interactions.painted()),
    WAIT_MS,
    `${name}: no result painted ${WAIT_MS / 1000} s after the input`,
  )
  await quiet(page)
  return page.evaluate(() => (window as unknown as { __interactions: InteractionProbe }).__interactions.measure())
}

/**
 * Loads `url` (a Gangway host page of bench/embed-scenarios.ts) in a new page of `context`, throttles
 * its CPU by `rate` (1: none), and times each of INTERACTIONS once (see the module comment); closes
 * the page. An interaction the page does not offer (All Wallets without a wallet/config service, the
 * NFTs tab without an NFT service) is `unavailable` in the sample.
 * @throws Error 'no Gangway page of bench/embed-scenarios.ts has the path <path>' for another page;
 *   Error '<name>: no result painted 30 s after the input'; Error 'the modal did not go quiet for
 *   300 ms in 30000 ms'; Error 'search answered: a wallet row shown has "z" in its name' or 'search
 *   keystroke: no wallet row shown, or every one, has "w" in its name' (the registry does not
 *   read as above); Playwright's TimeoutError (after 60 s) when a view of the flow
 *   (Connect, AllWallets, Account, WalletSend, SwitchNetwork) or a button of it does not show.
 */
export async function measureInteractions(context: BrowserContext, url: string, rate: number): Promise<InteractionSample> {
  const path = new URL(url).pathname
  const scenario = SCENARIOS.find((s) => s.gangway && s.path === path)
  if (!scenario) throw new Error(`no Gangway page of bench/embed-scenarios.ts has the path ${path}`)
  const page = await context.newPage()
  try {
    await page.addInitScript({ content: await probeBundle })
    await page.goto(url, { waitUntil: 'load' })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const sample = {} as InteractionSample

    // Connect, its registry lists in (where the page has the wallet/config service).
    await page.click(scenario.button)
    await waitForView(page, 'Connect')
    await connectSettled(page)
    await settle(page)
    if (await page.locator('[data-testid=gw-all-wallets]').count()) {
      await page.click('[data-testid=gw-all-wallets]')
      await waitForView(page, 'AllWallets')
      await page.locator('[data-testid=gw-all-list] [data-wallet-id]').first().waitFor()
      const names = await page.locator('[data-testid=gw-all-list] [data-wallet-id]').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('title') ?? ''))
      const having = (c: string) => names.filter((n) => n.toLowerCase().includes(c)).length
      const { 'search answered': none, 'search keystroke': some } = SEARCH_CHARS
      if (having(none) > 0) throw new Error(`search answered: a wallet row shown has "${none}" in its name`)
      if (having(some) === 0 || having(some) === names.length) throw new Error(`search keystroke: no wallet row shown, or every one, has "${some}" in its name`)
      await page.locator('[data-testid=gw-search]').focus()
      sample['search answered'] = await timed(page, 'search answered', () => page.keyboard.press(none), none)
      // Cleared: the registry's pages again, as loaded.
      await page.keyboard.press('Backspace')
      await page.locator('[data-testid=gw-all-list] [data-wallet-id]').nth(names.length - 1).waitFor()
      sample['search keystroke'] = await timed(page, 'search keystroke', () => page.keyboard.press(some), some)
      await page.click('[data-testid=gw-back]')
      await waitForView(page, 'Connect')
      await settle(page)
    } else sample['search answered'] = sample['search keystroke'] = unavailable('no All Wallets row on Connect: the page configures no wallet/config service')

    // Connected, as connectLocalnetWallet does, then Account's balance in (pages without window.gangway pass accountSettled at once).
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    await accountSettled(page)
    await cardAnimationsEnded(page, false)
    await page.locator('[data-testid=gw-balance]', { hasText: /\d/ }).waitFor()

    const tab = (name: 'NFTs' | 'Activity') => () => press(page, `[data-testid=gw-account-tabs] [data-tab=${name}]`)
    sample['tab →NFTs'] = (await page.locator('[data-tab=NFTs]').count()) ? await timed(page, 'tab →NFTs', tab('NFTs')) : unavailable('no NFTs tab on Account: the page configures no NFT service')
    sample['tab →Activity'] = (await page.locator('[data-tab=Activity]').count()) ? await timed(page, 'tab →Activity', tab('Activity')) : unavailable('no Activity tab on Account')
    sample['open Send'] = await timed(page, 'open Send', () => press(page, '[data-testid=gw-open-send]'))
    sample['Back from Send'] = await timed(page, 'Back from Send', () => press(page, '[data-testid=gw-back]'))
    sample['open Networks'] = await timed(page, 'open Networks', () => press(page, '[data-testid=gw-network]'))
    return sample
  } finally {
    await page.close()
  }
}
