/**
 * CSS of the views, on top of the shared frame CSS (shell/styles.ts). docs/behaviour.md §2: header
 * text 120 ms, modal height 150 ms, view transition 150 ms. Images (src/ui/images): `.gw-img` is the
 * box of every image, placeholder and icon, sized by its context; `.gw-gen` a generated icon, with
 * one of eight tones `.gw-gen-0` … `.gw-gen-7`; `.gw-svg` a bundled SVG icon.
 * Right to left (Arabic; the root's `dir`, src/ui/i18n): the layout mirrors by itself (flex rows,
 * `text-align: start/end`, symmetric paddings; the snackbar is centred), the back arrow is mirrored,
 * amounts, addresses and what a visitor types take their direction from their own text
 * (`unicode-bidi: plaintext`: '-0.01 ETH' reads as written), the lines of a row's name column
 * staying at its start (right); dollars are left to right ('31,210.63 US$'; the bidi algorithm
 * would make '$US' of Arabic's 'US$' in a right-to-left run), at the row's end.
 */
export const viewsCss = `
.gw-overlay[data-closed]{visibility:hidden;pointer-events:none}
.gw-card{transition:height 150ms ease}
.gw-title{transition:opacity 120ms ease}
.gw-icon-btn:hover{background:#f4f4f5}
.gw-card:focus{outline:none}
.gw-content{display:contents}
.gw-travel{margin:0;padding:6px 12px;background:#fef3c7;color:#92400e;font:600 12px/1.4 system-ui,sans-serif;text-align:center}
.gw-card.gw-shake{animation:gw-shake 500ms ease}
@keyframes gw-shake{10%,90%{transform:translateX(-1px)}20%,80%{transform:translateX(2px)}30%,50%,70%{transform:translateX(-4px)}40%,60%{transform:translateX(4px)}}
.gw-view{animation:gw-fade 150ms ease}
@keyframes gw-fade{from{opacity:0}to{opacity:1}}
.gw-list{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
.gw-row{display:flex;align-items:center;gap:12px;width:100%;height:56px;padding:0 12px;border:0;border-radius:12px;background:#f4f4f5;cursor:pointer;font:inherit;color:inherit;text-align:start}
.gw-row:hover,.gw-row:focus-visible{background:#e4e4e7}
.gw-row img,.gw-row .gw-img{width:36px;height:36px;border-radius:10px;background:#e4e4e7;object-fit:cover}
.gw-row .gw-name{flex:1;font-weight:500}
.gw-tag{font-size:11px;padding:2px 6px;border-radius:6px;background:#dcfce7;color:#166534}
.gw-chain{font-size:11px;padding:2px 6px;border-radius:6px;background:#ede9fe;color:#5b21b6}
.gw-empty{color:#71717a;text-align:center;padding:24px 0}
.gw-center{display:flex;flex-direction:column;align-items:center;gap:12px;padding:16px 0;text-align:center}
.gw-big-icon{width:72px;height:72px;border-radius:20px;background:#f4f4f5;object-fit:cover}
.gw-error{color:#dc2626;font-weight:500}
.gw-muted{color:#71717a}
.gw-btn{height:40px;padding:0 16px;border-radius:999px;border:1px solid #e4e4e7;background:#fff;cursor:pointer;font:inherit;font-weight:500}
.gw-btn:hover{background:#f4f4f5}
.gw-avatar{width:64px;height:64px;border-radius:50%}
.gw-address{font-size:18px;font-weight:600}
.gw-balance{font-size:14px;color:#52525b}
.gw-network{font:inherit;font-size:12px;padding:4px 10px;border:0;border-radius:999px;background:#f4f4f5;cursor:pointer}
.gw-network[data-unsupported]{background:#fee2e2;color:#991b1b}
.gw-group{margin:12px 0 6px;font-size:12px;font-weight:600;color:#71717a;text-transform:uppercase;letter-spacing:.04em}
.gw-row[aria-current]{outline:2px solid #3b82f6}
.gw-row:disabled{cursor:default;opacity:.7}
.gw-send{display:flex;flex-direction:column;gap:12px}
.gw-send-problem{margin:0;min-height:1.4em}
.gw-field{display:flex;flex-direction:column;gap:4px;font-size:12px;color:#52525b}
.gw-field input{font:inherit;font-size:15px;padding:10px 12px;border:1px solid #e4e4e7;border-radius:10px;color:#18181b}
.gw-primary{background:#3b82f6;color:#fff;border-color:#3b82f6}
.gw-primary:hover{background:#2563eb}
.gw-primary:disabled{opacity:.5;cursor:default}
.gw-snackbar{position:absolute;left:50%;bottom:24px;transform:translateX(-50%);padding:8px 14px;border-radius:999px;background:#18181b;color:#fff;font-size:13px;box-shadow:0 4px 16px rgba(0,0,0,.2)}
.gw-snackbar[data-variant=error]{background:#dc2626}
.gw-balance,.gw-asset-name>span,.gw-field input,.gw-search{unicode-bidi:plaintext}
[dir=rtl] .gw-asset-name>span{text-align:right}
.gw-asset-usd,.gw-usd{direction:ltr;unicode-bidi:isolate}
[dir=rtl] .gw-back{transform:scaleX(-1)}

.gw-tag-muted{background:#f4f4f5;color:#52525b}
.gw-tag-blue{background:#dbeafe;color:#1e40af}
.gw-qr{width:240px;height:240px;border-radius:16px;overflow:hidden;background:#fff;border:1px solid #e4e4e7;display:flex;align-items:center;justify-content:center}
.gw-qr-wait{color:#71717a;font-size:13px}
.gw-actions{display:flex;gap:8px;flex-wrap:wrap;justify-content:center}
.gw-link{border:0;background:none;color:#3b82f6;cursor:pointer;font:inherit}
.gw-all{display:flex;flex-direction:column;gap:12px}
.gw-search{font:inherit;font-size:15px;padding:10px 12px;border:1px solid #e4e4e7;border-radius:10px}
.gw-grid{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:8px;margin:0;padding:0;list-style:none;max-height:360px;overflow-y:auto}
.gw-tile{display:flex;flex-direction:column;align-items:center;gap:6px;width:100%;padding:8px 4px;border:0;border-radius:12px;background:#f4f4f5;cursor:pointer;font:inherit;color:inherit}
.gw-tile:hover,.gw-tile:focus-visible{background:#e4e4e7}
.gw-tile img,.gw-tile .gw-img{width:48px;height:48px;border-radius:14px;background:#e4e4e7}
.gw-tile-name{font-size:11px;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gw-loading{text-align:center}
.gw-grid-end{grid-column:1/-1;height:1px}
.gw-account .gw-center{padding:8px 0;gap:8px}
.gw-tab-bar{display:flex;gap:4px;padding:4px;border-radius:999px;background:#f4f4f5;margin:8px 0}
.gw-tab{flex:1;height:32px;border:0;border-radius:999px;background:none;cursor:pointer;font:inherit;font-size:13px;color:#52525b}
.gw-tab[aria-selected=true]{background:#fff;color:#18181b;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.gw-tab-panel{min-height:120px}
.gw-assets,.gw-activity{max-height:260px;overflow-y:auto}
.gw-asset{display:flex;align-items:center;gap:12px;padding:8px 4px}
.gw-asset img,.gw-asset .gw-img{width:36px;height:36px;border-radius:50%;background:#e4e4e7;flex:none}
.gw-asset-name{flex:1;display:flex;flex-direction:column;min-width:0;font-size:14px}
.gw-asset-name>span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gw-asset-usd{font-size:14px;font-weight:500}
.gw-activity-date{font-size:12px;white-space:nowrap}
.gw-nfts{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin:0;padding:0;list-style:none;max-height:260px;overflow-y:auto}
.gw-nft{display:flex;flex-direction:column;gap:4px;font-size:12px}
.gw-nft img,.gw-nft .gw-img{width:100%;aspect-ratio:1;border-radius:12px;background:#e4e4e7;object-fit:cover}
.gw-nft-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gw-img{flex:none}
.gw-img.gw-round{border-radius:50%}
.gw-img.gw-svg{background:none}
.gw-img.gw-gen{display:inline-flex;align-items:center;justify-content:center;overflow:hidden;color:#fff;font-weight:600;font-size:14px;line-height:1;user-select:none}
.gw-tile .gw-img.gw-gen{font-size:17px}
.gw-asset .gw-img.gw-gen{font-size:13px}
.gw-nft .gw-img.gw-gen{font-size:28px}
.gw-img.gw-big-icon.gw-gen{font-size:26px}
.gw-img.gw-gen-0{background:#2563eb}
.gw-img.gw-gen-1{background:#7c3aed}
.gw-img.gw-gen-2{background:#db2777}
.gw-img.gw-gen-3{background:#dc2626}
.gw-img.gw-gen-4{background:#c2410c}
.gw-img.gw-gen-5{background:#047857}
.gw-img.gw-gen-6{background:#0e7490}
.gw-img.gw-gen-7{background:#4f46e5}
`
