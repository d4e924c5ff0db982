/**
 * The site's settings. `config.js` next to index.html sets `window.exampleConfig`; the localnet
 * demo server writes one for its chains and services when it serves this example. Without it the
 * page runs on Ethereum mainnet with the hosted services.
 */
export interface ExampleConfig {
  projectId: string
  /** Every chain the site offers (the localnet's two); else the one of `chainId` and `rpcUrl`. */
  chains?: { chainId: number; rpcUrl: string }[]
  chainId: number
  rpcUrl: string
  services?: { walletConfig?: string; blockchain?: string }
  walletConnect?: { relayUrl: string }
}

declare global {
  interface Window {
    exampleConfig?: ExampleConfig
  }
}

export const config: ExampleConfig = window.exampleConfig ?? { projectId: 'your-project-id', chainId: 1, rpcUrl: 'https://ethereum-rpc.publicnode.com' }

const NAMES: Record<number, string> = { 1: 'Ethereum', 31337: 'Localnet', 31338: 'Localnet B' }

/** The site's EVM networks as createModal takes them. */
export const networks = ({ chains, chainId, rpcUrl }: ExampleConfig) =>
  (chains ?? [{ chainId, rpcUrl }]).map((c) => ({
    id: c.chainId,
    caipNetworkId: `eip155:${c.chainId}` as const,
    chainNamespace: 'eip155' as const,
    name: NAMES[c.chainId] ?? `Chain ${c.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  }))
