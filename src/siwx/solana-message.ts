/**
 * The Sign-In-With-Solana message text (docs/behaviour.md §3 SIWX message): the Solana Wallet
 * Standard's `solana:signIn` form, which follows EIP-4361's line layout:
 *
 * ```text
 * <domain> wants you to sign in with your Solana account:
 * <address>
 *
 * <statement>
 *
 * URI: <uri>
 * Version: <version>
 * Chain ID: <chainId>
 * Nonce: <nonce>
 * Issued At: <issuedAt>
 * Expiration Time: <expirationTime>
 * Not Before: <notBefore>
 * Request ID: <requestId>
 * Resources:
 * - <resource>
 * ```
 *
 * Each optional field is left out when absent or empty (as a wallet builds it); the statement and
 * its blank line too, and the field block and its blank line when no field is given. Fields come in
 * that order, each at most once. The same layout, with the header naming the Bitcoin network
 * ("… with your Bitcoin account:") and the whole CAIP-2 id as the Chain ID, is Bitcoin's sign-in
 * text as Reown AppKit's InformalMessenger writes it (`chain`, message.ts). Pure: no clock, no I/O.
 */
import { MAX_SIWX_MESSAGE_CHARS, MAX_SIWX_RESOURCES } from './limits.js'
import { invalidSiwxMessage } from './refusals.js'

/** The fields of a Sign-In-With-Solana message (the Wallet Standard's `SolanaSignInInput` with domain and address required). Times are ISO 8601 strings, the chain id as the wallet writes it (a CAIP-2 reference, e.g. `5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, or `mainnet`). */
export interface SolanaSignInFields {
  domain: string
  address: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** The header line's end for an account of `chain` ('Solana'; on bip122 the network's name, 'Bitcoin', as AppKit's messenger writes it). */
const headerSuffix = (chain: string) => ` wants you to sign in with your ${chain} account:`

/** The single-line fields after the statement, in the order a message carries them, with their labels. */
const LINE_FIELDS = [
  ['uri', 'URI: '],
  ['version', 'Version: '],
  ['chainId', 'Chain ID: '],
  ['nonce', 'Nonce: '],
  ['issuedAt', 'Issued At: '],
  ['expirationTime', 'Expiration Time: '],
  ['notBefore', 'Not Before: '],
  ['requestId', 'Request ID: '],
] as const satisfies readonly (readonly [keyof SolanaSignInFields, string])[]

const RESOURCES_LINE = 'Resources:'
const RESOURCE_PREFIX = '- '

/** True when a line opens the field block: one of the labelled fields or `Resources:`. */
function isFieldLine(line: string): boolean {
  return line === RESOURCES_LINE || LINE_FIELDS.some(([, label]) => line.startsWith(label))
}

/**
 * The message text a wallet signs for these fields (the Wallet Standard's `createSignInMessageText`
 * layout), its header naming `chain`'s account. Empty optional strings and an empty resource list
 * are left out, as a wallet does.
 * @throws GangwayError 'Invalid SIWX message' when the text would not read back as the same fields
 *   (a value with a line break, a statement that looks like a field line, an empty or spaced domain
 *   or address, an empty resource), or is longer than MAX_SIWX_MESSAGE_CHARS or has more than
 *   MAX_SIWX_RESOURCES resources: a message that parses as something else than what was meant is
 *   never built.
 */
export function createSiwsMessage(fields: SolanaSignInFields, chain = 'Solana'): string {
  let text = `${fields.domain}${headerSuffix(chain)}\n${fields.address}`
  if (fields.statement) text += `\n\n${fields.statement}`
  const lines: string[] = []
  for (const [key, label] of LINE_FIELDS) {
    const value = fields[key]
    if (value) lines.push(`${label}${value}`)
  }
  if (fields.resources?.length) lines.push(RESOURCES_LINE, ...fields.resources.map((r) => `${RESOURCE_PREFIX}${r}`))
  if (lines.length) text += `\n\n${lines.join('\n')}`
  // The one check that covers every ambiguity: the text must read back as exactly these fields.
  const back = parseSiwsMessage(text, chain)
  if (!sameFields(back, fields)) throw invalidSiwxMessage(`the fields do not make an unambiguous Sign-In-With-${chain} message`)
  return text
}

/** True when a parsed message carries the given fields (empty optional values count as absent). */
function sameFields(parsed: SolanaSignInFields, fields: SolanaSignInFields): boolean {
  const keys = ['domain', 'address', 'statement', ...LINE_FIELDS.map(([key]) => key)] as const
  for (const key of keys) if ((parsed[key] || undefined) !== (fields[key] || undefined)) return false
  const a = parsed.resources ?? []
  const b = fields.resources ?? []
  return a.length === b.length && a.every((r, i) => r === b[i])
}

/**
 * Reads a Sign-In-With-Solana message text (or, with `chain`, that chain's) back into its fields
 * (the layout above, as a wallet parses it: trailing line breaks are ignored). Stricter than a wallet in three ways, each a message
 * that could be read two ways: the statement is one line, the domain and the address hold no
 * whitespace, and nothing follows the fields but resources. Values are not interpreted (times and
 * the address are checked where they are used: validate.ts, verify.ts).
 * @throws GangwayError 'Invalid SIWX message' (category DATA_PARSING_ERROR, details say what) for a
 *   text that is not a string, longer than MAX_SIWX_MESSAGE_CHARS, without the header line, with
 *   an empty field, a field out of order or twice, an unknown line, or more than MAX_SIWX_RESOURCES
 *   resources.
 */
export function parseSiwsMessage(text: string, chain = 'Solana'): SolanaSignInFields {
  if (typeof text !== 'string') throw invalidSiwxMessage('not a string')
  if (text.length > MAX_SIWX_MESSAGE_CHARS) throw invalidSiwxMessage(`longer than ${MAX_SIWX_MESSAGE_CHARS} characters`)
  const lines = text.replace(/\n+$/, '').split('\n')
  const header = lines[0] ?? ''
  const suffix = headerSuffix(chain)
  if (!header.endsWith(suffix)) throw invalidSiwxMessage(`no Sign-In-With-${chain} header line`)
  const domain = header.slice(0, -suffix.length)
  if (!domain || /\s/.test(domain)) throw invalidSiwxMessage('empty or spaced domain')
  const address = lines[1]
  if (!address || /\s/.test(address)) throw invalidSiwxMessage('empty or spaced address')
  const fields: SolanaSignInFields = { domain, address }

  let i = 2
  if (i < lines.length) {
    if (lines[i] !== '') throw invalidSiwxMessage('no blank line after the address')
    i++
    const first = lines[i]
    if (first === undefined || first === '') throw invalidSiwxMessage('an empty statement or field block')
    if (!isFieldLine(first)) {
      fields.statement = first
      i++
      if (i < lines.length) {
        if (lines[i] !== '') throw invalidSiwxMessage('the statement is more than one line')
        i++
        if (i >= lines.length) throw invalidSiwxMessage('an empty field block')
      }
    }
  }

  // The field block: labelled lines in order, each at most once, then the resources.
  let next = 0
  while (i < lines.length && lines[i] !== RESOURCES_LINE) {
    const line = lines[i] as string
    const at = LINE_FIELDS.findIndex(([, label], index) => index >= next && line.startsWith(label))
    if (at < 0) throw invalidSiwxMessage(`an unknown, repeated or misplaced line: ${line.slice(0, 40)}`)
    const [key, label] = LINE_FIELDS[at] as (typeof LINE_FIELDS)[number]
    const value = line.slice(label.length)
    if (!value) throw invalidSiwxMessage(`an empty ${label.trim()} field`)
    fields[key] = value
    next = at + 1
    i++
  }
  if (i < lines.length) {
    const resources = lines.slice(i + 1)
    if (resources.length > MAX_SIWX_RESOURCES) throw invalidSiwxMessage(`more than ${MAX_SIWX_RESOURCES} resources`)
    fields.resources = resources.map((line) => {
      if (!line.startsWith(RESOURCE_PREFIX) || line.length === RESOURCE_PREFIX.length) throw invalidSiwxMessage('a resource line is not "- <uri>"')
      return line.slice(RESOURCE_PREFIX.length)
    })
  }
  return fields
}
