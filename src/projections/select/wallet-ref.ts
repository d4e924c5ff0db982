/** The reference a wallet listing becomes when the visitor picks it (docs/behaviour.md §3 Wallet listing). Pure. */
import type { WalletListing, WalletRef } from '../../events/entities.js'

/** The reference a listing becomes when picked: its id, name, rdns, image and links. */
export function walletRef(w: WalletListing): WalletRef {
  const ref: WalletRef = { id: w.id, name: w.name }
  if (w.rdns) ref.rdns = w.rdns
  if (w.image_url) ref.imageUrl = w.image_url
  if (w.mobile_link) ref.mobileLink = w.mobile_link
  if (w.desktop_link) ref.desktopLink = w.desktop_link
  if (w.webapp_link) ref.webappLink = w.webapp_link
  return ref
}
