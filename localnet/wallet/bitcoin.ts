/**
 * The Localnet Wallet's Bitcoin side, registered through the Wallet Standard with the features of
 * ExodusMovement/bitcoin-wallet-standard: `bitcoin:connect` (asking first; the accounts of the
 * purposes asked), `standard:disconnect`, change events, `bitcoin:signTransaction` and
 * `bitcoin:signMessage`, each signature after the visitor approved it, with the localnet's funded
 * regtest key. The accounts come from the demo server (no key work on page load); the signing code
 * (bitcoin-sign.ts, @scure/btc-signer) loads from its own file at the first signature, as the
 * wallet's EIP-5792 module does. With `localStorage['localnet-wallet:bitcoin-legacy-messages'] ===
 * 'true'` it signs messages in the legacy prefixed form, as a wallet from before BIP-322.
 * Demo and test tooling only.
 */
import { registerWallet } from '@wallet-standard/wallet'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ICON, prompt } from './prompt.js'
import { standardConnection } from './standard-connection.js'

const AUTH_KEY = 'localnet-wallet:bitcoin-authorized'
/** Set to 'true': messages are signed in the legacy prefixed form. */
const LEGACY_KEY = 'localnet-wallet:bitcoin-legacy-messages'
/** The Wallet Standard chain of the localnet's regtest. */
export const BITCOIN_REGTEST_CHAIN = 'bitcoin:regtest'
/** Where the demo server serves bitcoin-sign.ts (a variable, so the build leaves the import to run time). */
const SIGN_MODULE: string = '/localnet/wallet-bitcoin.js'

/** What the demo server tells the wallet: its key (hex, no 0x) and its accounts, payment first. */
export interface LocalnetBitcoinWallet {
  walletKeyHex: string
  accounts: { address: string; publicKeyHex: string; purpose: 'payment' | 'ordinals' }[]
}

type Purpose = 'payment' | 'ordinals'
type Account = WalletAccount & { purpose: Purpose }

const bytes = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)))

/** Registers the wallet. */
export function registerBitcoinWallet({ walletKeyHex, accounts: given }: LocalnetBitcoinWallet): void {
  const all: Account[] = given.map((a) => ({
    address: a.address,
    publicKey: bytes(a.publicKeyHex),
    purpose: a.purpose,
    chains: [BITCOIN_REGTEST_CHAIN],
    features: ['bitcoin:signTransaction', 'bitcoin:signMessage'],
  }))
  const connection = standardConnection(AUTH_KEY, () => accounts())
  const { authorized } = connection
  const accounts = () => (authorized() ? all : [])
  const state = { prompts: 0 }
  ;(window as unknown as { __localnetBitcoinWallet: typeof state }).__localnetBitcoinWallet = state
  const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
  const unauthorized = () => Object.assign(new Error('Unauthorized'), { code: 4100 })
  /** Counts and shows the approval prompt. @throws Error 'User rejected the request.' (code 4001) on Reject. */
  const approve = async (text: string) => {
    state.prompts++
    if (!(await prompt(text))) throw rejected()
  }
  const signing = () => import(SIGN_MODULE) as Promise<typeof import('./bitcoin-sign.js')>
  const key = () => bytes(walletKeyHex)

  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Localnet Wallet',
    icon: ICON as `data:image/svg+xml;base64,${string}`,
    chains: [BITCOIN_REGTEST_CHAIN],
    get accounts() {
      return accounts()
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: async ({ purposes = ['payment'] }: { purposes?: Purpose[] } = {}) => {
          if (!authorized()) {
            await approve(`Connect your Bitcoin account to ${location.host}?`)
            connection.authorize()
          }
          return { accounts: all.filter((a) => purposes.includes(a.purpose)) }
        },
      },
      ...connection.features,
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: async (...inputs: { psbt: Uint8Array; inputsToSign: { account: WalletAccount; signingIndexes: number[] }[] }[]) => {
          if (!authorized()) throw unauthorized()
          await approve(`Sign ${inputs.length === 1 ? 'a Bitcoin transaction' : `${inputs.length} Bitcoin transactions`} on the localnet's regtest?`)
          const { signPsbt } = await signing()
          return inputs.map(({ psbt, inputsToSign }) => ({ signedPsbt: signPsbt(psbt, inputsToSign, key()) }))
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          if (!authorized()) throw unauthorized()
          const text = inputs.map((i) => new TextDecoder().decode(i.message)).join('\n\n')
          await approve(`Sign ${inputs.length === 1 ? 'this message' : `these ${inputs.length} messages`} for ${location.host}?\n\n${text}`)
          const { signBitcoinMessage } = await signing()
          const legacy = localStorage.getItem(LEGACY_KEY) === 'true'
          return inputs.map(({ account, message }) => ({
            signedMessage: message,
            signature: Uint8Array.from(atob(signBitcoinMessage(message, account, key(), legacy)), (c) => c.charCodeAt(0)),
          }))
        },
      },
    },
  }
  registerWallet(wallet)
}
