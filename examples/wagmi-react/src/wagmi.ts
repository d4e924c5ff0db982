// One Gangway modal, and wagmi's config with Gangway's connector: the modal is the only way in.
import { createModal } from 'gangway'
import { gangway } from 'gangway/wagmi'
import { defineChain, type Chain } from 'viem'
import { createConfig, http } from 'wagmi'
import { config } from './config.js'

const toChain = ({ chainId, rpcUrl }: { chainId: number; rpcUrl: string }): Chain =>
  defineChain({ id: chainId, name: chainId === 1 ? 'Ethereum' : `Chain ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
const [first, ...rest] = (config.chains ?? [{ chainId: config.chainId, rpcUrl: config.rpcUrl }]).map(toChain)
const chains: [Chain, ...Chain[]] = [first!, ...rest]

export const modal = createModal({
  projectId: config.projectId,
  networks: chains.map((c) => ({ id: c.id, caipNetworkId: `eip155:${c.id}` as const, chainNamespace: 'eip155' as const, name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: c.rpcUrls })),
  metadata: { name: 'Gangway + wagmi', description: 'The wagmi example', url: location.origin, icons: [] },
  ...(config.services ? { services: config.services } : {}),
  ...(config.walletConnect ? { walletConnect: config.walletConnect } : {}),
  // The bundle carries the loader; Gangway's other files are copied to ./gangway/ (build.mjs).
  assetsUrl: new URL('./gangway/', location.href).href,
})

export const wagmiConfig = createConfig({
  chains,
  connectors: [gangway({ modal })],
  transports: Object.fromEntries(chains.map((c) => [c.id, http()])),
})

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}
