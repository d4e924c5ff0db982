/**
 * The pseudo-locale check: with `?locale=en-XA` every catalogue
 * message is wrapped in ⟦…⟧ and accented, so a visible text of the modal that is neither marked
 * nor data (names from the services, addresses, amounts, dates) is a string a view hard-codes
 * instead of taking from the catalogue.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { HBD } from '../../localnet/contracts.js'
import { HUSD } from '../../localnet/stablecoin.js'
import { SEEDED_COLLECTIONS, SEEDED_TOKENS } from '../../localnet/assets.js'
import { walletRegistry } from '../../localnet/services/wallet-config.js'
import { IDENTITIES } from '../../localnet/services/blockchain.js'

/** A locale's catalogue of messages, as in the source. */
export const catalogue = (locale: string): Record<string, string> => JSON.parse(readFileSync(`src/ui/i18n/catalogues/${locale}.json`, 'utf8'))

/** The modal's visible texts: its text nodes, and the placeholders and aria-labels of its visible elements. */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const modal = document.querySelector('gangway-modal')?.shadowRoot?.querySelector('[data-testid=gw-modal]')
    if (!modal) return []
    const out: string[] = []
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true })
    const walker = document.createTreeWalker(modal, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Text) {
        const text = node.data.trim()
        if (text && node.parentElement && shown(node.parentElement)) out.push(text)
      } else if (node instanceof Element && shown(node)) {
        for (const name of ['placeholder', 'aria-label']) {
          const value = node.getAttribute(name)?.trim()
          if (value) out.push(value)
        }
      }
    }
    return out
  })
}

/** The data the demo shows: names from the registry, the chains, the tokens, the identity service. */
const names = new Set<string>([
  ...walletRegistry('').map((w) => w.name),
  'Localnet Wallet',
  'WalletConnect',
  'Localnet',
  'Localnet B',
  'Solana Localnet',
  'Bitcoin Regtest',
  // Brand and technical names (the chain chip, the namespaces' groups, the social providers' buttons).
  'Solana',
  'Bitcoin',
  'BTC',
  'Google',
  'X',
  'Discord',
  'Farcaster',
  'GitHub',
  'Apple',
  'Facebook',
  'EVM',
  'Ether',
  HBD.name,
  HUSD.name,
  HUSD.symbol,
  // The on-ramp's currency codes and provider (issue 21).
  'USD',
  'EUR',
  'Meld.io',
  ...SEEDED_TOKENS.flatMap((t) => [t.name, t.symbol]),
  // Ticker symbols on their own (the token list, the send summary).
  'ETH',
  'SOL',
  HBD.symbol,
  ...SEEDED_COLLECTIONS.map((c) => c.name),
  ...Object.values(IDENTITIES).map((i) => i.name),
])
const amount = String.raw`[+\-−]?\d+(?:\.\d+)?(?: [A-Z][A-Z0-9]{1,9})?`
const nft = String.raw`[A-Z]+ #\d+|NFT`
const DATA = [
  /^[\s·•—✕←]*$/u, // icons and separators
  /^[\p{Lu}\p{N}]{1,2}$/u, // a generated icon's initials
  new RegExp(`^${amount}$`), // '9999.873 ETH', '-0.01 ETH', '0.5', a simulated change '−0.01 ETH'
  new RegExp(`^(?:${amount}|${nft})(?: · (?:${amount}|${nft}))*$`), // an Activity row: '+2500.123 TIDE · HCREW #2'
  /^\d[\d,]*\+$/, // the All Wallets count, '160+'
  /^\$[\d,]+\.\d{2}$/, // dollars
  /^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/, // a short address
  /^0x[0-9a-fA-F]{40}$/, // a whole address (Receive)
  /^0x(?:…)?$/, // the receiver's placeholder
  /^0\.0$/, // the amount's placeholder
  /^[A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2}\s[AP]M$/, // an Activity date (formatted as English)
  /^Gangway$/, // the dialog's name
  /^[a-z0-9-]+\.reown\.id$/, // an account name (RegisterAccountName: the label typed, the suggestions)
]
/** Whether a text is data (a name from the services, an address, an amount, a date), not a message. */
const isData = (text: string) => names.has(text) || DATA.some((re) => re.test(text))
/** Whether a text carries the pseudo-locale's markers (it came from the catalogue). */
const marked = (text: string) => text.includes('⟦') && text.includes('⟧')

/** The visible texts of the modal now that are neither marked nor data. */
export const unmarked = async (page: Page) => (await visibleTexts(page)).filter((text) => !marked(text) && !isData(text))
