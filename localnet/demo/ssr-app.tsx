/**
 * The server-rendered React demo page (/ssr.html): the demo server renders react-wallet.tsx's App
 * to HTML with react-dom/server (Gangway imported in Node, where there is no document, window or
 * indexedDB); this script hydrates it. What hydration reports is kept for the tests in
 * `window.__hydration`: React's recoverable errors (a mismatch between server and client HTML
 * shows there) and whether the hydrated tree has committed.
 */
import { useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { App, type ReactDemoLocalnet } from './react-wallet.js'

const hydration = { recoverable: [] as string[], committed: false }
;(window as unknown as { __hydration: typeof hydration }).__hydration = hydration
const localnet = (window as unknown as { __LOCALNET__: ReactDemoLocalnet }).__LOCALNET__

function Committed() {
  useEffect(() => void (hydration.committed = true), [])
  return null
}

hydrateRoot(
  document.getElementById('app')!,
  <>
    <App localnet={localnet} projectId="gangway-ssr-demo" />
    <Committed />
  </>,
  { onRecoverableError: (error) => void hydration.recoverable.push(String((error as Error)?.message ?? error)) },
)
