/**
 * The checks the Localnet Wallet's Solana side makes on `solana:signMessage` and `solana:signIn`
 * inputs before it asks the visitor (issue 20), and the Sign-In-With-Solana text it signs, built by
 * Gangway's own `createSiwsMessage` (src/siwx/solana-message.ts) as a wallet builds it from the
 * Wallet Standard's `SolanaSignInInput`. Demo and test tooling.
 */
import { createSiwsMessage, type SolanaSignInFields } from '../../src/siwx/solana-message.js'
import { MAX_SIGN_BYTES } from './evm-sign-params.js'

/** The Wallet Standard's `SolanaSignInInput`: every field optional; the wallet fills domain and address. */
export type SolanaSignInInput = Partial<SolanaSignInFields>

const STRING_FIELDS = ['domain', 'address', 'statement', 'uri', 'version', 'chainId', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId'] as const

/**
 * Checks `solana:signMessage` inputs `{ account, message }`: at least one; each account the
 * wallet's (`address`), each message a Uint8Array of 1 to MAX_SIGN_BYTES bytes.
 * @returns the messages, in order.
 * @throws Error 'solana:signMessage: no input', 'solana:signMessage: an input is not { account, message }',
 *   'solana:signMessage: the account is not this wallet's', 'solana:signMessage: the message is not a Uint8Array',
 *   'solana:signMessage: the message is empty or longer than 65536 bytes'.
 */
export function readSignMessageInputs(inputs: unknown[], address: string): Uint8Array[] {
  if (inputs.length === 0) throw new Error('solana:signMessage: no input')
  return inputs.map((input) => {
    if (typeof input !== 'object' || input === null) throw new Error('solana:signMessage: an input is not { account, message }')
    const { account, message } = input as { account?: { address?: unknown }; message?: unknown }
    if (account?.address !== address) throw new Error("solana:signMessage: the account is not this wallet's")
    if (!(message instanceof Uint8Array)) throw new Error('solana:signMessage: the message is not a Uint8Array')
    if (message.length === 0 || message.length > MAX_SIGN_BYTES) throw new Error(`solana:signMessage: the message is empty or longer than ${MAX_SIGN_BYTES} bytes`)
    return message
  })
}

/**
 * The Sign-In-With-Solana text for one `solana:signIn` input (undefined is an empty input): the
 * input's fields, the domain `host` when it names none, the address the wallet's. String fields
 * must be strings, `resources` an array of strings.
 * @returns the fields signed (domain and address filled) and the text.
 * @throws Error 'solana:signIn: the input is not an object', 'solana:signIn: <field> is not a string',
 *   'solana:signIn: resources is not an array of strings', 'solana:signIn: <address> is not this wallet's address',
 *   'solana:signIn: the input does not make a Sign-In-With-Solana message (<details>)' (a line break
 *   in a field, a statement that reads as a field line, too long: createSiwsMessage's refusal).
 */
export function signInMessage(input: unknown, address: string, host: string): { fields: SolanaSignInFields; text: string } {
  if (input === undefined) input = {}
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Error('solana:signIn: the input is not an object')
  const given = input as Record<string, unknown>
  const fields: SolanaSignInFields = { domain: host, address }
  for (const key of STRING_FIELDS) {
    const value = given[key]
    if (value === undefined) continue
    if (typeof value !== 'string') throw new Error(`solana:signIn: ${key} is not a string`)
    if (value) fields[key] = value
  }
  if (given.resources !== undefined) {
    if (!Array.isArray(given.resources) || !given.resources.every((r): r is string => typeof r === 'string')) throw new Error('solana:signIn: resources is not an array of strings')
    fields.resources = [...given.resources]
  }
  if (fields.address !== address) throw new Error(`solana:signIn: ${fields.address.slice(0, 64)} is not this wallet's address`)
  try {
    return { fields, text: createSiwsMessage(fields) }
  } catch (error) {
    const details = (error as { details?: unknown }).details
    throw new Error(`solana:signIn: the input does not make a Sign-In-With-Solana message (${typeof details === 'string' ? details : String(error)})`)
  }
}
