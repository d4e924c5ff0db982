/** Reading the WalletConnect pairing URI in end-to-end tests and benches, the way a visitor does. */
import type { Page } from 'playwright-core'
import { E2E_WAIT_MS } from './wait.js'

/**
 * The WalletConnect pairing URI as a visitor gets it: through **Copy link** (the view keeps it out of
 * the DOM, issue 13). Records what the page writes to the clipboard, so it needs no clipboard permission.
 */
export async function copiedPairingUri(page: Page, timeoutMs = E2E_WAIT_MS): Promise<string> {
  await page.locator('[data-testid=gw-qr][data-ready] svg').waitFor({ timeout: timeoutMs })
  await page.evaluate(() => {
    const w = window as unknown as { __copied?: string[] }
    if (w.__copied) return
    w.__copied = []
    const write = navigator.clipboard.writeText.bind(navigator.clipboard)
    navigator.clipboard.writeText = async (text: string) => {
      w.__copied!.push(text)
      await write(text).catch(() => undefined)
    }
  })
  await page.click('[data-testid=gw-copy]')
  const uri = await page.waitForFunction(() => (window as unknown as { __copied: string[] }).__copied.at(-1), undefined, { timeout: timeoutMs })
  return (await uri.jsonValue()) as string
}
