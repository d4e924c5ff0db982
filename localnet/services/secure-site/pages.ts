/**
 * The secure-site emulator's HTML pages and stylesheet. Every value is HTML-escaped; no page has an
 * inline script or style (their CSP is `script-src 'self'; style-src 'self'`): the scripts are
 * /sdk.js (frame-script.ts) and /social.js (social-script.ts), the styles /site.css.
 * Demo and test tooling only.
 */
import type { Mail } from './inbox.js'

/** `text` safe inside HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The stylesheet of every page, served as /site.css. */
export const SITE_CSS = `
:root { color-scheme: light; font: 15px/1.5 system-ui, sans-serif; color: #111827 }
body { margin: 0; background: #f9fafb }
main { max-width: 480px; margin: 48px auto; padding: 24px; background: #fff; border: 1px solid #e5e7eb; border-radius: 16px }
h1 { font-size: 20px; margin: 0 0 12px }
label { display: block; margin: 12px 0 }
input { display: block; width: 100%; box-sizing: border-box; padding: 8px; margin-top: 4px; font: inherit }
button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid #d1d5db; background: #fff; cursor: pointer }
button.primary { background: #2563eb; color: #fff; border-color: #2563eb }
.actions { display: flex; gap: 8px; justify-content: flex-end; margin-top: 16px }
.mail { border-top: 1px solid #e5e7eb; padding: 8px 0 }
.mail time { color: #6b7280; font-size: 13px }
body.sdk { background: transparent }
#approval { margin: 0; padding: 16px; background: #fff; min-height: 100vh; box-sizing: border-box }
#approval dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 }
#approval dt { color: #6b7280 }
#approval dd { margin: 0; overflow-wrap: anywhere }
#approval pre { margin: 0; white-space: pre-wrap; font: 13px/1.4 ui-monospace, monospace; max-height: 240px; overflow: auto }
[hidden] { display: none !important }
`

const page = (title: string, body: string, bodyAttributes = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/site.css"></head><body${bodyAttributes}>${body}</body></html>`

/** The iframe's page: the approval panel, hidden until a signing or sending request; its script is /sdk.js. */
export function sdkPage(): string {
  const row = (name: string, label: string, inner = `<dd id="approval-${name}"></dd>`) => `<div class="row" id="row-${name}"><dt>${label}</dt>${inner}</div>`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Secure site (localnet)</title><link rel="stylesheet" href="/site.css"><script src="/sdk.js" defer></script></head><body class="sdk">
<section id="approval" hidden aria-labelledby="approval-title">
<h1 id="approval-title">Approve request</h1>
<dl>${row('method', 'Method')}${row('account', 'Account')}${row('chain', 'Network')}${row('message', 'Message', '<dd><pre id="approval-message"></pre></dd>')}${row('to', 'To')}${row('value', 'Value')}${row('call', 'Call')}</dl>
<div class="actions"><button type="button" id="approval-reject" data-testid="secure-reject">Reject</button><button type="button" class="primary" id="approval-approve" data-testid="secure-approve">Approve</button></div>
</section></body></html>`
}

/** The social popup's first page. */
export const loadingPage = () => page('Loading…', '<main><h1>Loading…</h1></main>')

/** The fake provider's sign-in page for `state`: a username (prefilled), Allow and Deny. */
export function oauthPage(provider: string, state: string): string {
  return page(
    `Sign in with ${provider} (localnet)`,
    `<main><h1>Sign in with ${escapeHtml(provider)}</h1><p>The localnet stands in for ${escapeHtml(provider)}: pick the username to sign in as.</p>
<form method="post" action="/oauth/${escapeHtml(provider)}"><input type="hidden" name="state" value="${escapeHtml(state)}">
<label>Username <input name="username" data-testid="oauth-username" value="localnet-${escapeHtml(provider)}-user" maxlength="64" required></label>
<div class="actions"><button name="decision" value="deny" data-testid="oauth-deny">Deny</button><button class="primary" name="decision" value="allow" data-testid="oauth-allow">Allow</button></div></form></main>`,
  )
}

/**
 * The page the provider redirects to. With `openerOrigin`, /social.js posts `{ resultUri }` to the
 * opener at that origin (the popup path; none: it posts nothing and says the sign-in is not valid).
 * With `returnTo` (the Telegram path: an address social.ts `returnTarget` checked and built),
 * /social.js navigates the window there with `location.replace`.
 */
export function socialPage(to: { openerOrigin?: string | undefined; returnTo?: string }, denied: boolean): string {
  const { openerOrigin, returnTo } = to
  const attribute = returnTo ? ` data-return-to="${escapeHtml(returnTo)}"` : openerOrigin ? ` data-opener-origin="${escapeHtml(openerOrigin)}"` : ''
  const title = denied ? 'Sign-in was denied' : openerOrigin || returnTo ? 'Signed in' : 'This sign-in is not valid'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title><link rel="stylesheet" href="/site.css"><script src="/social.js" defer></script></head><body${attribute}><main><h1>${title}</h1><p>${returnTo ? 'Going back to the site…' : 'You can close this window'}</p></main></body></html>`
}

/** The inbox of `email`, newest first (no email: a form asking for one). */
export function inboxPage(email: string | null, mail: Mail[]): string {
  if (!email) return page('Inbox (localnet)', '<main><h1>Inbox</h1><form method="get" action="/inbox"><label>Email <input name="email" type="email" required></label><div class="actions"><button class="primary">Open</button></div></form></main>')
  const items = mail.map((m) => {
    const at = `<time datetime="${new Date(m.at).toISOString()}">${escapeHtml(new Date(m.at).toISOString())}</time>`
    return m.kind === 'otp'
      ? `<li class="mail" data-kind="otp">${at}<p>Your code is <strong data-testid="inbox-code">${escapeHtml(m.code!)}</strong></p></li>`
      : `<li class="mail" data-kind="device">${at}<p>Approve this device: <a data-testid="inbox-device-link" href="${escapeHtml(m.link!)}">approve</a></p></li>`
  })
  return page(`Inbox of ${email} (localnet)`, `<main><h1>Inbox of ${escapeHtml(email)}</h1>${items.length ? `<ul>${items.join('')}</ul>` : '<p>No mail yet.</p>'}</main>`)
}

/** The device link's page. */
export const devicePage = (approved: boolean) =>
  page('Device approval (localnet)', `<main><h1>${approved ? 'Device approved' : 'This link is not valid'}</h1><p>${approved ? 'Go back to the site and enter the code we sent.' : 'It was used already, or it never existed.'}</p></main>`)

/** The Farcaster approval page for `channel` (what scanning the QR code opens). */
export function farcasterPage(channel: string, valid: boolean): string {
  if (!valid) return page('Farcaster (localnet)', '<main><h1>This link is not valid</h1></main>')
  return page(
    'Farcaster (localnet)',
    `<main><h1>Sign in with Farcaster</h1><form method="post" action="/farcaster"><input type="hidden" name="channel" value="${escapeHtml(channel)}">
<label>Username <input name="username" data-testid="farcaster-username" value="localnet-farcaster-user" maxlength="64" required></label>
<div class="actions"><button class="primary" data-testid="farcaster-approve">Approve</button></div></form></main>`,
  )
}

/** The Farcaster page after Approve. */
export const farcasterDonePage = (approved: boolean) => page('Farcaster (localnet)', `<main><h1>${approved ? 'Approved' : 'This link is not valid'}</h1><p>You can close this window</p></main>`)

/** A plain error page. */
export const errorPage = (title: string) => page(title, `<main><h1>${escapeHtml(title)}</h1></main>`)
