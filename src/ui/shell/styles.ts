/**
 * The modal frame's CSS, shared by the loader's shell and the views so the hand-over is seamless.
 * docs/behaviour.md §9: width 360 px, z-index 999, font size master 10px, radius 4px (the scale unit).
 * Only what the shell paints is here (it ships in the loader); what moves or reacts (docs/behaviour.md §2's
 * transitions, hover, the hidden modal) is the views' (views/styles.ts).
 */
export const frameCss = `
:host{all:initial}
.gw-overlay{position:fixed;inset:0;z-index:999;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.35);font:14px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;--gw-unit:4px;--gw-font-master:10px}
.gw-card{width:360px;max-width:calc(100vw - 16px);box-sizing:border-box;background:#fff;color:#18181b;border-radius:calc(var(--gw-unit)*8);box-shadow:0 8px 32px rgba(0,0,0,.2);overflow:hidden}
.gw-header{display:flex;align-items:center;justify-content:space-between;height:56px;padding:0 12px;border-bottom:1px solid #f0f0f0}
.gw-title{font-weight:600;font-size:16px}
.gw-icon-btn{width:32px;height:32px;border:0;border-radius:8px;background:transparent;cursor:pointer;font-size:18px;color:#52525b}
.gw-body{padding:12px 16px 16px}
.gw-skeleton{height:56px;border-radius:12px;margin:8px 0;background:linear-gradient(90deg,#f4f4f5,#e4e4e7,#f4f4f5);background-size:200% 100%;animation:gw-shimmer 1.2s linear infinite}
@keyframes gw-shimmer{to{background-position:-200% 0}}
.gw-shell-row{display:flex;align-items:center;gap:12px;width:100%;height:56px;margin:8px 0;padding:0 12px;border:0;border-radius:12px;background:#f4f4f5;font:inherit;font-weight:500;color:inherit;text-align:left;cursor:pointer}
.gw-shell-row img{width:36px;height:36px;border-radius:10px;background:#e4e4e7}
`
