/**
 * examples/svelte-store, as `npm run examples` built it from the packed tarball, on the localnet:
 * Svelte 5 components compiled at build time (esbuild-svelte) over readable stores on
 * `modal.headless()`, under the strict CSP. The session (headless-example.ts): its own list
 * connects the Localnet Wallet (account 9), its network button switches to eip155:31338, and no
 * Gangway view is fetched before "Open Gangway".
 */
import { describe, it } from 'vitest'
import { useBrowser } from './helpers.js'
import { headlessExampleSession } from './headless-example.js'

const browser = useBrowser()

describe('examples/svelte-store', () => {
  it("its own list connects the Localnet Wallet and its network buttons switch chains, with no Gangway view fetched until 'Open Gangway'", async () => {
    await headlessExampleSession(browser(), 'svelte-store', 9)
  })
})
