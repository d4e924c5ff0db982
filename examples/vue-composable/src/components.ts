// The page's components as render functions (`h()`): no template to compile, in the build or in
// the browser, so the page runs on Vue's runtime-only build, under a CSP without 'unsafe-eval'.
import { defineComponent, h, ref } from 'vue'
import type { WalletItem } from 'gangway'
import { useGangway, useGangwayAccount, useGangwayNetworks, useGangwayWallets } from './gangway.js'

const message = (e: unknown) => (e instanceof Error ? e.message : String(e))

/** The site's own wallet list: the Connect view's wallets, then the registry's first few. */
export const WalletList = defineComponent({
  name: 'WalletList',
  emits: { error: (text: string) => typeof text === 'string' },
  setup(_, { emit }) {
    const { list, ready, connect } = useGangwayWallets()
    const rows = (): WalletItem[] => {
      const { wallets, wcWallets } = list.value
      return [...wallets, ...wcWallets.filter((w) => !wallets.some((v) => v.id === w.id)).slice(0, 8)]
    }
    return () =>
      h('section', { 'aria-label': 'Wallets' }, [
        h('h2', 'Wallets'),
        ready.value ? null : h('p', 'Loading…'),
        h(
          'ul',
          { id: 'wallets' },
          rows().map((w) =>
            h('li', { key: w.id }, [
              h('button', { type: 'button', 'data-wallet-id': w.id, 'data-group': w.group, disabled: list.value.connectingWallet === w.id, onClick: () => connect(w).catch((e: unknown) => emit('error', message(e))) }, [
                w.imageUrl ? h('img', { src: w.imageUrl, alt: '', width: 24, height: 24 }) : null,
                ` ${w.name}`,
              ]),
            ]),
          ),
        ),
      ])
  },
})

/** A button for each of the site's networks, the active one pressed. */
export const NetworkButtons = defineComponent({
  name: 'NetworkButtons',
  emits: { error: (text: string) => typeof text === 'string' },
  setup(_, { emit }) {
    const { networks, switchNetwork } = useGangwayNetworks()
    return () =>
      h('section', { 'aria-label': 'Networks' }, [
        h('h2', 'Networks'),
        h(
          'p',
          { id: 'networks' },
          networks.value.groups.flatMap((g) =>
            g.networks.map((n) =>
              h('button', { key: n.caipNetworkId, type: 'button', 'data-network': n.caipNetworkId, 'aria-pressed': String(n.active), disabled: networks.value.pending === n.caipNetworkId, onClick: () => switchNetwork(n.caipNetworkId).catch((e: unknown) => emit('error', message(e))) }, n.name),
            ),
          ),
        ),
      ])
  },
})

/** The page: the account, the site's Connect button (the reach), its own list and networks, and Gangway's modal on demand. */
export const App = defineComponent({
  name: 'App',
  setup() {
    const modal = useGangway()
    const account = useGangwayAccount()
    // The lists mount on the visitor's first reach, not at load: their subscriptions are that reach.
    const reached = ref(false)
    const error = ref('')
    const onError = (text: string) => (error.value = text)
    return () => {
      const a = account.value
      return h('main', [
        h('p', { id: 'account' }, a.isConnected ? ['Account: ', h('output', { id: 'address' }, a.address), ' on chain ', h('output', { id: 'chain' }, a.caipAddress?.split(':')[1])] : 'Not connected'),
        h('p', [
          reached.value ? null : h('button', { id: 'connect', type: 'button', onClick: () => (reached.value = true) }, 'Connect'),
          ' ',
          h('button', { id: 'open-gangway', type: 'button', onClick: () => modal.open().catch((e: unknown) => onError(message(e))) }, 'Open Gangway'),
        ]),
        reached.value ? [h(WalletList, { onError }), h(NetworkButtons, { onError })] : null,
        h('output', { id: 'error', role: 'alert' }, error.value),
      ])
    }
  },
})
