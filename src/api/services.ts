/** The services of spec §7, and their base URLs. Production points them at the hosted services. */

/** Base URLs of the spec §7 services; a service left out is not called. */
export interface ServiceUrls {
  /** Wallet/config service (getWallets, config, origins). */
  walletConfig?: string
  /** Blockchain service (balances, history, identity, the wallet-provider RPC endpoint). */
  blockchain?: string
  analytics?: string
  auth?: string
}

export type ServiceName = keyof ServiceUrls
