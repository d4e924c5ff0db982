/** Starts the localnet (anvil and the demo site on free ports) once for the end-to-end tests. */
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import type { LocalnetAmm } from '../../localnet/amm.js'
import { startLocalnet } from '../../localnet/start.js'

declare module 'vitest' {
  export interface ProvidedContext {
    webUrl: string
    /** Chain 31337. */
    rpcUrl: string
    /** Chain 31338. */
    rpcUrl2: string
    tokenAddress: string
    solanaUrl: string
    solanaCaip2: string
    solanaWallet: string
    solanaMint: string
    /** The Bitcoin stand-in's Esplora API, `http://127.0.0.1:<port>` (localnet/bitcoin/esplora.ts). */
    bitcoinUrl: string
    /** Its regtest's CAIP-2 id. */
    bitcoinCaip2: string
    /** The Localnet Wallet's funded Bitcoin payment address (P2WPKH). */
    bitcoinWallet: string
    /** Control URL of the Localnet WalletConnect wallet. */
    wcWalletUrl: string
    /** Its control token: every call sends `authorization: Bearer <wcWalletToken>`. */
    wcWalletToken: string
    wcWalletAddress: string
    /** The Localnet WalletConnect wallet's Solana address (base58). */
    wcWalletSolanaAddress: string
    /** The Localnet WalletConnect wallet's funded Bitcoin payment address (P2WPKH). */
    wcWalletBitcoinAddress: string
    relayUrl: string
    walletConfigUrl: string
    blockchainUrl: string
    /** The analytics service emulator (GET /localnet/analytics lists what it received; DELETE clears it). */
    analyticsUrl: string
    /** The on-ramp service emulator, `http://127.0.0.1:<port>` (localnet/services/onramp.ts): options, quotes, the URL generator, the provider page. */
    onrampUrl: string
    /** The secure-site emulator, `http://127.0.0.1:<port>` (localnet/services/secure-site/server.ts). */
    secureSiteUrl: string
    /** The seeded ERC20s and collections (same addresses on both chains). */
    seededTokens: { address: string; symbol: string; decimals: number }[]
    seededCollections: { address: string; symbol: string; spam: boolean }[]
    /** Uniswap V2 and Harbour USD (localnet/amm.ts; same addresses on both chains). */
    amm: LocalnetAmm
    /** Simple7702Account by chain id, the Localnet Wallet's EIP-7702 delegates (localnet/batch-delegate.ts). */
    batchDelegates: Record<number, string>
    /** The ERC-4337 bundler (alto) of chain 31337, `http://127.0.0.1:<port>`. */
    bundlerUrl: string
    /** The verifying paymaster's ERC-7677 policy service on chain 31337 (it sponsors an account's first operation only). */
    paymasterUrl: string
    /** The verifying paymaster's address (its deposit at the EntryPoint pays what it sponsors). */
    paymasterAddress: string
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync('dist/loader.js')) throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
  const net = await startLocalnet()
  project.provide('webUrl', net.web.url)
  project.provide('rpcUrl', net.chains[0]!.url)
  project.provide('rpcUrl2', net.chains[1]!.url)
  project.provide('tokenAddress', net.token.address)
  project.provide('solanaUrl', net.solana.url)
  project.provide('solanaCaip2', net.solana.caipNetworkId)
  project.provide('solanaWallet', net.solana.seed.walletAddress)
  project.provide('solanaMint', net.solana.seed.mint.address)
  project.provide('bitcoinUrl', net.bitcoin.url)
  project.provide('bitcoinCaip2', net.bitcoin.caipNetworkId)
  project.provide('bitcoinWallet', net.bitcoin.walletAddress)
  project.provide('wcWalletUrl', net.wcWallet.url)
  project.provide('wcWalletToken', net.wcWallet.token)
  project.provide('wcWalletAddress', net.wcWallet.address)
  project.provide('wcWalletSolanaAddress', net.wcWallet.solanaAddress)
  project.provide('wcWalletBitcoinAddress', net.wcWallet.bitcoinAddress!)
  project.provide('relayUrl', net.relay.url)
  project.provide('walletConfigUrl', net.walletConfig.url)
  project.provide('blockchainUrl', net.blockchain.url)
  project.provide('analyticsUrl', net.analytics.url)
  project.provide('onrampUrl', net.onramp.url)
  project.provide('secureSiteUrl', net.secureSite.url)
  project.provide('batchDelegates', net.batchDelegates)
  project.provide('bundlerUrl', net.bundler.url)
  project.provide('paymasterUrl', net.paymaster.url)
  project.provide('paymasterAddress', net.paymaster.address)
  project.provide('seededTokens', net.assets.tokens.map(({ address, symbol, decimals }) => ({ address, symbol, decimals })))
  project.provide('seededCollections', net.assets.collections.map(({ address, symbol, spam }) => ({ address, symbol, spam })))
  project.provide('amm', net.amm)
  return () => net.stop()
}
