/** The whole localnet: anvil and the demo host site. */
import { startAnvil, type Anvil } from './anvil.js'
import { freePort } from './ports.js'
import { startDemoServer, type DemoServer } from './server.js'

export interface Localnet {
  anvil: Anvil
  web: DemoServer
  stop(): Promise<void>
}

/** Starts anvil and the demo server; port 0 (the default) picks free ports. */
export async function startLocalnet({ anvilPort = 0, webPort = 0 } = {}): Promise<Localnet> {
  const anvil = await startAnvil({ port: await freePort(anvilPort) })
  try {
    const web = await startDemoServer({ port: await freePort(webPort), rpcUrl: anvil.url, chainId: anvil.chainId })
    return { anvil, web, stop: async () => void (await Promise.all([web.stop(), anvil.stop()])) }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}

/** Stops `stop` on SIGINT / SIGTERM, then exits. */
export function stopOnSignal(stop: () => Promise<void>): void {
  const handler = () => void stop().finally(() => process.exit(0))
  process.once('SIGINT', handler)
  process.once('SIGTERM', handler)
}
