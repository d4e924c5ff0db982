/**
 * The localnet's Bitcoin: the regtest stand-in (regtest-chain.ts) behind its Esplora API
 * (esplora.ts), with the Localnet Wallet's key funded by a mature coinbase (50 BTC on its payment
 * address) and one block mined a second after each transaction enters the mempool, so a send
 * confirms as on a live network. Demo and test tooling only.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import type { DemoBitcoin } from '../server.js'
import { labelledKey } from '../test-keys.js'
import { bitcoinAccounts } from '../wallet/bitcoin-sign.js'
import { startEsplora, type Esplora } from './esplora.js'
import { COINBASE_MATURITY, REGTEST_GENESIS_HASH } from './regtest-chain.js'

/** The Localnet Wallet's Bitcoin private key (32 bytes hex, no 0x): a label's hash, as the other localnet keys. */
export const BITCOIN_WALLET_KEY = labelledKey('gangway localnet bitcoin wallet').slice(2)
/** The Localnet WalletConnect wallet's Bitcoin private key (localnet/walletconnect/wallet.ts), funded as the Localnet Wallet's is. */
export const WC_BITCOIN_WALLET_KEY = labelledKey('gangway localnet walletconnect bitcoin wallet').slice(2)
/** The CAIP-2 id of the stand-in's regtest. */
export const BITCOIN_REGTEST_CAIP2 = `bip122:${REGTEST_GENESIS_HASH.slice(0, 32)}`
/** How long after a transaction enters the mempool the stand-in mines it, in ms. */
const AUTO_MINE_MS = 1000

/** The localnet's Bitcoin, and the Localnet Wallet's funded payment address. */
export interface LocalnetBitcoin extends Esplora {
  caipNetworkId: string
  walletAddress: string
  /** What the demo pages get: the network, the Esplora and the Localnet Wallet's key and accounts (localnet/wallet/bitcoin.ts). */
  demo: DemoBitcoin
}

/**
 * Starts the stand-in on `port` (0: a free one), funds the Localnet Wallet's payment address and the
 * Localnet WalletConnect wallet's with one coinbase each and mines 100 blocks over them to a burn
 * address, so they are spendable.
 * @example const bitcoin = await startLocalnetBitcoin({ port: 0 }); await fetch(`${bitcoin.url}/address/${bitcoin.walletAddress}/utxo`)
 */
export async function startLocalnetBitcoin({ port = 0 }: { port?: number } = {}): Promise<LocalnetBitcoin> {
  const accounts = bitcoinAccounts(hexToBytes(BITCOIN_WALLET_KEY))
  const [payment] = accounts
  const [miner] = bitcoinAccounts(hexToBytes(labelledKey('gangway localnet bitcoin miner').slice(2)))
  const esplora = await startEsplora({ port, autoMineMs: AUTO_MINE_MS, minerAddress: miner.address })
  esplora.chain.mine(1, payment.address)
  esplora.chain.mine(1, bitcoinAccounts(hexToBytes(WC_BITCOIN_WALLET_KEY))[0].address)
  esplora.chain.mine(COINBASE_MATURITY, miner.address)
  const demo: DemoBitcoin = {
    caipNetworkId: BITCOIN_REGTEST_CAIP2,
    esploraUrl: esplora.url,
    walletKeyHex: BITCOIN_WALLET_KEY,
    accounts: accounts.map((a) => ({ address: a.address, publicKeyHex: bytesToHex(a.publicKey), purpose: a.purpose })),
  }
  return Object.assign(esplora, { caipNetworkId: BITCOIN_REGTEST_CAIP2, walletAddress: payment.address, demo })
}
