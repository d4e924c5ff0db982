/**
 * The views' entry: built twice, on Preact's React API for plain pages (ui.js) and on the host's
 * React for gangway/react (react-views.js). The loader evaluates it in idle time after load or on
 * intent (hover, focus or touchstart of a trigger, `modal.warm()`), at the latest on click, and
 * renders it into the modal's shadow root, where host CSS cannot reach. It replaces the loader's
 * shell once the modal is open.
 */
import { startTransition } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { ClientContext } from './client-context.js'
import type { Client } from './core.js'
import { removeShell } from './shell/shell.js'
import { adoptCss } from './adopt-css.js'
import { Modal } from './views/Modal.js'
import { viewsCss } from './views/styles.js'
import { mobileCss } from './views/mobile-styles.js'
import { I18nContext, loadTranslator } from './i18n/i18n.js'
import { browserLanguages, pickLocale } from './i18n/locale.js'

const mounted = new WeakMap<ShadowRoot, Root>()

/**
 * Renders the views into `root` once, hidden while the modal is closed, so that opening only shows
 * them. The render starts in a task of its own (not the one that evaluated this module) and is a
 * transition, which React's concurrent root renders in slices, yielding to the page between them:
 * no long task. Preact's startTransition runs it at once. It waits for the messages of
 * the visitor's locale (the host's `locale` option, else the browser's; a chunk of its own but for
 * English, src/ui/i18n), so the views never show English first; the root takes the locale's
 * `lang` and `dir` (rtl for Arabic).
 */
export function prerender(root: ShadowRoot, client: Client): void {
  if (!mounted.has(root)) {
    // After the frame's CSS, which the loader adopted when it made the root.
    adoptCss(root, viewsCss + mobileCss)
    const container = document.createElement('div')
    container.className = 'gw-root'
    root.append(container)
    const reactRoot = createRoot(container)
    mounted.set(root, reactRoot)
    void loadTranslator(pickLocale(client.locale, browserLanguages())).then((translator) => {
      container.lang = translator.lang
      container.dir = translator.dir
      setTimeout(() =>
        startTransition(() =>
          reactRoot.render(
            <I18nContext.Provider value={translator}>
              <ClientContext.Provider value={client}>
                <Modal />
              </ClientContext.Provider>
            </I18nContext.Provider>,
          ),
        ),
      )
    })
  }
}

/**
 * Renders the views into `root` (once per root) and resolves when the modal is open and painted;
 * the shell is removed then.
 */
export function mount(root: ShadowRoot, client: Client): Promise<void> {
  prerender(root, client)
  return new Promise((resolve) => {
    const check = () => {
      if (!client.signals.modal.value.open || !root.querySelector('[data-testid="gw-modal"][data-open]')) return false
      removeShell(root)
      resolve()
      return true
    }
    if (check()) return
    const observer = new MutationObserver(() => check() && observer.disconnect())
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-open'] })
  })
}

/**
 * Mounts the debug panel (option `debug`) into its own shadow root, `<gangway-debug>`, once.
 * `showViews` renders the modal's views, which time travel shows.
 */
export function mountDebugPanel(client: Client, projectId: string, showViews: () => void): void {
  if (document.querySelector('gangway-debug')) return
  const host = document.createElement('gangway-debug')
  document.body.append(host)
  const root = host.attachShadow({ mode: 'open' })
  // The panel is a chunk of its own: only pages with the `debug` option load it.
  void import('./debug/DebugPanel.js').then(({ DebugPanel, debugCss }) => {
    adoptCss(root, debugCss)
    const container = document.createElement('div')
    root.append(container)
    createRoot(container).render(<DebugPanel client={client} projectId={projectId} showViews={showViews} />)
  })
}
