/**
 * The checks the Localnet Wallet makes on the params of its EVM signing methods before it asks
 * the visitor (issue 20: the wallet signs messages as an extension does): the shape, the bounds,
 * and what the prompt shows. Demo and test tooling.
 */
import { hexToBytes, type Hex } from 'viem'
import { messageText } from './message-text.js'
import { ProviderRpcError } from './rpc-error.js'

/** The largest message personal_sign signs, and the longest typed-data JSON, in bytes (UTF-16 code units for the JSON). */
export const MAX_SIGN_BYTES = 64 * 1024

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/

/** -32602 with `Invalid params: <what>` (EIP-1474's invalid input). */
const invalid = (what: string) => new ProviderRpcError(-32602, `Invalid params: ${what}`)

/** A personal_sign request, read: the message as given (hex), the signer, and the prompt's text of the message. */
export interface PersonalSign {
  messageHex: string
  address: string
  /** The message as UTF-8 text when it decodes cleanly, else its hex. */
  text: string
}

/**
 * Reads personal_sign's params `[messageHex, address]`: the message `0x` hex of whole bytes, at
 * most MAX_SIGN_BYTES; the address 20 bytes of hex (any case).
 * @throws ProviderRpcError -32602 'Invalid params: personal_sign takes [messageHex, address]' on a
 *   wrong shape, '… message is not 0x hex of whole bytes', '… message is longer than 65536 bytes'.
 */
export function readPersonalSign(params: unknown): PersonalSign {
  if (!Array.isArray(params) || typeof params[0] !== 'string' || typeof params[1] !== 'string' || !ADDRESS.test(params[1])) throw invalid('personal_sign takes [messageHex, address]')
  const [messageHex, address] = params as [string, string]
  if (!HEX_BYTES.test(messageHex)) throw invalid('the message is not 0x hex of whole bytes')
  const size = (messageHex.length - 2) / 2
  if (size > MAX_SIGN_BYTES) throw invalid(`the message is longer than ${MAX_SIGN_BYTES} bytes`)
  return { messageHex, address, text: messageText(hexToBytes(messageHex as Hex)) }
}

/** An eth_signTypedData_v4 request, read: the signer, the JSON as given, and what the prompt shows of it. */
export interface TypedDataSign {
  address: string
  json: string
  primaryType: string
  /** `domain.name`, or undefined when the domain has none. */
  domainName: string | undefined
  /** `domain.chainId` as a number, or undefined when the domain has none. */
  chainId: number | undefined
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Reads eth_signTypedData_v4's params `[address, typedDataJson]`: the JSON a string of at most
 * MAX_SIGN_BYTES that parses to `{ types, primaryType, domain, message }` with `primaryType` one
 * of `types`, a `domain.name` that is a string when present, and a `domain.chainId` that is an
 * integer (number, decimal or hex string) when present.
 * @throws ProviderRpcError -32602 'Invalid params: eth_signTypedData_v4 takes [address, typedDataJson]'
 *   on a wrong shape, '… the typed data is longer than 65536 characters', '… the typed data is not
 *   JSON', '… the typed data needs types, primaryType, domain and message', '… the domain's name or
 *   chainId is malformed'.
 */
export function readTypedData(params: unknown): TypedDataSign {
  if (!Array.isArray(params) || typeof params[0] !== 'string' || !ADDRESS.test(params[0]) || typeof params[1] !== 'string') throw invalid('eth_signTypedData_v4 takes [address, typedDataJson]')
  const [address, json] = params as [string, string]
  if (json.length > MAX_SIGN_BYTES) throw invalid(`the typed data is longer than ${MAX_SIGN_BYTES} characters`)
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    throw invalid('the typed data is not JSON')
  }
  if (!isRecord(data) || !isRecord(data.types) || typeof data.primaryType !== 'string' || !Object.hasOwn(data.types, data.primaryType) || !isRecord(data.domain) || !isRecord(data.message)) {
    throw invalid('the typed data needs types, primaryType, domain and message')
  }
  const { name, chainId } = data.domain
  const chain = chainId === undefined ? undefined : typeof chainId === 'number' ? chainId : typeof chainId === 'string' && /^(?:0x[0-9a-fA-F]+|[0-9]+)$/.test(chainId) ? Number(chainId) : NaN
  if ((name !== undefined && typeof name !== 'string') || (chain !== undefined && !Number.isSafeInteger(chain))) throw invalid("the domain's name or chainId is malformed")
  return { address, json, primaryType: data.primaryType, domainName: name, chainId: chain }
}
