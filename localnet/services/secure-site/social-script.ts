/**
 * The secure-site emulator's /social page script, served as /social.js: posts `{ resultUri:
 * location.href }` to the popup's opener, targetOrigin exactly the origin the server recorded for
 * the OAuth state (`<body data-opener-origin>`); with no recorded origin or no opener it posts nothing.
 */
const openerOrigin = document.body.dataset.openerOrigin
if (openerOrigin && window.opener) (window.opener as Window).postMessage({ resultUri: location.href }, openerOrigin)
