/**
 * CSS of the transaction preview (TxPreview.tsx; docs/behaviour.md §2 ApproveTransaction and
 * WalletSendPreview), shipped in its lazy chunk and adopted into the shadow root when it first shows
 * (use-view-css.ts), after views/styles.ts, whose variables it uses. The preview is a box of fixed
 * height that scrolls: the simulation's answer replaces 'Simulating…' without moving anything below
 * it (the secure site's frame laid over ApproveTransaction, the Send button), so a press meant for
 * them lands where it was aimed. Addresses and amounts wrap anywhere and take their direction from
 * their own text.
 */
export const txPreviewCss = `
.gw-tx{box-sizing:border-box;width:100%;height:168px;flex:none;overflow-y:auto;display:flex;flex-direction:column;gap:6px;padding:10px 12px;border-radius:calc(var(--gw-r)*3);background:var(--gw-soft);text-align:start;font-size:calc(var(--gw-fs)*1.3);overflow-wrap:anywhere}
.gw-tx:focus-visible{outline:2px solid var(--gw-accent-c);outline-offset:2px}
.gw-tx-head{font-weight:600}
.gw-tx-calls,.gw-tx-changes{display:flex;flex-direction:column;gap:4px;margin:0;padding:0;list-style:none}
.gw-tx-call{display:flex;flex-direction:column;gap:2px}
.gw-tx-call[aria-current]{padding-inline-start:8px;box-shadow:inset 2px 0 0 var(--gw-accent-c)}
.gw-tx-detail{color:var(--gw-fg2);font-size:calc(var(--gw-fs)*1.2)}
.gw-tx-amount{unicode-bidi:plaintext;font-weight:500}
`
