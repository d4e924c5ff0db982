/**
 * The Localnet Wallet's Solana side, registered through the Wallet Standard: connect (asking
 * first, silent when already approved), disconnect, change events, solana:signTransaction,
 * solana:signMessage and solana:signIn (issue 20), each signature after the visitor approved it,
 * with the localnet's dev keypair. Demo and test tooling only: it signs with ed25519 from
 * @noble/curves, not web3.js, so the demo page does not pay for a whole Solana SDK.
 * With `localStorage['localnet-wallet:solana-without-sign-in'] === 'true'` when the page loads, it
 * registers without `solana:signIn`, as a wallet from before that feature (a site then signs in with
 * `solana:signMessage`; tests/e2e/siwx-solana.test.ts).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { registerWallet } from '@wallet-standard/wallet'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { messageText } from './message-text.js'
import { ICON, prompt } from './prompt.js'
import { standardConnection } from './standard-connection.js'
import { readSignMessageInputs, signInMessage } from './solana-sign.js'

const AUTH_KEY = 'localnet-wallet:solana-authorized'
/** Set to 'true' before the page loads: the wallet has no `solana:signIn`. */
const WITHOUT_SIGN_IN_KEY = 'localnet-wallet:solana-without-sign-in'
export const SOLANA_LOCALNET_CHAIN = 'solana:localnet'

/** Reads a compact-u16 (Solana's short vector length) at `at`: [value, bytes used]. */
function shortVec(bytes: Uint8Array, at: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const b = bytes[at + i]!
    value |= (b & 0x7f) << (7 * i)
    if ((b & 0x80) === 0) return [value, i + 1]
  }
  return [value, 3]
}

/**
 * Signs a wire transaction (legacy or v0) in place: the signature goes in the slot of the signer
 * whose key is `publicKey` among the message's required signers.
 * @throws Error 'not a signer of this transaction'
 */
export function signWireTransaction(wire: Uint8Array, seed: Uint8Array, publicKey: Uint8Array): Uint8Array {
  const out = Uint8Array.from(wire)
  const [signatureCount, used] = shortVec(out, 0)
  const messageStart = used + 64 * signatureCount
  const message = out.subarray(messageStart)
  let at = message[0]! & 0x80 ? 1 : 0 // v0 messages start with a version byte
  const requiredSignatures = message[at]!
  at += 3
  const [keyCount, keyLen] = shortVec(message, at)
  at += keyLen
  for (let i = 0; i < Math.min(keyCount, requiredSignatures); i++) {
    const key = message.subarray(at + 32 * i, at + 32 * (i + 1))
    if (key.every((b, j) => b === publicKey[j])) {
      out.set(ed25519.sign(message, seed), used + 64 * i)
      return out
    }
  }
  throw new Error('not a signer of this transaction')
}

/** Registers the wallet. `address` is the seed's public key (base58), given so page load does no ed25519 work. */
export function registerSolanaWallet(seedHex: string, address: string): void {
  const seed = Uint8Array.from(seedHex.match(/../g)!.map((h) => parseInt(h, 16)))
  const publicKey = base58.decode(address)
  const withSignIn = localStorage.getItem(WITHOUT_SIGN_IN_KEY) !== 'true'
  const account: WalletAccount = {
    address,
    publicKey,
    chains: [SOLANA_LOCALNET_CHAIN],
    features: ['solana:signTransaction', 'solana:signMessage', ...(withSignIn ? ['solana:signIn' as const] : [])],
  }
  const connection = standardConnection(AUTH_KEY, () => accounts())
  const { authorized } = connection
  const accounts = () => (authorized() ? [account] : [])
  const state = { prompts: 0 }
  ;(window as unknown as { __localnetSolanaWallet: typeof state }).__localnetSolanaWallet = state
  const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
  /** Counts and shows the approval prompt. @throws Error 'User rejected the request.' (code 4001) on Reject. */
  const approve = async (text: string) => {
    state.prompts++
    if (!(await prompt(text))) throw rejected()
  }

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
            connection.authorize()
          }
          return { accounts: accounts() }
        },
      },
      ...connection.features,
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { transaction: Uint8Array }[]) => {
          if (!authorized()) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
          state.prompts++
          if (!(await prompt(`Sign a Solana transaction on the localnet?`))) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          return inputs.map(({ transaction }) => ({ signedTransaction: signWireTransaction(transaction, seed, publicKey) }))
        },
      },
      // Signs the bytes given as they are (ed25519 over the message): the caller verifies with the account's public key.
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: unknown[]) => {
          if (!authorized()) throw Object.assign(new Error('Unauthorized'), { code: 4100 })
          const messages = readSignMessageInputs(inputs, address)
          await approve(`Sign ${messages.length === 1 ? 'this message' : `these ${messages.length} messages`} for ${location.host}?\n\n${messages.map(messageText).join('\n\n')}`)
          return messages.map((message) => ({ signedMessage: Uint8Array.from(message), signature: ed25519.sign(message, seed), signatureType: 'ed25519' as const }))
        },
      },
      // Connects and signs in at once, as wallets do: the visitor's approval of the sign-in also connects the site.
      'solana:signIn': {
        version: '1.0.0',
        signIn: async (...inputs: unknown[]) => {
          const messages = (inputs.length ? inputs : [undefined]).map((input) => signInMessage(input, address, location.host))
          const foreign = [...new Set(messages.map((m) => m.fields.domain).filter((d) => d !== location.host))]
          const warning = foreign.length ? `\n\nWarning: this page is ${location.host}, not ${foreign.join(', ')}.` : ''
          await approve(`Sign in to ${messages.map((m) => m.fields.domain).join(', ')}?${warning}\n\n${messages.map((m) => m.text).join('\n\n')}`)
          if (!authorized()) connection.authorize()
          return messages.map(({ text }) => {
            const signedMessage = new TextEncoder().encode(text)
            return { account, signedMessage, signature: ed25519.sign(signedMessage, seed), signatureType: 'ed25519' as const }
          })
        },
      },
    },
  }
  if (!withSignIn) delete (wallet.features as Record<string, unknown>)['solana:signIn']
  registerWallet(wallet)
}
