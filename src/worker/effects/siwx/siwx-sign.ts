/**
 * The visitor's Sign in on SIWXSignMessage (docs/behaviour.md §4 SIWX): the site's
 * `siwx.createMessage` gives the message's fields for the account and network; Gangway writes its
 * text itself (EIP-4361 on eip155 with viem's SIWE helpers, Sign-In-With-Solana on solana, the informal
 * layout on bip122: src/siwx/message.ts), the wallet signs it, Gangway verifies the signature as it verifies stored
 * sessions, and hands the session to `siwx.addSession`. Then `siwx/session-verified` (via
 * 'signature'), and the modal shows Account. How the wallet signs:
 * - eip155: `personal_sign` of the text.
 * - solana: the Wallet Standard's `solana:signIn` where the wallet has it (the bridge refuses it
 *   with 4200 otherwise: ui/bridge/wallet-standard-bridge.ts), given the message's fields
 *   (solanaSignInInput); the wallet writes the text itself, so what it signed must be exactly the
 *   text Gangway wrote, by the connected account (signedIn). Without the feature (4200, as a
 *   WalletConnect session answers too), `solana:signMessage` of the text.
 * - bip122: `bitcoin:signMessage` of the text (Reown AppKit's informal layout); a BIP-322 or a
 *   legacy prefixed signature, verified with the Bitcoin verifier loaded then.
 * - The wallet refuses or fails, its sign-in is of another text or account, or its signature does
 *   not verify: `siwx/sign-failed` 'Error signing message'; SIWXSignMessage stays, to try again.
 * - The site's `createMessage` or `addSession` throws, or gives a message for another account or
 *   network, with a list Gangway would have to cut, or outside its time window: `siwx/failed` 'A
 *   problem occurred while trying initialize authentication', shown, and the connection that served
 *   the account is disconnected (docs/behaviour.md §8).
 * - The sign-in ended meanwhile (Cancel, the modal closed, the account switched or disconnected):
 *   the signature is dropped and the site is given no session.
 */
import { EMPTY, filter, from, mergeMap, switchMap, type Observable } from 'rxjs'
import { UnsupportedProviderMethodError, toHex } from 'viem'
import { SIWX_CONNECTOR_ID, type CaipAddress, type Namespace } from '../../../events/entities.js'
import { SIWX_SIGN_FAILED, errorCode, GangwayError } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { readCaipAddress, readCaipNetworkId } from '../../../chains/caip.js'
import { isAsking } from '../../../projections/select/siwx-sessions.js'
import type { State } from '../../../projections/state.js'
import type { SiwxMessage } from '../../../siwx/message.js'
import { MAX_SIWX_MESSAGE_CHARS, MAX_SIWX_RESOURCES, MAX_SIWX_SIGNATURE_CHARS } from '../../../siwx/limits.js'
import { SIWX_CALLS, siwxFailure, stillActive, sessionVerifiers } from './siwx-check.js'
import { ofType, type Effect, type EffectContext } from '../context.js'

const FIELD = 2048

/** The site's message fields as a SiwxMessage (bounded strings; the account is checked by the caller), or undefined when they are not one. */
export function siwxMessageOf(fields: unknown): SiwxMessage | undefined {
  if (!fields || typeof fields !== 'object') return undefined
  const f = fields as Record<string, unknown>
  const str = (k: string) => (typeof f[k] === 'string' && (f[k] as string).length > 0 && (f[k] as string).length <= FIELD ? (f[k] as string) : undefined)
  const required = ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce', 'issuedAt'] as const
  if (!required.every((k) => str(k) !== undefined)) return undefined
  // The wallet signs all of what the site asked, or nothing: a list Gangway would have to cut is refused.
  if (f.resources !== undefined && (!Array.isArray(f.resources) || f.resources.length > MAX_SIWX_RESOURCES || !f.resources.every((r) => typeof r === 'string' && r.length > 0 && r.length <= FIELD))) return undefined
  const optional: Record<string, string> = {}
  for (const k of ['notBefore', 'statement', 'requestId', 'expirationTime'] as const) if (str(k) !== undefined) optional[k] = str(k)!
  const resources = f.resources as string[] | undefined
  return { ...(Object.fromEntries(required.map((k) => [k, str(k)!])) as Pick<SiwxMessage, (typeof required)[number]>), ...optional, ...(resources?.length ? { resources } : {}) } as SiwxMessage
}

/** True while SIWXSignMessage still asks `caipAddress` to sign in and it is still its namespace's active account. */
const stillAsking = (s: State, caipAddress: CaipAddress): boolean => isAsking(s.siwx, caipAddress) && stillActive(s, caipAddress)

/**
 * The Wallet Standard `solana:signIn` input for a solana message (docs/behaviour.md §4 SIWX): its fields as
 * Sign-In-With-Solana names them, `chainId` the CAIP-2 reference (as siwxMessageText writes the
 * `Chain ID:` line), optional fields only when set. A wallet that writes the text from these writes
 * the text Gangway writes.
 */
export function solanaSignInInput(m: SiwxMessage): Record<string, string | string[]> {
  const optional = { statement: m.statement, expirationTime: m.expirationTime, notBefore: m.notBefore, requestId: m.requestId }
  return {
    domain: m.domain,
    address: m.accountAddress,
    uri: m.uri,
    version: m.version,
    chainId: readCaipNetworkId(m.chainId)?.reference ?? m.chainId,
    nonce: m.nonce,
    issuedAt: m.issuedAt,
    ...Object.fromEntries(Object.entries(optional).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')),
    ...(m.resources?.length ? { resources: [...m.resources] } : {}),
  }
}

/**
 * What a wallet's `solana:signIn` answered (the bridge's `{ address, signedMessage, signature }`),
 * checked against the sign-in asked: the signature (a string of at most MAX_SIWX_SIGNATURE_CHARS;
 * verified by the caller) when the wallet signed in as `address` and signed exactly `text`, the
 * Sign-In-With-Solana text Gangway wrote for the site's fields, so every field (domain, address,
 * nonce, statement, URI, chain, times, request id, resources) is the one the site asked for.
 * @throws GangwayError 'Not the sign-in asked' otherwise (another text, account, a malformed answer).
 */
export function signedIn(answer: unknown, text: string, address: string): string {
  const a = (answer && typeof answer === 'object' ? answer : {}) as { address?: unknown; signedMessage?: unknown; signature?: unknown }
  const ok =
    a.address === address &&
    typeof a.signedMessage === 'string' &&
    a.signedMessage.length <= MAX_SIWX_MESSAGE_CHARS &&
    a.signedMessage === text &&
    typeof a.signature === 'string' &&
    a.signature.length > 0 &&
    a.signature.length <= MAX_SIWX_SIGNATURE_CHARS
  if (!ok) throw new GangwayError('Not the sign-in asked', { category: 'API_ERROR' })
  return a.signature as string
}

/** Signs `text` (written for `message`) as `caipAddress` through its connector; the signature as the session keeps it (eip155 hex; solana base64, as the Wallet Standard bridge gives it, or base58 from WalletConnect; bip122 base64). */
async function sign({ bridge }: Pick<EffectContext, 'bridge'>, connectorId: string, caipAddress: CaipAddress, message: SiwxMessage, text: string): Promise<string> {
  const { namespace, address } = readCaipAddress(caipAddress)!
  if (namespace === 'eip155') {
    const signature = await bridge.request(connectorId, { method: 'personal_sign', params: [toHex(text), address] })
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) throw new GangwayError('Not a signature', { category: 'API_ERROR' })
    return signature
  }
  /** The text signed as a plain message with `method`: the wallet's `{ signature }`. */
  const signedMessage = async (method: string) => {
    const answer = (await bridge.request(connectorId, { method, params: [text, address] })) as { signature?: unknown } | null
    if (typeof answer?.signature !== 'string') throw new GangwayError('Not a signature', { category: 'API_ERROR' })
    return answer.signature
  }
  // The wallet signs the text (BIP-322, or the legacy prefixed form of an older wallet); the engine verifies either.
  if (namespace === 'bip122') return signedMessage('bitcoin:signMessage')
  try {
    return signedIn(await bridge.request(connectorId, { method: 'solana:signIn', params: [solanaSignInInput(message)] }), text, address)
  } catch (error) {
    // Only a wallet without solana:signIn signs the text as a plain message; a refusal or a wrong sign-in fails.
    if (errorCode(error) !== UnsupportedProviderMethodError.code) throw error
  }
  return signedMessage('solana:signMessage')
}

/** One sign-in of `caipAddress`, as events. */
async function signIn(ctx: EffectContext, caipAddress: CaipAddress): Promise<NewEvent[]> {
  const { bridge, chains, clock, state } = ctx
  const account = readCaipAddress(caipAddress)!
  const namespace = account.namespace as Namespace
  // The connection that serves the account now: the one a failure disconnects, whatever is active by then.
  const connectorId = state().connection.connectorIds[namespace]
  const failed = () => (stillAsking(state(), caipAddress) ? siwxFailure(caipAddress, namespace, connectorId) : [])
  if (!connectorId) return failed()
  // SIWX's own code (the message text, the verifiers) loads when a site that uses it first needs it.
  const { siwxMessageText, isFor, verifiedSession, windowOf, checkSiwxTimeWindow } = await import('../../siwx/siwx-code.js')
  let message: SiwxMessage | undefined
  let text: string
  try {
    message = siwxMessageOf(await bridge.request(SIWX_CONNECTOR_ID, { method: SIWX_CALLS.createMessage, params: [{ accountAddress: account.address, chainId: account.caipNetworkId }] }))
    if (!message || !isFor(message, caipAddress)) return failed()
    // A message already expired, or not yet valid, would be signed for nothing.
    checkSiwxTimeWindow(message, clock())
    text = siwxMessageText(message)
  } catch {
    return failed()
  }
  // Ended meanwhile: nothing is signed (the failure only ends the signing; the view shows it for this account alone).
  const ended = (): NewEvent[] => [event('siwx/sign-failed', { caipAddress, message: SIWX_SIGN_FAILED })]
  if (!stillAsking(state(), caipAddress)) return ended()
  let signature: string
  try {
    signature = await sign(ctx, connectorId, caipAddress, message, text)
  } catch {
    return [event('siwx/sign-failed', { caipAddress, message: SIWX_SIGN_FAILED })]
  }
  const verified = await verifiedSession({ message: text, signature }, caipAddress, clock(), await sessionVerifiers(chains, caipAddress))
  if (!verified) return [event('siwx/sign-failed', { caipAddress, message: SIWX_SIGN_FAILED })]
  // Cancelled, closed, switched or disconnected while the wallet was asked: no session for the site.
  if (!stillAsking(state(), caipAddress)) return ended()
  try {
    await bridge.request(SIWX_CONNECTOR_ID, { method: SIWX_CALLS.addSession, params: [{ data: message, message: text, signature }] })
  } catch {
    return failed()
  }
  const { expiresAt } = windowOf(verified)
  return [event('siwx/session-verified', { caipAddress, via: 'signature', ...(expiresAt !== undefined ? { expiresAt } : {}) })]
}

export const siwxSignEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('siwx/sign-requested'),
    filter((e) => e.tab === ctx.state().tab),
    switchMap(() => {
      const caipAddress = ctx.state().siwx.asking
      if (!caipAddress) return EMPTY
      // Whatever goes wrong ends the signing with its failure: the view never stays busy.
      return from(signIn(ctx, caipAddress).catch((): NewEvent[] => [event('siwx/sign-failed', { caipAddress, message: SIWX_SIGN_FAILED })])).pipe(mergeMap((events) => events))
    }),
  ) as Observable<NewEvent>
