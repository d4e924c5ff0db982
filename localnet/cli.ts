/** `npm run localnet`: anvil alone, with its funded dev accounts listed. Ctrl-C stops it. */
import { rpc, startAnvil } from './anvil.js'
import { freePort } from './ports.js'
import { stopOnSignal } from './start.js'

const anvil = await startAnvil({ port: await freePort(8545) })
stopOnSignal(anvil.stop)
const accounts = await rpc<string[]>(anvil.url, 'eth_accounts')
console.log(`anvil: ${anvil.url} (chain id ${anvil.chainId})`)
for (const a of accounts) console.log(`  ${a}  ${Number(BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [a, 'latest'])) / 10n ** 18n)} ETH`)
console.log('Ctrl-C stops it.')
