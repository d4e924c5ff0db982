/**
 * The site's settings. `config.js` next to index.html sets `window.exampleConfig`; the localnet
 * demo server writes one for its chains and services when it serves this example. Without it the
 * page runs on Ethereum mainnet with the hosted services.
 */
export interface ExampleConfig {
  projectId: string
  chains?: { chainId: number; rpcUrl: string }[]
  chainId: number
  rpcUrl: string
  /** An ERC20 the page offers to send (useWriteContract). */
  token?: `0x${string}`
  services?: { walletConfig?: string; blockchain?: string }
  walletConnect?: { relayUrl: string }
}

declare global {
  interface Window {
    exampleConfig?: ExampleConfig
  }
}

export const config: ExampleConfig = window.exampleConfig ?? { projectId: 'your-project-id', chainId: 1, rpcUrl: 'https://ethereum-rpc.publicnode.com' }
