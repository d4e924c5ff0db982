/**
 * The SIWX message (docs/behaviour.md §3) and its text: EIP-4361 (Sign-In with Ethereum) on eip155,
 * written and read with viem's SIWE helpers; Sign-In-With-Solana on solana (solana-message.ts,
 * the Wallet Standard `solana:signIn` form); on bip122 the same layout as Reown AppKit's
 * InformalMessenger writes it ("… with your Bitcoin account:", the whole CAIP-2 id as Chain ID).
 * The text is what a wallet signs, so reading it is strict: a text is accepted only in the one form
 * the writer produces, so that no two readings of one signed text exist. Pure: no clock, no I/O.
 */
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { getAddress, isAddress } from 'viem'
import type { CaipNetworkId } from '../events/entities.js'
import { GangwayError } from '../events/kernel/errors.js'
import { readCaipNetworkId } from '../chains/caip.js'
import { MAX_SIWX_MESSAGE_CHARS } from './limits.js'
import { invalidSiwxMessage } from './refusals.js'
import { createSiwsMessage, parseSiwsMessage, type SolanaSignInFields } from './solana-message.js'
import { BITCOIN_NETWORKS, type BitcoinNetworkId, type BitcoinNetworkParams } from '../chains/bip122/networks.js'
import { readSiwxTime } from './time.js'

/**
 * A sign-in message's fields (docs/behaviour.md §3 "SIWX message"). Times are RFC 3339 (ISO 8601) strings.
 * - `accountAddress`: the account signing in, as the namespace writes it (eip155 `0x…`, checksummed
 *   in the text; solana base58);
 * - `chainId`: its network, CAIP-2 (`eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`);
 * - `domain`: the RFC 3986 authority asking (`example.com`, `localhost:5173`); `uri`: the resource
 *   signed in to; `version`: '1' on eip155; `nonce`: the verifier's single-use value (EIP-4361: at
 *   least 8 letters and digits);
 * - `issuedAt`, and optionally `expirationTime` and `notBefore`: the time window;
 * - optionally `statement` (one line), `requestId`, `resources` (URIs).
 * @example
 * ```ts
 * import type { SiwxMessage } from 'gangway/siwx-server'
 *
 * // What a backend answers for the page's `siwx.createMessage({ accountAddress, chainId })`:
 * const fields: SiwxMessage = {
 *   accountAddress, chainId, domain: 'example.com', uri: 'https://example.com', version: '1',
 *   nonce: siwx.issueNonce({ clientKey: req.socket.remoteAddress }).nonce,
 *   issuedAt: new Date().toISOString(), expirationTime: new Date(Date.now() + 10 * 60_000).toISOString(),
 * }
 * ```
 */
export interface SiwxMessage {
  accountAddress: string
  chainId: CaipNetworkId
  domain: string
  uri: string
  version: string
  nonce: string
  notBefore?: string
  statement?: string
  resources?: string[]
  requestId?: string
  issuedAt: string
  expirationTime?: string
}

/** The namespaces a SIWX message is written for. */
export type SiwxNamespace = 'eip155' | 'solana' | 'bip122'

/** The namespace of a CAIP-2 id (`eip155:1`) or a bare namespace (`eip155`); undefined for anything else. */
function namespaceOf(caipNetworkIdOrNamespace: string): SiwxNamespace | undefined {
  const namespace = caipNetworkIdOrNamespace.includes(':') ? readCaipNetworkId(caipNetworkIdOrNamespace)?.namespace : caipNetworkIdOrNamespace
  return namespace === 'eip155' || namespace === 'solana' || namespace === 'bip122' ? namespace : undefined
}

/** The eip155 chain id of a CAIP-2 reference: a positive safe integer in plain decimal, else undefined. */
function evmChainId(reference: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(reference)) return undefined
  const id = Number(reference)
  return Number.isSafeInteger(id) ? id : undefined
}

/** The time of an RFC 3339 string, as a Date; throws 'Invalid SIWX message' naming the field otherwise. */
function dateOf(field: string, value: string): Date {
  const ms = readSiwxTime(value)
  if (ms === undefined) throw invalidSiwxMessage(`${field} is not an RFC 3339 date-time`)
  return new Date(ms)
}

/**
 * The text a wallet signs for `m`: EIP-4361 on eip155 (viem's `createSiweMessage`: the chain id
 * is the CAIP-2 reference as a number, the address checksummed, times written as
 * `Date#toISOString`), Sign-In-With-Solana on solana (`Chain ID:` the CAIP-2 reference, the address
 * as it is).
 * @throws GangwayError 'Invalid SIWX message' (details say which field) when `m` cannot be written:
 *   another namespace, a malformed chain id, address, domain, nonce, URI or time, a version other
 *   than '1' on eip155, a statement with a line break, a text longer than MAX_SIWX_MESSAGE_CHARS.
 */
export function siwxMessageText(m: SiwxMessage): string {
  const network = readCaipNetworkId(m.chainId)
  const namespace = network && namespaceOf(network.namespace)
  if (!network || !namespace) throw invalidSiwxMessage(`unsupported network ${String(m.chainId)}`)
  let text: string
  if (namespace === 'eip155') {
    const chainId = evmChainId(network.reference)
    if (chainId === undefined) throw invalidSiwxMessage(`not an eip155 chain id: ${network.reference}`)
    if (!isAddress(m.accountAddress, { strict: false })) throw invalidSiwxMessage('not an eip155 address')
    try {
      text = createSiweMessage({
        address: getAddress(m.accountAddress),
        chainId,
        domain: m.domain,
        uri: m.uri,
        version: m.version as '1',
        nonce: m.nonce,
        issuedAt: dateOf('issuedAt', m.issuedAt),
        ...(m.expirationTime !== undefined ? { expirationTime: dateOf('expirationTime', m.expirationTime) } : {}),
        ...(m.notBefore !== undefined ? { notBefore: dateOf('notBefore', m.notBefore) } : {}),
        ...(m.statement ? { statement: m.statement } : {}),
        ...(m.requestId ? { requestId: m.requestId } : {}),
        ...(m.resources?.length ? { resources: m.resources } : {}),
      })
    } catch (error) {
      if (error instanceof GangwayError) throw error
      throw invalidSiwxMessage(`viem refused a field: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`, error)
    }
  } else {
    for (const [field, value] of [['issuedAt', m.issuedAt], ['expirationTime', m.expirationTime], ['notBefore', m.notBefore]] as const) {
      if (value !== undefined) dateOf(field, value)
    }
    const bitcoin = namespace === 'bip122' ? bitcoinNetwork(m.chainId) : undefined
    if (bitcoin && !hasBitcoinAddressForm(m.accountAddress, BITCOIN_NETWORKS[bitcoin.id].params)) throw invalidSiwxMessage(`not an address of ${bitcoin.name}`)
    text = createSiwsMessage({
      domain: m.domain,
      address: m.accountAddress,
      uri: m.uri,
      version: m.version,
      // Solana's wallets write the CAIP-2 reference; AppKit's Bitcoin messenger the whole id.
      chainId: bitcoin ? m.chainId : network.reference,
      nonce: m.nonce,
      issuedAt: m.issuedAt,
      ...(m.statement ? { statement: m.statement } : {}),
      ...(m.expirationTime !== undefined ? { expirationTime: m.expirationTime } : {}),
      ...(m.notBefore !== undefined ? { notBefore: m.notBefore } : {}),
      ...(m.requestId ? { requestId: m.requestId } : {}),
      ...(m.resources?.length ? { resources: m.resources } : {}),
    }, bitcoin?.name)
  }
  if (text.length > MAX_SIWX_MESSAGE_CHARS) throw invalidSiwxMessage(`longer than ${MAX_SIWX_MESSAGE_CHARS} characters`)
  return text
}

/** The labels of the EIP-4361 time lines: compared as times, not as strings, when a text is checked against its rewriting. */
const TIME_LABELS = ['Issued At: ', 'Expiration Time: ', 'Not Before: ']

/** True when two EIP-4361 texts are the same line for line, time lines naming the same instant. */
function sameSiweText(text: string, written: string): boolean {
  const a = text.split('\n')
  const b = written.split('\n')
  if (a.length !== b.length) return false
  return a.every((line, i) => {
    const other = b[i] as string
    if (line === other) return true
    const label = TIME_LABELS.find((l) => line.startsWith(l) && other.startsWith(l))
    if (!label) return false
    const t = readSiwxTime(line.slice(label.length))
    return t !== undefined && t === readSiwxTime(other.slice(label.length))
  })
}

/** The value of an EIP-4361 time line as the text writes it (the message keeps the signed string, not a rewriting). */
function siweTimeLine(text: string, label: string): string | undefined {
  const line = text.split('\n').find((l) => l.startsWith(label))
  return line?.slice(label.length)
}

/**
 * Reads a signed text back into a SiwxMessage. `caipNetworkIdOrNamespace` (`eip155:1`, `eip155`,
 * `solana:…`, `solana`) only picks the format: the network is the one the text names (checking it
 * is validate.ts's).
 * - eip155: viem's `parseSiweMessage`, then the text must be exactly what `createSiweMessage`
 *   writes for what was read (time lines may be any RFC 3339 form of the same instant): so no URI
 *   scheme prefix, a checksummed address, nothing before or after the EIP-4361 lines. The times
 *   keep the text's strings.
 * - solana: parseSiwsMessage; `Chain ID:` is a CAIP-2 reference (`5eykt4…`) or a whole CAIP-2 id
 *   (`solana:mainnet`, as some wallets write it); URI, Version, Chain ID, Nonce and Issued At are
 *   required.
 * @throws GangwayError 'Invalid SIWX message' (category DATA_PARSING_ERROR, details say what) for
 *   an unsupported namespace, a text longer than MAX_SIWX_MESSAGE_CHARS or not in the form above, a
 *   required field missing, a time that is not RFC 3339.
 */
export function parseSiwxMessage(text: string, caipNetworkIdOrNamespace: string): SiwxMessage {
  if (typeof text !== 'string') throw invalidSiwxMessage('not a string')
  if (text.length > MAX_SIWX_MESSAGE_CHARS) throw invalidSiwxMessage(`longer than ${MAX_SIWX_MESSAGE_CHARS} characters`)
  const namespace = typeof caipNetworkIdOrNamespace === 'string' ? namespaceOf(caipNetworkIdOrNamespace) : undefined
  if (!namespace) throw invalidSiwxMessage(`unsupported namespace ${String(caipNetworkIdOrNamespace)}`)
  return namespace === 'eip155' ? parseEip155(text) : namespace === 'bip122' ? parseBitcoin(text) : parseSolana(text)
}

/**
 * Whether `address` has the form of an address of the network with prefixes `params`: bech32 or
 * bech32m with its human-readable part, or base58 starting as its version bytes make it start
 * ('1' and '3' on mainnet, 'm', 'n' and '2' elsewhere). The checksum is checked with the signature
 * (verify.ts), so the text writer carries none of Bitcoin's code.
 */
function hasBitcoinAddressForm(address: string, params: BitcoinNetworkParams): boolean {
  if (address.toLowerCase().startsWith(`${params.bech32}1`)) return new RegExp(`^${params.bech32}1[02-9ac-hj-np-z]{8,87}$`).test(address)
  return /^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(address) && (params.pubKeyHash === 0 ? /^[13]/ : /^[mn2]/).test(address)
}

/** The Bitcoin network of `chainId` (its name is the sign-in header's word). @throws 'Invalid SIWX message' for another id. */
function bitcoinNetwork(chainId: string): { id: BitcoinNetworkId; name: string } {
  if (!Object.prototype.hasOwnProperty.call(BITCOIN_NETWORKS, chainId)) throw invalidSiwxMessage(`not a Bitcoin network: ${String(chainId).slice(0, 80)}`)
  return { id: chainId as BitcoinNetworkId, name: BITCOIN_NETWORKS[chainId as BitcoinNetworkId].name }
}

/**
 * A Bitcoin sign-in text read (AppKit's informal layout, the Solana one with the network's name in
 * the header and the whole CAIP-2 id as Chain ID): the header's network and the Chain ID must be the
 * same one, and the text must be exactly what siwxMessageText writes for what was read.
 */
function parseBitcoin(text: string): SiwxMessage {
  for (const [id, { name }] of Object.entries(BITCOIN_NETWORKS)) {
    let f
    try {
      f = parseSiwsMessage(text, name)
    } catch {
      continue
    }
    const message = informalMessage(f, 'Bitcoin')
    if (message.chainId !== id) throw invalidSiwxMessage(`the header names ${name}, the Chain ID ${message.chainId.slice(0, 80)}`)
    if (siwxMessageText(message) !== text) throw invalidSiwxMessage('not in the form of a Bitcoin sign-in message')
    return message
  }
  throw invalidSiwxMessage('no Bitcoin sign-in header line')
}

function parseEip155(text: string): SiwxMessage {
  const p = parseSiweMessage(text)
  if (!p.address || !p.domain || !p.uri || !p.version || !p.nonce || p.chainId === undefined || !p.issuedAt) {
    throw invalidSiwxMessage('not an EIP-4361 message with address, domain, URI, version, chain id, nonce and issued-at')
  }
  const issuedAt = siweTimeLine(text, 'Issued At: ')
  const expirationTime = siweTimeLine(text, 'Expiration Time: ')
  const notBefore = siweTimeLine(text, 'Not Before: ')
  const message: SiwxMessage = {
    accountAddress: p.address,
    chainId: `eip155:${p.chainId}`,
    domain: p.domain,
    uri: p.uri,
    version: p.version,
    nonce: p.nonce,
    issuedAt: issuedAt ?? '',
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(p.statement !== undefined ? { statement: p.statement } : {}),
    ...(p.requestId !== undefined ? { requestId: p.requestId } : {}),
    ...(p.resources !== undefined ? { resources: p.resources } : {}),
  }
  // Written back, the message must give the very text (times compared as instants): anything
  // viem's lenient reading skipped (a scheme, extra lines, a lowercase address) is refused here.
  let written: string
  try {
    written = siwxMessageText(message)
  } catch (error) {
    throw invalidSiwxMessage('an EIP-4361 field is malformed', error)
  }
  if (!sameSiweText(text, written)) throw invalidSiwxMessage('not in the EIP-4361 form viem writes')
  return message
}

function parseSolana(text: string): SiwxMessage {
  const f = parseSiwsMessage(text)
  if (!f.chainId) throw invalidSiwxMessage('a Sign-In-With-Solana message needs URI, Version, Chain ID, Nonce and Issued At')
  const chainId = f.chainId.startsWith('solana:') ? f.chainId : `solana:${f.chainId}`
  if (!readCaipNetworkId(chainId)) throw invalidSiwxMessage(`not a solana chain id: ${f.chainId}`)
  return informalMessage({ ...f, chainId }, 'Solana')
}

/**
 * The message of an informal sign-in text's fields (parseSiwsMessage's), its Chain ID a whole CAIP-2
 * id. @throws 'Invalid SIWX message' without URI, Version, Chain ID, Nonce or Issued At (`chain`
 * names the form), or with a time that is not RFC 3339.
 */
function informalMessage(f: SolanaSignInFields, chain: string): SiwxMessage {
  if (!f.uri || !f.version || !f.chainId || !f.nonce || !f.issuedAt) throw invalidSiwxMessage(`a Sign-In-With-${chain} message needs URI, Version, Chain ID, Nonce and Issued At`)
  for (const [field, value] of [['issuedAt', f.issuedAt], ['expirationTime', f.expirationTime], ['notBefore', f.notBefore]] as const) {
    if (value !== undefined) dateOf(field, value)
  }
  return {
    accountAddress: f.address,
    chainId: f.chainId as CaipNetworkId,
    domain: f.domain,
    uri: f.uri,
    version: f.version,
    nonce: f.nonce,
    issuedAt: f.issuedAt,
    ...(f.expirationTime !== undefined ? { expirationTime: f.expirationTime } : {}),
    ...(f.notBefore !== undefined ? { notBefore: f.notBefore } : {}),
    ...(f.statement !== undefined ? { statement: f.statement } : {}),
    ...(f.requestId !== undefined ? { requestId: f.requestId } : {}),
    ...(f.resources !== undefined ? { resources: f.resources } : {}),
  }
}
