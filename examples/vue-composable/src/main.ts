// Gangway's engine under the site's own Vue UI: `views: false`, so none of Gangway's views is
// fetched until "Open Gangway"; the wallet list and network buttons are the site's, drawn from
// the composables in gangway.ts over `modal.headless()`.
import { createApp } from 'vue'
import { createModal } from 'gangway'
import { config, networks } from './config.js'
import { App } from './components.js'
import { gangwayPlugin } from './gangway.js'

const modal = createModal({
  projectId: config.projectId,
  views: false,
  networks: networks(config),
  metadata: { name: 'Gangway + Vue', description: 'The Vue composable example', url: location.origin, icons: [] },
  ...(config.services ? { services: config.services } : {}),
  ...(config.walletConnect ? { walletConnect: config.walletConnect } : {}),
  // The bundle carries the loader; Gangway's other files are copied to ./gangway/ (build.mjs).
  assetsUrl: new URL('./gangway/', location.href).href,
})

createApp(App).use(gangwayPlugin(modal)).mount('#app')
