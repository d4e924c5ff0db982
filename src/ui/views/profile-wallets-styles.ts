/**
 * CSS of the ProfileWallets view, shipped in its lazy chunk, not in the views' first
 * chunk: the view adopts it into its shadow root when it first renders (ProfileWalletsView.tsx,
 * through use-view-css.ts, so a strict CSP holds), after views/styles.ts and views/mobile-styles.ts,
 * whose classes and variables it builds on (`.gw-group`, `.gw-tag`, `.gw-btn`, `.gw-icon-btn`,
 * `.gw-link`; `--gw-soft`, `--gw-info-bg`…). A namespace's section: its heading and Disconnect all
 * on one line; each connection a rounded box (the wallet's icon, name, class tag and Disconnect),
 * its accounts as rows on the card's colour, the active one ringed in the accent colour; the
 * copy and explorer tools are icon buttons (44 px on a phone, mobile-styles.ts).
 */
export const profileWalletsCss = `
.gw-pw-tool:focus-visible{outline:2px solid var(--gw-accent-c);outline-offset:2px}
.gw-link:disabled{color:var(--gw-fg2);cursor:default;opacity:.6}
.gw-pw,.gw-pw-connections,.gw-pw-accounts{display:flex;flex-direction:column;gap:12px;margin:0;padding:0;list-style:none}
.gw-pw-alert{display:flex;flex-direction:column;gap:4px;padding:10px 12px;border-radius:calc(var(--gw-r)*3);background:var(--gw-info-bg);color:var(--gw-info-fg);font-size:calc(var(--gw-fs)*1.3)}
.gw-pw-problem{margin:0}
.gw-pw-ns-head{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-bottom:6px}
.gw-pw-ns-head .gw-group{margin:0}
.gw-pw-connections{gap:8px}
.gw-pw-connection{padding:10px;border-radius:calc(var(--gw-r)*3);background:var(--gw-soft)}
.gw-pw-wallet{display:flex;align-items:center;gap:10px}
.gw-pw-wallet .gw-img{width:32px;height:32px;border-radius:calc(var(--gw-r)*2);background:var(--gw-soft2);object-fit:cover}
.gw-pw-name{flex:1;min-width:0;display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px;font-weight:500;overflow-wrap:anywhere}
.gw-pw-connection .gw-tag-muted{border:1px solid var(--gw-line)}
.gw-pw-accounts{gap:4px;margin-top:8px}
.gw-pw-account{display:flex;align-items:center;gap:6px;padding:6px 8px;border-radius:calc(var(--gw-r)*2);background:var(--gw-bg)}
.gw-pw-account[aria-current]{box-shadow:inset 0 0 0 2px var(--gw-accent-c)}
.gw-pw-id{flex:1;min-width:0;display:flex;flex-direction:column}
.gw-pw-addr{font-weight:600;unicode-bidi:plaintext}
.gw-pw-meta{display:flex;flex-wrap:wrap;gap:0 8px;font-size:calc(var(--gw-fs)*1.2);color:var(--gw-fg2)}
.gw-pw-meta .gw-balance{font-size:inherit}
.gw-pw-label{overflow-wrap:anywhere}
.gw-pw-tool{display:inline-flex;align-items:center;justify-content:center;flex:none;color:var(--gw-fg2)}
.gw-pw-svg{width:16px;height:16px;fill:none;stroke:currentColor;stroke-width:1.5;stroke-linecap:round;stroke-linejoin:round}
.gw-pw-small{height:32px;padding:0 12px;flex:none}
`
