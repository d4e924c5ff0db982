/**
 * Checks a SIWX signature (docs/behaviour.md §4 SIWX): is `signature` the message's account's
 * signature of `text`?
 * - eip155 with a client: viem's `verifyMessage` action (EIP-191 over the text), which asks the
 *   chain, so an EIP-1271 contract account (a deployed Safe) and an ERC-6492 counterfactual account
 *   (a smart account not yet deployed, its signature wrapping the factory call) verify as well as
 *   an EOA. Without a client: viem's pure `verifyMessage` utility, an EOA's ECDSA signature only.
 * - solana: ed25519 (@noble/curves, RFC 8032 strict: no ZIP-215 leniency) over the text's UTF-8
 *   bytes, with the base58 address decoded to its 32-byte public key. The signature is base58 (how
 *   Solana writes signatures) or padded base64 (how Gangway's Wallet Standard bridge hands a
 *   wallet's `solana:signMessage` signature to the engine: ui/bridge/wallet-standard-bridge.ts);
 *   the two cannot be confused (a 64-byte padded base64 string ends in `==`, outside base58).
 * - bip122: the base64 signature a Bitcoin wallet gives, BIP-322's simple form or the legacy
 *   prefixed one, for the address on the message's Bitcoin network, by the verifier the caller
 *   gives (`verifyBitcoin`: chains/bip122/message.ts).
 */
import { verifyMessage as verifyEoaMessage, type Client, type Hex } from 'viem'
import { verifyMessage } from 'viem/actions'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { readCaipNetworkId } from '../chains/caip.js'
import { MAX_SIWX_SIGNATURE_CHARS } from './limits.js'
import { parseSiwxMessage, type SiwxMessage } from './message.js'

/** What verifySiwxSignature checks. */
export interface SiwxSignatureInput {
  /** The message read from `text` (parseSiwxMessage): its account and network say who must have signed. */
  message: SiwxMessage
  /** The signed text, exactly as signed. */
  text: string
  /** eip155: `0x` hex (65-byte ECDSA, an EIP-1271 contract's bytes, or an ERC-6492 wrapping); solana: 64 bytes in base58 or padded base64. */
  signature: string
  /** eip155: a viem client of the message's chain (a PublicClient), for contract and counterfactual accounts. Unused on solana. */
  client?: Client
  /**
   * bip122: the Bitcoin message verifier (chains/bip122/message.ts `verifyBitcoinMessage`), given by
   * the caller so that Bitcoin's code loads only where Bitcoin is in use; without it no bip122
   * signature verifies.
   */
  verifyBitcoin?: (input: { address: string; message: string; signature: string; caipNetworkId: string }) => boolean
}

/** The longest Solana signature string looked at: 64 bytes are at most 88 characters in either encoding. */
const MAX_SOLANA_SIGNATURE_CHARS = 128
/** The longest Solana address looked at: 32 bytes are at most 44 base58 characters. */
const MAX_SOLANA_ADDRESS_CHARS = 64

/**
 * True when `signature` is `message.accountAddress`'s signature of `text` on `message.chainId`'s
 * namespace (see the module's comment for how each is checked). False for a signature that does not
 * verify or is malformed, a text that does not read as `message`'s account and network, a
 * namespace other than eip155, solana and bip122, an oversized signature (MAX_SIWX_SIGNATURE_CHARS).
 * The time window, domain and nonce are not looked at (validate.ts).
 * With a client, a node that cannot be read gives false for any signature but an EOA's (viem's
 * action falls back to ECDSA recovery, and counts a failed `eth_call` as "not verified").
 * @throws what viem's action throws outside its call (rare: an unexpected client error).
 */
export async function verifySiwxSignature({ message, text, signature, client, verifyBitcoin }: SiwxSignatureInput): Promise<boolean> {
  if (typeof text !== 'string' || typeof signature !== 'string' || signature.length > MAX_SIWX_SIGNATURE_CHARS) return false
  const namespace = readCaipNetworkId(message.chainId)?.namespace
  if (namespace !== 'eip155' && namespace !== 'solana' && namespace !== 'bip122') return false
  // The signer is read from the text too: a message that does not match the text signs nothing.
  let read: SiwxMessage
  try {
    read = parseSiwxMessage(text, namespace)
  } catch {
    return false
  }
  if (read.chainId !== message.chainId) return false
  if (namespace === 'eip155') {
    if (read.accountAddress.toLowerCase() !== message.accountAddress.toLowerCase()) return false
    return verifyEip155(read.accountAddress as Hex, text, signature, client)
  }
  if (read.accountAddress !== message.accountAddress) return false
  if (namespace === 'bip122') return verifyBitcoin?.({ address: read.accountAddress, message: text, signature, caipNetworkId: read.chainId }) ?? false
  return verifySolana(read.accountAddress, text, signature)
}

/** EIP-191 personal-message verification, on the chain when a client is given. */
async function verifyEip155(address: Hex, text: string, signature: string, client: Client | undefined): Promise<boolean> {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) return false
  const sig = signature as Hex
  if (client) return verifyMessage(client, { address, message: text, signature: sig })
  try {
    return await verifyEoaMessage({ address, message: text, signature: sig })
  } catch {
    // Not a recoverable ECDSA signature (a contract's signature, without a chain to ask).
    return false
  }
}

/** Decodes `value` with `coder`, or undefined when it is not in that encoding. */
function decodeWith(coder: { decode(s: string): Uint8Array }, value: string): Uint8Array | undefined {
  try {
    return coder.decode(value)
  } catch {
    return undefined
  }
}

/** ed25519 verification of the UTF-8 text under the base58 address's public key. */
function verifySolana(address: string, text: string, signature: string): boolean {
  if (address.length > MAX_SOLANA_ADDRESS_CHARS || signature.length > MAX_SOLANA_SIGNATURE_CHARS) return false
  const publicKey = decodeWith(base58, address)
  if (publicKey?.length !== 32) return false
  const signatures = [decodeWith(base58, signature), decodeWith(base64, signature)].filter((s): s is Uint8Array => s?.length === 64)
  const bytes = new TextEncoder().encode(text)
  return signatures.some((sig) => {
    try {
      return ed25519.verify(sig, bytes, publicKey, { zip215: false })
    } catch {
      return false
    }
  })
}
