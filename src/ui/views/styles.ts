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
 * A lazy view may bring CSS of its own, adopted when it first shows (use-view-css.ts): Account's
 * (account-styles.ts), ProfileWallets' (profile-wallets-styles.ts), the transaction preview's
 * (tx-preview-styles.ts).
 */
export const viewsCss = `
.gw-overlay{--gw-fs:var(--gw-font-size-master,10px);--gw-r:var(--gw-border-radius-master,4px);--gw-accent-c:var(--gw-accent,#2563eb);--gw-mix:var(--gw-color-mix,transparent);--gw-mix-p:calc(var(--gw-color-mix-strength,0)*1%);--gw-base:#fff;--gw-fg:#18181b;--gw-fg2:#52525b;--gw-soft:#f4f4f5;--gw-soft2:#e4e4e7;--gw-line:#e4e4e7;--gw-err:#dc2626;--gw-ok-bg:#dcfce7;--gw-ok-fg:#166534;--gw-chain-bg:#ede9fe;--gw-chain-fg:#5b21b6;--gw-info-bg:#dbeafe;--gw-info-fg:#1e40af;--gw-bad-bg:#fee2e2;--gw-bad-fg:#991b1b;--gw-warn-bg:#fef3c7;--gw-warn-fg:#92400e;--gw-bg:var(--gw-base);--gw-link:var(--gw-accent-c);font-size:calc(var(--gw-fs)*1.4)}
@supports (color:light-dark(#fff,#000)) and (color:color-mix(in srgb,#fff,#000)){.gw-overlay{--gw-base:light-dark(#fff,#18181b);--gw-fg:light-dark(#18181b,#f4f4f5);--gw-fg2:light-dark(#52525b,#a1a1aa);--gw-soft:color-mix(in srgb,var(--gw-mix) var(--gw-mix-p),light-dark(#f4f4f5,#27272a));--gw-soft2:light-dark(#e4e4e7,#3f3f46);--gw-line:light-dark(#e4e4e7,#3f3f46);--gw-err:light-dark(#dc2626,#f87171);--gw-ok-bg:light-dark(#dcfce7,#14532d);--gw-ok-fg:light-dark(#166534,#bbf7d0);--gw-chain-bg:light-dark(#ede9fe,#2e1065);--gw-chain-fg:light-dark(#5b21b6,#ddd6fe);--gw-info-bg:light-dark(#dbeafe,#172554);--gw-info-fg:light-dark(#1e40af,#bfdbfe);--gw-bad-bg:light-dark(#fee2e2,#450a0a);--gw-bad-fg:light-dark(#991b1b,#fecaca);--gw-warn-bg:light-dark(#fef3c7,#451a03);--gw-warn-fg:light-dark(#92400e,#fde68a);--gw-bg:color-mix(in srgb,var(--gw-mix) var(--gw-mix-p),var(--gw-base));--gw-link:light-dark(var(--gw-accent-c),color-mix(in srgb,var(--gw-accent-c),#fff 45%))}}
.gw-card{background:var(--gw-bg);color:var(--gw-fg);border-radius:calc(var(--gw-r)*8)}
.gw-title{margin:0;font-size:calc(var(--gw-fs)*1.6);animation:gw-fade 120ms ease}
.gw-header{border-bottom-color:var(--gw-line)}
.gw-icon-btn{font-size:calc(var(--gw-fs)*1.8);border-radius:calc(var(--gw-r)*2)}
.gw-icon-btn:focus-visible,.gw-btn:focus-visible,.gw-link:focus-visible,.gw-tab:focus-visible,.gw-network:focus-visible,.gw-row:focus-visible,.gw-tile:focus-visible{outline:2px solid var(--gw-accent-c);outline-offset:2px}
.gw-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.gw-btn{color:inherit}
.gw-icon-spacer{width:32px;flex:none}
.gw-overlay[data-closed]{visibility:hidden;pointer-events:none}
.gw-card{transition:height 150ms ease}
.gw-icon-btn:hover{background:var(--gw-soft)}
.gw-card:focus{outline:none}
.gw-content{display:block}
.gw-travel{margin:0;padding:6px 12px;background:var(--gw-warn-bg);color:var(--gw-warn-fg);font-weight:600;font-size:calc(var(--gw-fs)*1.2);text-align:center}
.gw-card.gw-shake{animation:gw-shake 500ms ease}
@keyframes gw-shake{10%,90%{transform:translateX(-1px)}20%,80%{transform:translateX(2px)}30%,50%,70%{transform:translateX(-4px)}40%,60%{transform:translateX(4px)}}
.gw-view{animation:gw-fade 150ms ease}
.gw-kept{display:contents}
@keyframes gw-fade{from{opacity:0}to{opacity:1}}
.gw-list{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
.gw-row{display:flex;align-items:center;gap:12px;width:100%;height:56px;padding:0 12px;border:0;border-radius:calc(var(--gw-r)*3);background:var(--gw-soft);cursor:pointer;font:inherit;color:inherit;text-align:start}
.gw-row:hover,.gw-row:focus-visible{background:var(--gw-soft2)}
.gw-row:hover .gw-muted,.gw-row:focus-visible .gw-muted{color:var(--gw-fg)}
.gw-row img,.gw-row .gw-img{width:36px;height:36px;border-radius:calc(var(--gw-r)*2.5);background:var(--gw-soft2);object-fit:cover}
.gw-row .gw-name{flex:1;font-weight:500}
.gw-tag{font-size:calc(var(--gw-fs)*1.1);padding:2px 6px;border-radius:calc(var(--gw-r)*1.5);background:var(--gw-ok-bg);color:var(--gw-ok-fg)}
.gw-chain{font-size:calc(var(--gw-fs)*1.1);padding:2px 6px;border-radius:calc(var(--gw-r)*1.5);background:var(--gw-chain-bg);color:var(--gw-chain-fg)}
.gw-empty{color:var(--gw-fg2);text-align:center;padding:24px 0}
.gw-center{display:flex;flex-direction:column;align-items:center;gap:12px;padding:16px 0;text-align:center}
.gw-big-icon{width:72px;height:72px;border-radius:calc(var(--gw-r)*5);background:var(--gw-soft);object-fit:cover}
.gw-error{color:var(--gw-err);font-weight:500}
.gw-muted{color:var(--gw-fg2)}
.gw-btn{height:40px;padding:0 16px;border-radius:999px;border:1px solid var(--gw-line);background:var(--gw-bg);cursor:pointer;font:inherit;font-weight:500}
.gw-btn:hover{background:var(--gw-soft)}
.gw-avatar{width:64px;height:64px;border-radius:50%}
.gw-address{font-size:calc(var(--gw-fs)*1.8);font-weight:600}
.gw-balance{font-size:calc(var(--gw-fs)*1.4);color:var(--gw-fg2)}
.gw-network{font:inherit;font-size:calc(var(--gw-fs)*1.2);padding:4px 10px;border:0;border-radius:999px;background:var(--gw-soft);cursor:pointer}
.gw-network[data-unsupported]{background:var(--gw-bad-bg);color:var(--gw-bad-fg)}
.gw-group{margin:12px 0 6px;font-size:calc(var(--gw-fs)*1.2);font-weight:600;color:var(--gw-fg2);text-transform:uppercase;letter-spacing:.04em}
.gw-row[aria-current]{outline:2px solid var(--gw-accent-c)}
.gw-row:disabled{cursor:default;opacity:.7}
.gw-send{display:flex;flex-direction:column;gap:12px}
.gw-send-problem{margin:0;min-height:1.4em}
.gw-field{display:flex;flex-direction:column;gap:4px;font-size:calc(var(--gw-fs)*1.2);color:var(--gw-fg2)}
.gw-field input{font:inherit;font-size:calc(var(--gw-fs)*1.5);padding:10px 12px;border:1px solid var(--gw-line);border-radius:calc(var(--gw-r)*2.5);color:var(--gw-fg)}
.gw-primary{background:var(--gw-accent-c);color:#fff;border-color:var(--gw-accent-c)}
.gw-primary:hover{background:color-mix(in srgb,var(--gw-accent-c),#000 15%)}
.gw-primary:disabled{opacity:.5;cursor:default}
.gw-snackbar{pointer-events:none;position:absolute;left:50%;bottom:24px;transform:translateX(-50%);padding:8px 14px;border-radius:999px;background:var(--gw-fg);color:var(--gw-bg);font-size:calc(var(--gw-fs)*1.3);box-shadow:0 4px 16px rgba(0,0,0,.2)}
.gw-snackbar[data-variant=error]{background:#dc2626;color:#fff}
.gw-balance,.gw-field input,.gw-search{unicode-bidi:plaintext}
[dir=rtl] .gw-back{transform:scaleX(-1)}

.gw-tag-muted{background:var(--gw-soft);color:var(--gw-fg2)}
.gw-tag-blue{background:var(--gw-info-bg);color:var(--gw-info-fg)}
.gw-qr{width:240px;height:240px;border-radius:calc(var(--gw-r)*4);overflow:hidden;background:#fff;border:1px solid var(--gw-line);display:flex;align-items:center;justify-content:center}
.gw-qr path{fill:var(--gw-qr-color,#18181b)}
.gw-qr-wait{color:var(--gw-fg2);font-size:calc(var(--gw-fs)*1.3)}
.gw-actions{display:flex;gap:8px;flex-wrap:wrap;justify-content:center}
.gw-link{border:0;background:none;color:var(--gw-link);cursor:pointer;font:inherit}
.gw-row[aria-disabled=true]{cursor:default;opacity:.7}
.gw-email{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 12px}
.gw-email input{flex:1;min-width:0;height:40px;font:inherit;padding:0 12px;border:1px solid var(--gw-line);border-radius:calc(var(--gw-r)*2.5);color:var(--gw-fg);background:var(--gw-bg);unicode-bidi:plaintext}
.gw-email-error{flex-basis:100%;margin:0}
.gw-otp input{letter-spacing:.4em;text-align:center;direction:ltr}
.gw-socials,.gw-passkey{display:flex;flex-direction:column;gap:8px;margin:0 0 12px}
.gw-social-row{display:flex;flex-wrap:wrap;gap:8px}
.gw-social-row .gw-btn{flex:1}
.gw-approve{display:flex;flex-direction:column;gap:8px}
.gw-approve-frame{height:420px;border-radius:calc(var(--gw-r)*4);background:var(--gw-soft)}
.gw-legal{margin:0 0 12px;padding:8px 10px;border-radius:calc(var(--gw-r)*3);border:1px solid var(--gw-line);font-size:calc(var(--gw-fs)*1.3);color:var(--gw-fg2)}
.gw-legal[data-highlighted]{border-color:var(--gw-err);box-shadow:0 0 0 2px color-mix(in srgb,var(--gw-err),transparent 70%)}
.gw-legal label{display:flex;align-items:center;gap:8px;cursor:pointer}
.gw-legal input{flex:none;width:18px;height:18px;margin:0;accent-color:var(--gw-accent-c)}
.gw-legal a{color:var(--gw-link)}
.gw-legal-hint{margin:6px 0 0;color:var(--gw-err);font-weight:500}
.gw-footer{margin:12px 0 0;text-align:center;font-size:calc(var(--gw-fs)*1.1);color:var(--gw-fg2)}
.gw-receive-address{max-width:100%;padding:8px 10px;border-radius:calc(var(--gw-r)*2.5);background:var(--gw-soft);font-family:ui-monospace,monospace;font-size:calc(var(--gw-fs)*1.3);overflow-wrap:anywhere;text-align:center;unicode-bidi:plaintext}
.gw-all{display:flex;flex-direction:column;gap:12px}
.gw-search{font:inherit;font-size:calc(var(--gw-fs)*1.5);padding:10px 12px;border:1px solid var(--gw-line);border-radius:calc(var(--gw-r)*2.5)}
.gw-grid{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:8px;margin:0;padding:0;list-style:none;max-height:360px;overflow-y:auto}
.gw-tile{display:flex;flex-direction:column;align-items:center;gap:6px;width:100%;padding:8px 4px;border:0;border-radius:calc(var(--gw-r)*3);background:var(--gw-soft);cursor:pointer;font:inherit;color:inherit}
.gw-tile:hover,.gw-tile:focus-visible{background:var(--gw-soft2)}
.gw-tile img,.gw-tile .gw-img{width:48px;height:48px;border-radius:calc(var(--gw-r)*3.5);background:var(--gw-soft2)}
.gw-tile-name{font-size:calc(var(--gw-fs)*1.1);max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gw-loading{text-align:center}
.gw-grid-end{grid-column:1/-1;height:1px}
.gw-account .gw-center{padding:8px 0;gap:8px}
.gw-asset img,.gw-asset .gw-img{width:36px;height:36px;border-radius:50%;background:var(--gw-soft2);flex:none}
.gw-nft img,.gw-nft .gw-img{width:100%;aspect-ratio:1;border-radius:calc(var(--gw-r)*3);background:var(--gw-soft2);object-fit:cover}
.gw-img{flex:none}
.gw-img.gw-round{border-radius:50%}
.gw-img.gw-svg{background:none}
.gw-img.gw-gen{display:inline-flex;align-items:center;justify-content:center;overflow:hidden;color:#fff;font-weight:600;font-size:calc(var(--gw-fs)*1.4);line-height:1;user-select:none}
.gw-tile .gw-img.gw-gen{font-size:calc(var(--gw-fs)*1.7)}
.gw-asset .gw-img.gw-gen{font-size:calc(var(--gw-fs)*1.3)}
.gw-nft .gw-img.gw-gen{font-size:calc(var(--gw-fs)*2.8)}
.gw-img.gw-big-icon.gw-gen{font-size:calc(var(--gw-fs)*2.6)}
.gw-img.gw-gen-0{background:#2563eb}
.gw-img.gw-gen-1{background:#7c3aed}
.gw-img.gw-gen-2{background:#db2777}
.gw-img.gw-gen-3{background:#dc2626}
.gw-img.gw-gen-4{background:#c2410c}
.gw-img.gw-gen-5{background:#047857}
.gw-img.gw-gen-6{background:#0e7490}
.gw-img.gw-gen-7{background:#4f46e5}
.gw-wallets-btn:focus-visible,a.gw-link:focus-visible{outline:2px solid var(--gw-accent-c);outline-offset:2px}
.gw-address-label{overflow-wrap:anywhere}
`
