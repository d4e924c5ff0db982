/**
 * The site's settings. `config.js` next to index.html sets `window.exampleConfig`; the localnet
 * demo server writes one for its chains and services when it serves this example. Without it the
 * page runs on Solana mainnet with the hosted services.
 */
export interface ExampleConfig {
  projectId: string
  solana?: { caipNetworkId: `solana:${string}`; rpcUrl: string }
  services?: { walletConfig?: string; blockchain?: string }
  walletConnect?: { relayUrl: string }
}

declare global {
  interface Window {
    exampleConfig?: ExampleConfig
  }
}

export const config: ExampleConfig = window.exampleConfig ?? { projectId: 'your-project-id' }
export const solana = config.solana ?? { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: 'https://api.mainnet-beta.solana.com' }
