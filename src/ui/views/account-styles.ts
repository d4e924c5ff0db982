/**
 * CSS of the Account view and its tabs, shipped in their lazy chunk, not in the views' first chunk
 * (lazy-views.tsx): AccountView adopts it into its shadow root when it first renders (use-view-css.ts),
 * after views/styles.ts and views/mobile-styles.ts, whose classes and variables it builds on
 * (`.gw-center`, `.gw-img`, `.gw-grid`; `--gw-soft`, `--gw-fs`…). The rules that meet `.gw-img`'s
 * own (an asset's or an NFT's image, a generated icon's size in them) stay in views/styles.ts, in
 * their order there. The wallets control (the connected wallet's icon and name, a pill); the tab bar
 * (pills, the picked one raised); the tokens and activity lists and the NFT grid, each scrolling
 * within 260 px; a token's name and amount on the row's start, its value in dollars at its end, left to
 * right in a right-to-left layout (styles.ts says why).
 */
export const accountCss = `
.gw-asset-name>span{unicode-bidi:plaintext}
[dir=rtl] .gw-asset-name>span{text-align:right}
.gw-asset-usd,.gw-usd{direction:ltr;unicode-bidi:isolate}
.gw-passkey-warning{margin:8px 0;padding:8px 12px;border-radius:calc(var(--gw-r)*2);background:var(--gw-warn-bg);color:var(--gw-warn-fg);font-size:calc(var(--gw-fs)*1.2);text-align:start}
.gw-passkey-add{display:flex;flex-direction:column;align-items:center;gap:2px;margin:4px 0;font-size:calc(var(--gw-fs)*1.2);text-align:center}
.gw-tab-bar{display:flex;gap:4px;padding:4px;border-radius:999px;background:var(--gw-soft);margin:8px 0}
.gw-tab{flex:1;height:32px;border:0;border-radius:999px;background:none;cursor:pointer;font:inherit;font-size:calc(var(--gw-fs)*1.3);color:var(--gw-fg2)}
.gw-tab[aria-selected=true]{background:var(--gw-bg);color:var(--gw-fg);box-shadow:0 1px 3px rgba(0,0,0,.12)}
.gw-tab-panel{min-height:120px}
.gw-assets,.gw-activity{max-height:260px;overflow-y:auto}
.gw-asset{display:flex;align-items:center;gap:12px;padding:8px 4px}
.gw-asset-name{flex:1;display:flex;flex-direction:column;min-width:0;font-size:calc(var(--gw-fs)*1.4)}
.gw-asset-name>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gw-asset-usd{font-size:calc(var(--gw-fs)*1.4);font-weight:500}
.gw-activity-date{font-size:calc(var(--gw-fs)*1.2);white-space:nowrap}
.gw-nfts{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin:0;padding:0;list-style:none;max-height:260px;overflow-y:auto}
.gw-nft{display:flex;flex-direction:column;gap:4px;font-size:calc(var(--gw-fs)*1.2)}
.gw-nft-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gw-wallets-btn{display:inline-flex;align-items:center;gap:6px;max-width:100%;min-height:32px;overflow-wrap:anywhere;text-align:start;padding:0 12px 0 4px;border:1px solid var(--gw-line);border-radius:999px;background:var(--gw-bg);cursor:pointer;font:inherit;font-size:calc(var(--gw-fs)*1.3);color:inherit}
.gw-wallets-btn:hover{background:var(--gw-soft)}
.gw-wallets-btn .gw-img{width:24px;height:24px;font-size:calc(var(--gw-fs)*1)}
`
