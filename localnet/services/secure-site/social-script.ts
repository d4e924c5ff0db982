/**
 * The secure-site emulator's /social page script, served as /social.js.
 * - The popup path: posts `{ resultUri: location.href }` to the popup's opener, targetOrigin exactly
 *   the origin the server recorded for the OAuth state (`<body data-opener-origin>`); with no
 *   recorded origin or no opener it posts nothing.
 * - The Telegram path (the state carries `--<encoded host href>`; no popup, the page is the top
 *   window): navigates to `<body data-return-to>` with `location.replace`, the host's address with
 *   `result_uri` set to this page's URL, which the server built only after checking that the
 *   address's origin is the state's recorded parent origin. Nothing is posted then.
 */
const { openerOrigin, returnTo } = document.body.dataset
if (returnTo) location.replace(returnTo)
else if (openerOrigin && window.opener) (window.opener as Window).postMessage({ resultUri: location.href }, openerOrigin)
