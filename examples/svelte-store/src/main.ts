// Gangway's engine under the site's own Svelte UI: `views: false`, so none of Gangway's views is
// fetched until "Open Gangway"; the wallet list and network buttons are the site's, drawn from the
// stores in gangway.ts over `modal.headless()`. The components are compiled at build time (build.mjs).
import { mount } from 'svelte'
import { createModal } from 'gangway'
import { config, networks } from './config.js'
import { GANGWAY, gangwayStores } from './gangway.js'
import App from './App.svelte'

const modal = createModal({
  projectId: config.projectId,
  views: false,
  networks: networks(config),
  metadata: { name: 'Gangway + Svelte', description: 'The Svelte store example', url: location.origin, icons: [] },
  ...(config.services ? { services: config.services } : {}),
  ...(config.walletConnect ? { walletConnect: config.walletConnect } : {}),
  // The bundle carries the loader; Gangway's other files are copied to ./gangway/ (build.mjs).
  assetsUrl: new URL('./gangway/', location.href).href,
})

mount(App, { target: document.getElementById('app')!, context: new Map([[GANGWAY, gangwayStores(modal)]]) })
