/** `npm run demo`: the localnet plus the demo host site; prints the addresses and the WalletConnect wallet's control token. Ctrl-C stops both. */
import { startLocalnet, stopOnSignal } from './start.js'

const net = await startLocalnet({ anvilPorts: [8545, 8546], webPort: 5173, solanaPort: 8899, bundlerPort: 4337, paymasterPort: 4338, bitcoinPort: 3002 })
stopOnSignal(net.stop)
console.log(`Gangway demo: ${net.web.url}/`)
for (const c of net.chains) console.log(`  anvil (chain ${c.chainId}): ${c.url}`)
console.log(`  ${net.token.symbol} (ERC20) on every chain at ${net.token.address}`)
console.log(`  Solana (litesvm, ${net.solana.caipNetworkId}): ${net.solana.url} (websocket ${net.solana.wsUrl}); SPL mint ${net.solana.seed.mint.address}`)
console.log(`  WalletConnect relay: ${net.relay.url}; Localnet WalletConnect Wallet ${net.wcWallet.address} (control ${net.wcWallet.url})`)
console.log(`  its control token (the demo page sends it; for curl: -H 'authorization: Bearer ${net.wcWallet.token}')`)
console.log(`  wallet/config service emulator: ${net.walletConfig.url}; blockchain service emulator: ${net.blockchain.url}; analytics service emulator: ${net.analytics.url} (what it received: ${net.analytics.url}/localnet/analytics)`)
console.log(`  on-ramp service emulator: ${net.onramp.url} (options, quotes, the URL generator); its provider page, named ${net.onramp.providerUrl}?… by the generator, is served at ${net.onramp.servedUrl(net.onramp.providerUrl)}?…`)
console.log(`  ERC-4337 on chain ${net.chains[0]!.chainId}: bundler (alto) ${net.bundler.url}; verifying paymaster ${net.paymaster.address}, its ERC-7677 policy service ${net.paymaster.url} (sponsors an account's first operation)`)
console.log(`  Bitcoin regtest stand-in (${net.bitcoin.caipNetworkId}), Esplora API: ${net.bitcoin.url}; the Localnet Wallet's payment address ${net.bitcoin.walletAddress} holds 50 BTC; the demo with Bitcoin: ${net.web.url}/?bitcoin`)
console.log(`  secure-site emulator (email and social login; its own site): ${net.secureSite.url} (codes and links mailed: ${net.secureSite.url}/inbox?email=<address>)`)
console.log(`  the same email and social logins through Reown's own client (gangway/auth-reown, W3mFrameProvider) against that emulator: ${net.web.url}/?auth=reown`)
console.log(`  seeded for dev account 0: ${net.assets.tokens.map((t) => t.symbol).join(', ')} and the ${net.assets.collections.map((c) => c.name).join(' and ')} collections`)
console.log('  Click the Gangway button and choose "Localnet Wallet", WalletConnect with the page\'s Localnet WalletConnect Wallet card, an email (the code is in the inbox above) or a social login. Ctrl-C stops everything.')
