/** The Localnet Wallet's approval prompt, in its own shadow root on the page (demo and test tooling). */

export const ICON =
  'data:image/svg+xml;base64,' +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f766e"/><path d="M16 40l16-20 16 20z" fill="#fff"/></svg>')

/** Shows the approval prompt with `text`; resolves true for Approve, false for Reject. */
export function prompt(text: string): Promise<boolean> {
  const host = document.createElement('localnet-wallet-prompt')
  const root = host.attachShadow({ mode: 'open' })
  // An adopted stylesheet, not a <style>: the demo page runs under a strict CSP too (?csp=strict).
  const sheet = new CSSStyleSheet()
  sheet.replaceSync('div{position:fixed;top:16px;right:16px;z-index:2147483647;width:280px;padding:16px;border-radius:12px;background:#0f172a;color:#fff;font:14px system-ui;box-shadow:0 8px 24px #0006}p{white-space:pre-wrap;overflow-wrap:anywhere;max-height:40vh;overflow:auto}button{margin:12px 8px 0 0;padding:8px 14px;border-radius:8px;border:0;cursor:pointer}')
  root.adoptedStyleSheets = [sheet]
  root.innerHTML = `<div role="dialog" aria-label="Localnet Wallet"><strong>Localnet Wallet</strong><p></p><button data-testid="localnet-wallet-reject">Reject</button><button data-testid="localnet-wallet-approve">Approve</button></div>`
  root.querySelector('p')!.textContent = text
  document.body.append(host)
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      host.remove()
      resolve(ok)
    }
    root.querySelector('[data-testid=localnet-wallet-approve]')!.addEventListener('click', () => done(true))
    root.querySelector('[data-testid=localnet-wallet-reject]')!.addEventListener('click', () => done(false))
  })
}

