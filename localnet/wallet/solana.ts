/**
 * The Localnet Wallet's Solana side, registered through the Wallet Standard: connect (asking
 * first, silent when already approved), disconnect, change events, and solana:signTransaction,
 * signing with the localnet's dev keypair. Demo and test tooling only.
 */
import { Keypair, VersionedTransaction } from '@solana/web3.js'
import { registerWallet } from '@wallet-standard/wallet'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ICON, prompt } from './prompt.js'

const AUTH_KEY = 'localnet-wallet:solana-authorized'
export const SOLANA_LOCALNET_CHAIN = 'solana:localnet'

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void

export function registerSolanaWallet(seedHex: string): void {
  const keypair = Keypair.fromSeed(Uint8Array.from(seedHex.match(/../g)!.map((h) => parseInt(h, 16))))
  const account: WalletAccount = {
    address: keypair.publicKey.toBase58(),
    publicKey: keypair.publicKey.toBytes(),
    chains: [SOLANA_LOCALNET_CHAIN],
    features: ['solana:signTransaction'],
  }
  const listeners = new Set<Listener>()
  const authorized = () => localStorage.getItem(AUTH_KEY) === 'true'
  const accounts = () => (authorized() ? [account] : [])
  const emit = () => {
    for (const l of listeners) l({ accounts: accounts() })
  }
  const state = { prompts: 0 }
  ;(window as unknown as { __localnetSolanaWallet: typeof state }).__localnetSolanaWallet = state

  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Localnet Wallet',
    icon: ICON as `data:image/svg+xml;base64,${string}`,
    chains: [SOLANA_LOCALNET_CHAIN],
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async ({ silent }: { silent?: boolean } = {}) => {
          if (!authorized()) {
            if (silent) return { accounts: [] }
            state.prompts++
            if (!(await prompt(`Connect your Solana account to ${location.host}?`))) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
            localStorage.setItem(AUTH_KEY, 'true')
            emit()
          }
          return { accounts: accounts() }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          localStorage.removeItem(AUTH_KEY)
          emit()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { transaction: Uint8Array }[]) => {
          if (!authorized()) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
          state.prompts++
          if (!(await prompt(`Sign a Solana transaction on the localnet?`))) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          return inputs.map(({ transaction }) => {
            const tx = VersionedTransaction.deserialize(transaction)
            tx.sign([keypair])
            return { signedTransaction: tx.serialize() }
          })
        },
      },
    },
  }
  registerWallet(wallet)
}
