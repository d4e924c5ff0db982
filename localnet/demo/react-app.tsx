/**
 * The React demo page: a host app built on `gangway/react` (the built dist/react.js, as a site
 * would consume it), with React the host's own: React 19 at /react.html, React 18 at /react18.html
 * (the same app, built by the demo server against tests/react18). Built by the demo server on start.
 */
import { createRoot } from 'react-dom/client'
import { App, type ReactDemoLocalnet } from './react-wallet.js'

const localnet = (window as unknown as { __LOCALNET__: ReactDemoLocalnet }).__LOCALNET__
createRoot(document.getElementById('app')!).render(<App localnet={localnet} projectId="gangway-react-demo" />)
