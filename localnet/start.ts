/**
 * The whole localnet: two anvil chains (31337, 31338) with, on both, the HBD token, the seeded
 * assets (assets.ts), and Uniswap V2 with the Harbour USD stablecoin (USDT-style) and pools seeded
 * with liquidity (amm.ts); a Solana node (litesvm) with a funded dev wallet and an SPL mint, the
 * WalletConnect relay with the Localnet WalletConnect wallet, the wallet/config, blockchain and
 * analytics service emulators, the on-ramp service emulator with its provider page (HUSD and SOL
 * bought with fiat, funded on the localnet), ERC-4337 on 31337 (EntryPoint v0.7, Safe and its passkey
 * signer, alto as the bundler, a verifying paymaster), the Bitcoin regtest stand-in behind its Esplora
 * API (bitcoin/), the secure-site emulator (email and social login, on 127.0.0.1: another site than
 * the demo's localhost), and the demo host site.
 */
import type { Hex } from 'viem'
import { createHash } from 'node:crypto'
import { deployAmm, type LocalnetAmm } from './amm.js'
import { deployBatchDelegate } from './batch-delegate.js'
import { startAnvil, type Anvil } from './anvil.js'
import { seedAssets, type SeededAssets } from './assets.js'
import { deployToken, type LocalnetToken } from './contracts.js'
import { freePort, freePortPair } from './ports.js'
import { SOLANA_LOCALNET_CAIP2, startSolanaNode, type SolanaNode } from './solana/node.js'
import { seedSolana, type SolanaSeed } from './solana/seed.js'
import { startDemoServer, type DemoServer } from './server.js'
import { startRelay, type Relay } from './walletconnect/relay.js'
import type { WalletConnectWallet } from './walletconnect/wallet.js'
import { spawnWalletConnectWallet } from './walletconnect/wallet-process.js'
import { startWalletConfigService, type WalletConfigService } from './services/wallet-config.js'
import { startBlockchainService, type BlockchainService } from './services/blockchain.js'
import { startAnalyticsService, type AnalyticsService } from './services/analytics.js'
import { startOnrampService, type OnrampService } from './services/onramp.js'
import { startSecureSite, type SecureSite } from './services/secure-site/server.js'
import { deployErc4337 } from './erc4337.js'
import { startBundler, type Bundler } from './bundler.js'
import { startLocalnetBitcoin, WC_BITCOIN_WALLET_KEY, type LocalnetBitcoin } from './bitcoin/localnet-bitcoin.js'
import { startPaymaster, type Paymaster } from './paymaster.js'

/** Chain ids of the localnet's EVM chains. */
export const LOCALNET_CHAIN_IDS = [31337, 31338] as const

export interface Localnet {
  /** The EVM chains, in LOCALNET_CHAIN_IDS order. */
  chains: Anvil[]
  /** The HBD ERC20, at the same address on every chain. */
  token: LocalnetToken
  solana: SolanaNode & { caipNetworkId: string; seed: SolanaSeed }
  web: DemoServer
  relay: Relay
  /** The Localnet WalletConnect wallet's control service (calls need `authorization: Bearer ${wcWallet.token}`). */
  wcWallet: WalletConnectWallet
  walletConfig: WalletConfigService
  /** The analytics service emulator (POST /e; what it received at GET /localnet/analytics). */
  analytics: AnalyticsService
  blockchain: BlockchainService
  /**
   * The on-ramp service emulator (issue 21; services/onramp.ts): options, quotes and the URL
   * generator at `onramp.url`, and the provider page that funds a wallet with HUSD or SOL; the
   * generator names the page `https://…` (`onramp.providerUrl`), served over http (`onramp.servedUrl`).
   */
  onramp: OnrampService
  /** The secure-site emulator (email and social login) at `http://127.0.0.1:<port>`; only the demo site's localhost origin may frame it. */
  secureSite: SecureSite
  /** The ERC20s and ERC721 collections seeded after HBD (same addresses on every chain). */
  assets: SeededAssets
  /** Uniswap V2 (WETH9, factory, Router02), Harbour USD and the seeded pools (same addresses on every chain). */
  amm: LocalnetAmm
  /** Simple7702Account by chain id, the Localnet Wallet's EIP-7702 delegate for atomic EIP-5792 batches (batch-delegate.ts). */
  batchDelegates: Record<number, Hex>
  /**
   * ERC-4337 on chain 31337 only (the Safe singleton factory has a presigned deployment for it, not
   * for 31338): EntryPoint v0.7 and the Safe and passkey contracts at their canonical addresses
   * (erc4337.ts), alto as its bundler (bundler.ts).
   */
  bundler: Bundler
  /** The verifying paymaster on chain 31337 and its ERC-7677 policy service (paymaster.ts): it sponsors an account's first operation only. */
  paymaster: Paymaster
  /** The Bitcoin regtest stand-in behind its Esplora API (bitcoin/), the Localnet Wallet's payment address funded. */
  bitcoin: LocalnetBitcoin
  stop(): Promise<void>
}

/** Lamports the Localnet WalletConnect wallet's Solana account starts with (10 SOL). */
const WC_WALLET_LAMPORTS = 10_000_000_000

/** Starts the chains, deploys the token and starts the demo server; port 0 (the default) picks free ports. */
export async function startLocalnet({
  anvilPorts = [0, 0],
  webPort = 0,
  solanaPort = 0,
  relayPort = 0,
  walletConfigPort = 0,
  wcWalletPort = 0,
  blockchainPort = 0,
  analyticsPort = 0,
  secureSitePort = 0,
  onrampPort = 0,
  bundlerPort = 0,
  paymasterPort = 0,
  bitcoinPort = 0,
}: {
  anvilPorts?: number[]
  webPort?: number
  solanaPort?: number
  relayPort?: number
  walletConfigPort?: number
  wcWalletPort?: number
  blockchainPort?: number
  analyticsPort?: number
  secureSitePort?: number
  onrampPort?: number
  bundlerPort?: number
  paymasterPort?: number
  bitcoinPort?: number
} = {}): Promise<Localnet> {
  const chains: Anvil[] = []
  let node: SolanaNode | undefined
  const started: { stop(): Promise<void> }[] = []
  try {
    for (const [i, chainId] of LOCALNET_CHAIN_IDS.entries()) chains.push(await startAnvil({ port: await freePort(anvilPorts[i] ?? 0), chainId }))
    const tokens = await Promise.all(chains.map((c) => deployToken(c.url)))
    const token = tokens[0]!
    // The collections' token URIs point at the blockchain service, so its port is chosen first.
    const bcPort = await freePort(blockchainPort)
    const nftBaseUrl = `http://127.0.0.1:${bcPort}/localnet/nft/`
    const seeded = await Promise.all(chains.map((c, chainIndex) => seedAssets(c.url, { nftBaseUrl, chainIndex, hbd: token.address })))
    const assets = seeded[0]!
    const tide = assets.tokens.find((t) => t.symbol === 'TIDE')!.address
    const amm = (await Promise.all(chains.map((c) => deployAmm(c.url, { hbd: token.address, tide }))))[0]!
    const batchDelegates = Object.fromEntries(await Promise.all(chains.map(async (c) => [c.chainId, await deployBatchDelegate(c.url)] as const)))
    await deployErc4337(chains[0]!.url)
    const bundler = await startBundler({ rpcUrl: chains[0]!.url, port: await freePort(bundlerPort) })
    started.push(bundler)
    const paymaster = await startPaymaster({ rpcUrl: chains[0]!.url, port: await freePort(paymasterPort) })
    started.push(paymaster)
    const bitcoin = await startLocalnetBitcoin({ port: await freePort(bitcoinPort) })
    started.push(bitcoin)
    node = await startSolanaNode({ port: solanaPort && (await freePort(solanaPort)) === solanaPort && (await freePort(solanaPort + 1)) === solanaPort + 1 ? solanaPort : await freePortPair() })
    const seed = await seedSolana(node)
    const solana = Object.assign(node, { caipNetworkId: SOLANA_LOCALNET_CAIP2, seed })
    const chainList = chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.url }))
    const onramp = await startOnrampService({ port: await freePort(onrampPort), chains: chainList, husd: amm.stablecoin.address, solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: node.url } })
    started.push(onramp)
    const blockchain = await startBlockchainService({
      port: bcPort,
      chains: chainList,
      spamCollections: assets.collections.filter((c) => c.spam).map((c) => c.symbol),
      solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: node.url, mints: { [seed.mint.address]: { name: seed.mint.name, symbol: seed.mint.symbol } } },
      amm,
      onrampUrl: onramp.url,
    })
    started.push(blockchain)
    const relay = await startRelay({ port: await freePort(relayPort) })
    started.push(relay)
    const walletConfig = await startWalletConfigService({ port: await freePort(walletConfigPort) })
    started.push(walletConfig)
    const analytics = await startAnalyticsService({ port: await freePort(analyticsPort) })
    started.push(analytics)
    // The demo site's port is chosen first: only its origins may drive the wallet from a browser,
    // or frame the secure site.
    const demoPort = await freePort(webPort)
    const demoOrigins = [`http://127.0.0.1:${demoPort}`, `http://localhost:${demoPort}`]
    // The demo as localhost only: as 127.0.0.1 it would be the same site as the secure site, whose frame the browser would then not partition.
    const secureSite = await startSecureSite({ port: await freePort(secureSitePort), chains: chainList, allowedOrigins: [`http://localhost:${demoPort}`] })
    started.push(secureSite)
    const wcWallet = await spawnWalletConnectWallet({
      port: await freePort(wcWalletPort),
      allowedOrigins: demoOrigins,
      relayUrl: relay.url,
      chains: chainList,
      solanaCaipNetworkId: solana.caipNetworkId,
      solanaSeed: createHash('sha256').update('gangway-localnet-walletconnect-solana').digest(),
      bitcoin: { caipNetworkId: bitcoin.caipNetworkId, esploraUrl: bitcoin.url, keyHex: WC_BITCOIN_WALLET_KEY },
    })
    started.push(wcWallet)
    await fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [wcWallet.solanaAddress, WC_WALLET_LAMPORTS] }) })
    const web = await startDemoServer({
      port: demoPort,
      chains: chainList,
      token,
      solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: node.url, ...seed },
      bitcoin: bitcoin.demo,
      walletConnect: { relayUrl: relay.url, walletUrl: wcWallet.url, walletToken: wcWallet.token },
      walletConfigUrl: walletConfig.url,
      blockchainUrl: blockchain.url,
      analyticsUrl: analytics.url,
      onrampUrl: onramp.url,
      secureSiteUrl: secureSite.url,
      amm,
      batchDelegates,
      erc4337: { chainId: chains[0]!.chainId, bundlerUrl: bundler.url, paymasterUrl: paymaster.url },
    })
    const stopAll = [web, ...started, node, ...chains]
    return { chains, token, solana, web, relay, wcWallet, walletConfig, blockchain, analytics, onramp, secureSite, assets, amm, batchDelegates, bundler, paymaster, bitcoin, stop: async () => void (await Promise.all(stopAll.map((s) => s.stop()))) }
  } catch (error) {
    await Promise.all([...started, ...chains].map((c) => c.stop()).concat(node ? [node.stop()] : []))
    throw error
  }
}

/** Stops `stop` on SIGINT / SIGTERM, then exits. */
export function stopOnSignal(stop: () => Promise<void>): void {
  const handler = () => void stop().finally(() => process.exit(0))
  process.once('SIGINT', handler)
  process.once('SIGTERM', handler)
}
