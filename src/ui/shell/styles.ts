/**
 * The modal frame's CSS, shared by the loader's shell and the views so the hand-over is seamless.
 * docs/behaviour.md §9: width 360 px, z-index 999, font size master 10px, radius 4px (the scale unit).
 * Only what the shell paints is here (it ships in the loader); what moves or reacts (docs/behaviour.md §2's
 * transitions, hover, the hidden modal) is the views' (views/styles.ts). It follows the theme with no
 * palette of its own: the card is the system colours Canvas and CanvasText, which follow
 * the host's color-scheme (the loader sets it from themeMode), and the greys are translucent.
 */
export const frameCss = `:host{all:initial}.gw-overlay{position:fixed;inset:0;z-index:var(--gw-z-index,999);display:flex;align-items:center;justify-content:center;background:#0000005a;font:14px/1.4 var(--gw-font-family,system-ui,sans-serif)}.gw-card{width:360px;max-width:calc(100vw - 16px);box-sizing:border-box;background:Canvas;color:CanvasText;border-radius:calc(var(--gw-border-radius-master,4px)*8);box-shadow:0 8px 32px #0003;overflow:hidden}.gw-header{display:flex;align-items:center;justify-content:space-between;height:56px;padding:0 12px;border-bottom:1px solid #8882}.gw-title{font-weight:600;font-size:16px}.gw-icon-btn{width:32px;height:32px;border:0;border-radius:8px;background:transparent;cursor:pointer;font-size:18px;color:inherit}.gw-body{padding:12px 16px 16px}.gw-skeleton{height:56px;border-radius:12px;margin:8px 0;background:linear-gradient(90deg,#8881,#8883,#8881);background-size:200% 100%;animation:gw-shimmer 1.2s linear infinite}@keyframes gw-shimmer{to{background-position:-200% 0}}@media(prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}`
