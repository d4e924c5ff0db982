/**
 * The whole localnet: two anvil chains (31337, 31338) with the HBD token on both, a Solana node
 * (litesvm) with a funded dev wallet and an SPL mint, and the demo host site.
 */
import { startAnvil, type Anvil } from './anvil.js'
import { deployToken, type LocalnetToken } from './contracts.js'
import { freePort, freePortPair } from './ports.js'
import { SOLANA_LOCALNET_CAIP2, startSolanaNode, type SolanaNode } from './solana/node.js'
import { seedSolana, type SolanaSeed } from './solana/seed.js'
import { startDemoServer, type DemoServer } from './server.js'

/** Chain ids of the localnet's EVM chains. */
export const LOCALNET_CHAIN_IDS = [31337, 31338] as const

export interface Localnet {
  /** The EVM chains, in LOCALNET_CHAIN_IDS order. */
  chains: Anvil[]
  /** The HBD ERC20, at the same address on every chain. */
  token: LocalnetToken
  solana: SolanaNode & { caipNetworkId: string; seed: SolanaSeed }
  web: DemoServer
  stop(): Promise<void>
}

/** Starts the chains, deploys the token and starts the demo server; port 0 (the default) picks free ports. */
export async function startLocalnet({ anvilPorts = [0, 0], webPort = 0, solanaPort = 0 }: { anvilPorts?: number[]; webPort?: number; solanaPort?: number } = {}): Promise<Localnet> {
  const chains: Anvil[] = []
  let node: SolanaNode | undefined
  try {
    for (const [i, chainId] of LOCALNET_CHAIN_IDS.entries()) chains.push(await startAnvil({ port: await freePort(anvilPorts[i] ?? 0), chainId }))
    const tokens = await Promise.all(chains.map((c) => deployToken(c.url)))
    const token = tokens[0]!
    node = await startSolanaNode({ port: solanaPort && (await freePort(solanaPort)) === solanaPort && (await freePort(solanaPort + 1)) === solanaPort + 1 ? solanaPort : await freePortPair() })
    const seed = await seedSolana(node)
    const solana = Object.assign(node, { caipNetworkId: SOLANA_LOCALNET_CAIP2, seed })
    const web = await startDemoServer({ port: await freePort(webPort), chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.url })), token, solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: node.url, ...seed } })
    const stopAll = [web.stop, node.stop, ...chains.map((c) => c.stop)]
    return { chains, token, solana, web, stop: async () => void (await Promise.all(stopAll.map((f) => f()))) }
  } catch (error) {
    await Promise.all([...chains.map((c) => c.stop()), node?.stop()])
    throw error
  }
}

/** Stops `stop` on SIGINT / SIGTERM, then exits. */
export function stopOnSignal(stop: () => Promise<void>): void {
  const handler = () => void stop().finally(() => process.exit(0))
  process.once('SIGINT', handler)
  process.once('SIGTERM', handler)
}
