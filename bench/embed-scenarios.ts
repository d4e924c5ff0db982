/** bench/embed's scenarios: the demo site's host pages (localnet/demo), how the visitor opens the modal, and each page's baseline. */

/** One host page and the way the visitor opens the modal on it. */
export interface EmbedScenario {
  /** The row's name in the tables and its key (with the CPU rate) in bench/results/embed.json. */
  name: string
  /** The page's path on the demo server. */
  path: string
  /** The button clicked: Playwright selector (it pierces shadow roots). */
  button: string
  /** How long the pointer rests on the button before the click, in ms (0: moved there and clicked at once). */
  hoverMs: number
  /** The page runs Gangway: the click opens the modal. */
  gangway: boolean
  /** The scenario whose page is this one without Gangway (same host button): the baseline of the task-time column. */
  baseline?: string
}

export const SCENARIOS: readonly EmbedScenario[] = [
  // The first two are the rows bench/embed always had (same keys), so results stay comparable.
  { name: 'bare page', path: '/bare.html', button: 'header button', hoverMs: 0, gangway: false },
  { name: 'Gangway demo', path: '/', button: 'gangway-button button', hoverMs: 150, gangway: true, baseline: 'bare page' },
  { name: 'plain page, own button', path: '/host-button.html', button: 'header button', hoverMs: 0, gangway: true, baseline: 'bare page' },
  { name: 'React page without Gangway', path: '/react-bare.html', button: '[data-testid=react-open]', hoverMs: 0, gangway: false },
  // A site's own wallet UI on the engine (views: false): its button shows its own list (modal.headless()), no Gangway view.
  { name: 'headless page, views: false', path: '/headless.html', button: '[data-testid=open-modal]', hoverMs: 0, gangway: true, baseline: 'bare page' },
  { name: 'React page, useModal().open()', path: '/react.html', button: '[data-testid=react-open]', hoverMs: 0, gangway: true, baseline: 'React page without Gangway' },
]
