/**
 * CSS of the views below 430 px wide (docs/behaviour.md §2), adopted after views/styles.ts (app.tsx):
 * - the modal is a bottom sheet: the card spans the viewport's width and sits on its bottom edge,
 *   rounded at the top only, at most 90 % of the viewport's height (the dynamic viewport's where
 *   the browser has `dvh`), the header fixed and the body scrolling (the card and its content
 *   wrapper are flex columns) (its overscroll stays in it),
 *   clear of the home indicator (`env(safe-area-inset-bottom)`); the snackbar moves to the top of
 *   the viewport, over the 10 % the sheet leaves free, where it covers none of the sheet;
 * - touch targets are at least 44 px (Apple's Human Interface Guidelines; WCAG 2.5.5): every button
 *   and input of the card at least 44 px tall (min-height wins over the narrower `height` the views
 *   set: buttons 40, tabs 32, icon buttons 32), icon buttons at least 44 px wide too; links drawn as
 *   buttons (the block explorer's) as tall. Rows (56) and
 *   tiles (about 85) are taller already. The header's spacer (`.gw-icon-spacer`, where no back button shows)
 *   takes the icon buttons' 44, so the title stays centred.
 * The loader's shell (shell/styles.ts) stays a centred card: it shows only until the views replace it.
 */
export const mobileCss = `
@media (max-width:429.98px){
.gw-overlay{align-items:flex-end}
.gw-card{display:flex;flex-direction:column;width:100%;max-width:none;max-height:90vh;max-height:90dvh;border-bottom-left-radius:0;border-bottom-right-radius:0}
.gw-header,.gw-travel{flex:none}
.gw-content{display:flex;flex-direction:column;flex:1 1 auto;min-height:0}
.gw-body{flex:1 1 auto;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding-bottom:max(16px,env(safe-area-inset-bottom))}
.gw-card button,.gw-card input{min-height:44px}
.gw-card input{box-sizing:border-box}
.gw-card .gw-icon-btn{min-width:44px}
.gw-card a.gw-icon-btn,.gw-card a.gw-link{display:inline-flex;align-items:center;justify-content:center;min-height:44px;box-sizing:border-box}
.gw-icon-spacer{width:44px}
.gw-network,.gw-link{padding:0 16px}
.gw-snackbar{bottom:auto;top:max(12px,env(safe-area-inset-top));max-width:calc(100% - 32px);box-sizing:border-box}
}
`
