/** `npm run demo`: the localnet plus the demo host site; prints the address. Ctrl-C stops both. */
import { startLocalnet, stopOnSignal } from './start.js'

const net = await startLocalnet({ anvilPort: 8545, webPort: 5173 })
stopOnSignal(net.stop)
console.log(`Gangway demo: ${net.web.url}/`)
console.log(`  anvil (chain ${net.anvil.chainId}): ${net.anvil.url}`)
console.log('  Click the Gangway button and choose "Localnet Wallet". Ctrl-C stops everything.')
