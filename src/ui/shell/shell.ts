/**
 * The modal shell the loader paints in the same frame as a click (budget 4): the frame, a header
 * with a close button, and skeleton rows. The React views replace it when ready. Its CSS (styles.ts)
 * is the modal root's, adopted by the loader when it makes the root.
 */
import type { WalletRef } from '../../contract.js'

export const SHELL_ID = 'gw-shell'

/** A wallet row the shell can paint: what the Connect view shows first. */
export interface ShellRow {
  id: string
  name: string
  chain: 'eip155' | 'solana' | 'bip122' | 'polkadot'
  imageUrl?: string
  /** A registry wallet (paired through WalletConnect). */
  wallet?: WalletRef
}

/**
 * Paints the shell into the modal's shadow root. With `rows` (the Connect view's wallets, when the
 * core already knows them) it paints those rows, clickable through `onPick`; else skeleton rows.
 * `onClose` runs for the close button and the backdrop. Names and icons are set as text and src.
 */
export function paintShell(root: ShadowRoot, onClose: () => void, rows: readonly ShellRow[] = [], onPick?: (row: ShellRow) => void): void {
  const shell = document.createElement('div')
  shell.id = SHELL_ID
  shell.innerHTML = `<div class="gw-overlay" data-testid="gw-shell"><div class="gw-card" role="dialog" aria-modal="true" aria-busy="true"><div class="gw-header"><span></span><span class="gw-title">Connect Wallet</span><button class="gw-icon-btn" aria-label="Close">✕</button></div><div class="gw-body"></div></div></div>`
  const body = shell.querySelector('.gw-body')!
  if (rows.length === 0) body.innerHTML = '<div class="gw-skeleton"></div>'.repeat(3)
  for (const row of rows) {
    const button = document.createElement('button')
    button.className = 'gw-shell-row'
    button.dataset.walletRow = row.id
    const img = document.createElement('img')
    img.alt = ''
    if (row.imageUrl) img.src = row.imageUrl
    const name = document.createElement('span')
    name.textContent = row.name
    button.append(img, name)
    button.addEventListener('click', () => onPick?.(row))
    body.append(button)
  }
  shell.querySelector('.gw-icon-btn')!.addEventListener('click', onClose)
  shell.querySelector('.gw-overlay')!.addEventListener('click', (e) => {
    if (e.target === e.currentTarget) onClose()
  })
  root.append(shell)
}

/** Removes the shell, if painted. */
export function removeShell(root: ShadowRoot): void {
  root.getElementById(SHELL_ID)?.remove()
}
