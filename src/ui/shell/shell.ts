/**
 * The modal shell the loader paints in the same frame as a click (budget 4): the frame, a header
 * with a close button, and skeleton rows. The React views replace it when ready.
 */
import { frameCss } from './styles.js'

export const SHELL_ID = 'gw-shell'

/** Paints the shell into the modal's shadow root. `onClose` runs for the close button and the backdrop. */
export function paintShell(root: ShadowRoot, onClose: () => void): void {
  const shell = document.createElement('div')
  shell.id = SHELL_ID
  shell.innerHTML = `<style>${frameCss}</style><div class="gw-overlay" data-testid="gw-shell"><div class="gw-card" role="dialog" aria-modal="true" aria-busy="true"><div class="gw-header"><span></span><span class="gw-title">Connect Wallet</span><button class="gw-icon-btn" aria-label="Close">✕</button></div><div class="gw-body"><div class="gw-skeleton"></div><div class="gw-skeleton"></div><div class="gw-skeleton"></div></div></div></div>`
  shell.querySelector('button')!.addEventListener('click', onClose)
  shell.querySelector('.gw-overlay')!.addEventListener('click', (e) => {
    if (e.target === e.currentTarget) onClose()
  })
  root.append(shell)
}

/** Removes the shell, if painted. */
export function removeShell(root: ShadowRoot): void {
  root.getElementById(SHELL_ID)?.remove()
}
