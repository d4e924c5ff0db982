/**
 * The on-ramp provider's popup (docs/behaviour.md §4 on-ramp: 600x800, opened inside the
 * visitor's click). The click opens it blank at once (a browser refuses a popup opened after an
 * await); the engine then names the provider's page, which goes through the URL validator
 * (urls.ts providerPageUrl: https, or http on the site's on-ramp origin) before the popup is sent there.
 */
import { providerPageUrl } from '../../events/kernel/urls.js'

/** docs/behaviour.md §9: the popup's size, in CSS px. */
const FEATURES = 'width=600,height=800,scrollbars=yes'
const NAME = 'gangway-onramp'

let popup: Window | null = null

/** Opens the blank popup; call inside the click. */
export function openBuyPopup(): void {
  popup = window.open('about:blank', NAME, FEATURES)
  // The provider's page is a third party's: it gets no handle on the host page.
  if (popup) popup.opener = null
}

/** Closes the popup while it is still blank (the purchase could not start). */
export function closeBlankBuyPopup(): void {
  try {
    if (popup && !popup.closed && popup.location.href === 'about:blank') popup.close()
  } catch {
    // Navigated to the provider's origin: not ours to read, and not blank.
  }
  popup = null
}

/**
 * Sends the popup (or, when it was blocked or closed, a new one) to `url` once the validator takes it.
 * @returns false when the URL is refused (nothing opens).
 */
export function showProviderPage(url: string, allowedOrigins: readonly string[]): boolean {
  const href = providerPageUrl(url, allowedOrigins)
  if (!href) return false
  if (popup && !popup.closed) popup.location.href = href
  else popup = window.open(href, NAME, `${FEATURES},noopener`)
  return true
}
