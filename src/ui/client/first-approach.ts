/**
 * The visitor's first reach for the modal: the moment the engine may ask the services
 * (docs/behaviour.md §7: nothing is asked of a service before a visitor reaches for the modal).
 */

/**
 * The triggers (loader.ts): <gangway-button> and the site's elements with `data-gangway-open`. The
 * loader writes the same selector and intent events inline: a module shared by both costs the loader
 * 6 B gzip, the last it has.
 */
const TRIGGERS = '[data-gangway-open],gangway-button'

/**
 * Calls `approached` once, the first time the visitor reaches for a trigger: pointer over, focus or
 * touch (capture listeners on the document, so triggers the site adds later count), or at once
 * when a trigger is already under the pointer or focused (the reach that loaded this chunk early).
 * Nothing happens where there is no document (server rendering).
 */
export function onFirstApproach(approached: () => void): void {
  if (typeof document !== 'object') return
  const types = ['pointerover', 'focusin', 'touchstart']
  const reached = () => {
    for (const type of types) document.removeEventListener(type, listener, { capture: true })
    approached()
  }
  const listener = (e: Event) => void (e.target instanceof Element && e.target.closest(TRIGGERS) && reached())
  for (const type of types) document.addEventListener(type, listener, { passive: true, capture: true })
  if (document.querySelector('gangway-button:hover,[data-gangway-open]:hover') || document.activeElement?.closest(TRIGGERS)) reached()
}
