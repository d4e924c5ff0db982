/**
 * Styles for Gangway's shadow roots that pass a strict Content-Security-Policy (`style-src 'self'`,
 * no 'unsafe-inline'): a constructable stylesheet, which CSP does not govern, added to the
 * root's adopted sheets. Where the browser has none (Safari before 16.4) a `<style>` element is the
 * fallback; it carries the nonce of the root's host element (`host.nonce`: createModal sets the
 * modal's from the `nonce` option; a `<gangway-button nonce="…">` has the site's), so a host whose
 * CSP names a style nonce still accepts it.
 */

/** Adds `css` to `root`'s styles, after those it has. */
export function adoptCss(root: ShadowRoot, css: string): void {
  if (root.adoptedStyleSheets) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  } else {
    const style = document.createElement('style')
    style.nonce = (root.host as HTMLElement).nonce
    style.textContent = css
    root.append(style)
  }
}
