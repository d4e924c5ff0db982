/**
 * Opening a wallet's WalletConnect deep link from the page (docs/behaviour.md §3 deep link choice):
 * the last check before navigating, and the open inside the tap's user gesture.
 *
 * A browser may refuse a navigation or `window.open` that does not run inside a user gesture
 * ('user gesture is required', rainbow-me/rainbowkit#2574), so on a mobile device the Connect rows
 * and the All Wallets tiles open the picked wallet synchronously in their click handler when the
 * engine has a pairing URI ready (prepared when the modal opened, walletConnectPrepareEffect), and
 * only then dispatch the connect. The ConnectingWalletConnect view opens it by itself when the URI
 * arrives later (outside the gesture: the known limit), and its "Open" button opens it again (a
 * fresh gesture). Both go through this module, which remembers what it opened, so the view does not
 * open a pairing the tap already opened.
 */
import type { Intent, PairingUri, WalletRef } from '../../contract.js'
import { isPairingExpired, walletDeepLink } from '../../projections/rules/wallet-rules.js'
import { navigationFor, walletLink } from '../../events/kernel/urls.js'
import { isMobileDevice } from '../device.js'

/** The client's dispatch (src/ui/core.ts Client). */
type Dispatch = (intent: Intent) => Promise<void>

/**
 * The pairings opened in this page session, as `{pairingTopic} {link}`: a pairing opened for one
 * wallet still opens for another the visitor picks next. Module level, shared by the rows, the
 * tiles and the view (which mounts after the tap).
 */
const opened = new Set<string>()
const key = (pairing: PairingUri, link: string) => `${pairing.pairingTopic} ${link}`

/**
 * Opens `link` (a wallet's mobile or desktop link from the registry) with the pairing's URI
 * (`walletDeepLink`: `{link}/wc?uri={uri encoded}` for https, `{scheme}://wc?uri=…` for a custom
 * scheme) now, synchronously: a custom scheme in this tab (`location.href`; the OS hands it to the
 * app), https in a new one (`window.open(href, '_blank', 'noreferrer,noopener')`). Then dispatches
 * `walletconnect/deep-link-opened { name, href: link }` (the deep link choice) and remembers the
 * pairing as opened for `link`. A link the URL validator refuses (`navigationFor`: javascript:,
 * data:, blob:, http…) opens nothing and dispatches nothing.
 * @param name the wallet's name for the deep link choice; 'WalletConnect' when undefined.
 * @returns whether a navigation was started.
 */
export function openWallet(dispatch: Dispatch, name: string | undefined, link: string, pairing: PairingUri): boolean {
  const to = navigationFor(walletDeepLink(link, pairing.uri))
  if (!to) return false
  opened.add(key(pairing, link))
  if (to.target === 'new-tab') window.open(to.href, '_blank', 'noreferrer,noopener')
  else window.location.href = to.href
  void dispatch({ type: 'walletconnect/deep-link-opened', payload: { name: name ?? 'WalletConnect', href: link } }).catch(() => undefined)
  return true
}

/** Whether `openWallet` already opened this pairing for `link` in this page session. */
export function wasOpened(pairing: PairingUri, link: string): boolean {
  return opened.has(key(pairing, link))
}

/** A wallet's link (its `mobileLink` or `desktopLink`) when the URL validator accepts it, else undefined (no deep link, no button). */
export function checkedWalletLink(link: string | undefined): string | undefined {
  return link !== undefined && walletLink(link) ? link : undefined
}

/**
 * The tap on a registry wallet (a Connect row or an All Wallets tile that pairs through
 * WalletConnect), before its connect is dispatched: on a mobile device (`isMobileDevice`), when the
 * wallet has a mobile link and a pairing URI is ready that the connect will take over (the prepared
 * one: on show while no WalletConnect connect is pending) and that does not count as expired (10 s
 * or less left, docs/behaviour.md §5: the engine is replacing it), opens the deep link inside the
 * tap (`openWallet`). Otherwise does nothing; the ConnectingWalletConnect view opens it when its
 * URI arrives.
 * @param pairing the pairing on show (Client `signals.pairing`), if any.
 * @param connecting whether a WalletConnect connect is pending (WalletConnectModel `connecting`):
 *   then the pairing on show may belong to it, and the new connect may pair afresh.
 * @returns whether a navigation was started.
 */
export function openOnTap(dispatch: Dispatch, wallet: WalletRef | undefined, pairing: PairingUri | undefined, connecting: boolean): boolean {
  const link = checkedWalletLink(wallet?.mobileLink)
  if (!link || !pairing || connecting || isPairingExpired(pairing.expiresAt, Date.now()) || !isMobileDevice()) return false
  return openWallet(dispatch, wallet!.name, link, pairing)
}
