/**
 * A WalletConnect session's Bitcoin calls (Reown AppKit's bip122 methods, adapters/bitcoin
 * WalletConnectProvider), loaded with the first of them: the engine's `bitcoin:` wallet calls as
 * the session's requests.
 * - bitcoin:signTransaction (params `[PSBT base64, signer address, signing indexes]`): signPsbt with
 *   `{ account, psbt, signInputs: [{ address, index }], broadcast: false }`; the wallet's `{ psbt }`
 *   (base64, finalised or not) is answered as it is: the engine checks it (worker/bitcoin/bitcoin-send.ts).
 * - bitcoin:signMessage (params `[text, signer address]`): signMessage with `{ message, account,
 *   address }`; the wallet's `{ signature }` (hex, as Reown's sample wallet writes it, or base64) is
 *   answered as `{ signature }` in base64, as the Wallet Standard bridge gives it.
 * - bitcoin:getPublicKey (params `[address]`): getAccountAddresses with `{ account }`; the entry of
 *   that address's `publicKey` (hex: 33 bytes compressed, or 32 x-only), or null when it has none.
 */
import { hexToBytes } from '@noble/hashes/utils'
import type { ProviderRequest } from '../../contract.js'
import { toBase64 } from '../../events/kernel/base64.js'
import { GangwayError } from '../../events/kernel/errors.js'
import { MAX_SIGNED_PSBT_CHARS } from '../../events/kernel/limits.js'

/** The most signing indexes passed on. */
const MAX_INDEXES = 500

/**
 * One `bitcoin:signTransaction`, `bitcoin:signMessage` or `bitcoin:getPublicKey` call through
 * `forward` (the session's bip122 request).
 * @throws GangwayError 'The wallet returned no signed transaction', 'The wallet returned no
 *   signature' for an answer that is none; what `forward` throws.
 * @example await bitcoinSessionCall({ method: 'bitcoin:signMessage', params: [text, address] }, forward) // { signature: 'JEs…' }
 */
export async function bitcoinSessionCall(args: ProviderRequest, forward: (request: ProviderRequest) => Promise<unknown>): Promise<unknown> {
  const params = Array.isArray(args.params) ? args.params : []
  if (args.method === 'bitcoin:getPublicKey') {
    const listed: unknown = await forward({ method: 'getAccountAddresses', params: { account: String(params[0]) } })
    const entry = Array.isArray(listed) ? listed.slice(0, 1000).find((a: { address?: unknown } | null) => a?.address === params[0]) : undefined
    const key: unknown = (entry as { publicKey?: unknown } | undefined)?.publicKey
    return typeof key === 'string' && /^(0[23])?[0-9a-fA-F]{64}$/.test(key) ? key : null
  }
  const address = String(params[1])
  if (args.method === 'bitcoin:signTransaction') {
    const indexes = Array.isArray(params[2]) ? params[2].filter((i): i is number => Number.isSafeInteger(i) && i >= 0).slice(0, MAX_INDEXES) : []
    const result = (await forward({ method: 'signPsbt', params: { account: address, psbt: String(params[0]), signInputs: indexes.map((index) => ({ address, index })), broadcast: false } })) as { psbt?: unknown } | null
    if (typeof result?.psbt !== 'string' || result.psbt.length > MAX_SIGNED_PSBT_CHARS) throw new GangwayError('The wallet returned no signed transaction', { category: 'API_ERROR' })
    return result.psbt
  }
  const result = (await forward({ method: 'signMessage', params: { message: String(params[0]), account: address, address } })) as { signature?: unknown } | null
  const signature = result?.signature
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 4096) throw new GangwayError('The wallet returned no signature', { category: 'API_ERROR' })
  return { signature: /^([0-9a-fA-F]{2})+$/.test(signature) ? toBase64(hexToBytes(signature)) : signature }
}
