/**
 * examples/vue-composable, as `npm run examples` built it from the packed tarball, on the
 * localnet: Vue 3's runtime-only build, its composables (useGangwayWallets, useGangwayNetworks)
 * over `modal.headless()` and components written as h() render functions, under the strict CSP.
 * The session (headless-example.ts): its own list connects the Localnet Wallet (account 8), its
 * network button switches to eip155:31338, and no Gangway view is fetched before "Open Gangway".
 */
import { describe, it } from 'vitest'
import { useBrowser } from './helpers.js'
import { headlessExampleSession } from './headless-example.js'

const browser = useBrowser()

describe('examples/vue-composable', () => {
  it("its own list connects the Localnet Wallet and its network buttons switch chains, with no Gangway view fetched until 'Open Gangway'", async () => {
    await headlessExampleSession(browser(), 'vue-composable', 8)
  })
})
