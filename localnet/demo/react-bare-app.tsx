/**
 * The React demo page without Gangway (react.html without the provider, the hooks and the Localnet
 * Wallet, as bare.html is index.html without them): the same heading and the same button, with
 * nothing behind it. bench/embed's baseline for the React page. Built by the demo server on start.
 */
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('app')!).render(
  <>
    <h1>Harbour Coffee, the React edition</h1>
    <section>
      <button data-testid="react-open">Connect a wallet</button>
      <p>
        Account: <span data-testid="react-account">not connected</span>
      </p>
    </section>
  </>,
)
