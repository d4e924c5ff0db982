/**
 * What the engine accepts as a SIWX session (docs/behaviour.md §4 SIWX): the site's
 * `siwx` answers are untrusted, so a session counts only when its signed text parses as a sign-in
 * message for this very account and network, is inside its time window now, and its signature
 * verifies (eip155 against the chain, so EIP-1271 contract accounts and ERC-6492 counterfactual
 * ones verify too; solana ed25519; bip122 BIP-322 or the legacy prefixed form). The fields the site gives beside the text are not trusted:
 * the text is what was signed.
 */
import type { Client } from 'viem'
import type { CaipAddress } from '../../events/entities.js'
import { readCaipAddress } from '../../chains/caip.js'
import { parseSiwxMessage } from '../../siwx/message.js'
import { verifySiwxSignature, type SiwxSignatureInput } from '../../siwx/verify.js'
import { MAX_SIWX_MESSAGE_CHARS, MAX_SIWX_SIGNATURE_CHARS } from '../../siwx/limits.js'
import { readSiwxTime } from '../../siwx/time.js'
import type { SiwxMessage } from '../../siwx/message.js'

/** A session as the page's SIWX source hands it over (ui/bridge/siwx-source.ts). */
export interface SessionCandidate {
  message: string
  signature: string
}


/** The time window of a parsed message, in ms since the epoch (undefined where the message sets none). */
export function windowOf(m: SiwxMessage): { notBefore?: number; expiresAt?: number } {
  const notBefore = readSiwxTime(m.notBefore)
  const expiresAt = readSiwxTime(m.expirationTime)
  return { ...(notBefore !== undefined ? { notBefore } : {}), ...(expiresAt !== undefined ? { expiresAt } : {}) }
}

/** True when the message is for `caipAddress` (its account and network; eip155 addresses in any case). */
export function isFor(m: SiwxMessage, caipAddress: CaipAddress): boolean {
  const a = readCaipAddress(caipAddress)
  if (!a || m.chainId !== a.caipNetworkId) return false
  return a.namespace === 'eip155' ? m.accountAddress.toLowerCase() === a.address.toLowerCase() : m.accountAddress === a.address
}

/** What a signature is verified with: eip155 the viem client of the account's network, bip122 the Bitcoin verifier (the caller loads it where Bitcoin is in use). */
export type SessionVerifiers = { client?: Client } & Pick<SiwxSignatureInput, 'verifyBitcoin'>

/**
 * The session's message when it is a live, verified sign-in of `caipAddress` at `now` (ms), else undefined.
 * @param verifiers what the signature is verified with (see SessionVerifiers; nothing on solana).
 */
export async function verifiedSession(candidate: SessionCandidate, caipAddress: CaipAddress, now: number, { client, verifyBitcoin }: SessionVerifiers): Promise<SiwxMessage | undefined> {
  if (typeof candidate.message !== 'string' || typeof candidate.signature !== 'string' || candidate.message.length > MAX_SIWX_MESSAGE_CHARS || candidate.signature.length > MAX_SIWX_SIGNATURE_CHARS) return undefined
  const namespace = readCaipAddress(caipAddress)?.namespace
  if (!namespace) return undefined
  let message: SiwxMessage
  try {
    message = parseSiwxMessage(candidate.message, namespace)
  } catch {
    return undefined
  }
  if (!isFor(message, caipAddress)) return undefined
  const { notBefore, expiresAt } = windowOf(message)
  if ((notBefore !== undefined && notBefore > now) || (expiresAt !== undefined && expiresAt <= now)) return undefined
  const ok = await verifySiwxSignature({ message, text: candidate.message, signature: candidate.signature, ...(client ? { client } : {}), ...(verifyBitcoin ? { verifyBitcoin } : {}) }).catch(() => false)
  return ok ? message : undefined
}
