/**
 * Icons that ship with Gangway, drawn as inline SVG elements (no fetch, nothing for a
 * CSP's img-src): the WalletConnect row's mark, a simplified drawing of WalletConnect's logo (an
 * arc over a zigzag, white on its blue), and the All Wallets row's 2x2 grid of tiles. Decorative:
 * `aria-hidden`, the row's name is the label. Sized by the surrounding CSS like an image
 * (`gw-img`), or 72 px with `size="big"`. DOM hook: `data-icon` is `walletconnect` or `all-wallets`.
 */

const classOf = (size?: 'big') => `gw-img gw-svg${size === 'big' ? ' gw-big-icon' : ''}`

/** WalletConnect's mark. */
export function WalletConnectIcon({ size }: { size?: 'big' }) {
  return (
    <svg className={classOf(size)} viewBox="0 0 40 40" aria-hidden="true" focusable="false" data-icon="walletconnect">
      <rect width="40" height="40" rx="10" fill="#3b99fc" />
      <path d="M11.5 17.5c4.7-4.6 12.3-4.6 17 0" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M8 21.5l4.5 4.5 7.5-6.5 7.5 6.5 4.5-4.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** All Wallets: four wallet tiles in a 2x2 grid. */
export function AllWalletsIcon({ size }: { size?: 'big' }) {
  return (
    <svg className={classOf(size)} viewBox="0 0 40 40" aria-hidden="true" focusable="false" data-icon="all-wallets">
      <rect width="40" height="40" rx="10" fill="#e4e4e7" />
      <rect x="7" y="7" width="12" height="12" rx="3.5" fill="#3b82f6" />
      <rect x="21" y="7" width="12" height="12" rx="3.5" fill="#f59e0b" />
      <rect x="7" y="21" width="12" height="12" rx="3.5" fill="#10b981" />
      <rect x="21" y="21" width="12" height="12" rx="3.5" fill="#ec4899" />
    </svg>
  )
}
