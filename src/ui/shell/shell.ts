/**
 * The modal shell the loader paints in the same frame as a click (budget 4): the frame, a header
 * with a close button, and skeleton rows. The React views replace it when ready. Its CSS (styles.ts)
 * is the modal root's, adopted by the loader when it makes the root.
 */
import type { ShellLabels } from './labels.js'

export const SHELL_ID = 'gw-shell'

/**
 * Paints the shell into the modal's shadow root: the frame, the header and three skeleton rows.
 * `onClose` runs for the close button and the backdrop; the title and the button's label are the
 * visitor's locale's (labels.ts: build-time text from the catalogues, which the build refuses if it
 * has a character HTML would read as markup). (The views, rendered ahead of the click in
 * idle time after load, show the real rows; the shell is for a click that comes before them.)
 */
export function paintShell(root: ShadowRoot, onClose: () => void, [title, , close]: ShellLabels): void {
  const shell = document.createElement('div')
  shell.id = SHELL_ID
  shell.innerHTML = `<div class="gw-overlay"><div class="gw-card" role="dialog" aria-modal="true" aria-busy="true"><div class="gw-header"><span></span><span class="gw-title">${title}</span><button class="gw-icon-btn" aria-label="${close}">✕</button></div><div class="gw-body">${'<div class="gw-skeleton"></div>'.repeat(3)}</div></div></div>`
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
