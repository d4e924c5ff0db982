/**
 * The secure-site emulator's request dispatcher: one `@w3m-app/<NAME>` request the /sdk frame
 * accepted from its parent (a `FrameCall`) → the answer the frame posts back (a `FrameAnswer`).
 * Every request is recorded in the project's test log first (a long poll's repeats are not).
 *
 * Success payloads, by name:
 * - SYNC_DAPP_DATA, SYNC_THEME → {}
 * - GET_SMART_ACCOUNT_ENABLED_NETWORKS → { smartAccountEnabledNetworks: number[] } (the chain ids)
 * - CONNECT_EMAIL, CONNECT_DEVICE, CONNECT_OTP, UPDATE_EMAIL* → email-login.ts
 * - GET_USER { chainId?, preferredAccountType?, rpcUrl? } → UserPayload; no session → 'Not logged in'
 * - IS_CONNECTED → { isConnected }
 * - SIGN_OUT → {} (the session ends, the frame forgets its token)
 * - SWITCH_NETWORK { chainId, rpcUrl? } → { chainId } (a localnet chain, else 'Unsupported network')
 * - GET_CHAIN_ID → { chainId }
 * A chain is asked for as a number, a decimal string or CAIP-2 (chains.ts findChain) and answered
 * as Reown's client reads it: an eip155 chain id is a number ("To keep backwards compatibility,
 * eip155 chainIds are numbers", reown-com/appkit packages/appkit-utils/src/HelpersUtil.ts).
 * - SET_PREFERRED_ACCOUNT { type } → { type, address }
 * - RPC_REQUEST, RPC_ABORT → rpc.ts
 * - GET_SOCIAL_REDIRECT_URI, CONNECT_SOCIAL (UserPayload plus userName), GET_FARCASTER_URI,
 *   CONNECT_FARCASTER → social.ts
 * - RELOAD → {} (the frame reloads after answering)
 * - a request Reown's client could not send (outside its app-event schema: app-event.ts) →
 *   'Invalid request'; one the schema has and the emulator does not serve → 'Unknown request'
 * Demo and test tooling only.
 */
import { INVALID_REQUEST, isClientAppEvent } from './app-event.js'
import { findChain, type SiteChain } from './chains.js'
import type { EmailLogin } from './email-login.js'
import type { TestHooks } from './hooks.js'
import type { FrameAnswer, FrameCall } from './protocol.js'
import type { RpcRequests } from './rpc.js'
import type { SocialLogin } from './social.js'
import { accountAddress, type AccountType, type Session, type Users } from './users.js'

/** What GET_USER answers. */
export interface UserPayload {
  email?: string
  userName?: string
  socialProvider?: string
  /** The preferred account's address. */
  address: string
  /** The eip155 chain id, a number (see the module's comment). */
  chainId: number
  accounts: { address: string; type: AccountType }[]
  preferredAccountType: AccountType
  /** Whether the Safe's code is on the current chain. */
  smartAccountDeployed: boolean
}

const ACCOUNT_TYPES: readonly unknown[] = ['eoa', 'smartAccount']
const notLoggedIn: FrameAnswer = { ok: false, message: 'Not logged in' }
const unsupported: FrameAnswer = { ok: false, message: 'Unsupported network' }

/** The parts the dispatcher routes to. */
export interface Services {
  chains: SiteChain[]
  users: Users
  email: EmailLogin
  social: SocialLogin
  rpc: RpcRequests
  hooks: TestHooks
}

/** Answers one frame request (see the module's comment). */
export async function handleFrameCall(s: Services, call: FrameCall): Promise<FrameAnswer> {
  if (!call.again) s.hooks.record(call.projectId, call.name === 'RPC_REQUEST' && typeof call.payload.method === 'string' ? `RPC_REQUEST:${call.payload.method.slice(0, 64)}` : call.name)
  if (!isClientAppEvent(call.name, call.bare ? undefined : call.payload)) return { ok: false, message: INVALID_REQUEST }
  const session = s.users.session(call.projectId, call.token)
  const current = findChain(s.chains, call.chainId) ?? s.chains[0]!
  switch (call.name) {
    case 'SYNC_DAPP_DATA':
    case 'SYNC_THEME':
      return { ok: true, payload: {} }
    case 'GET_SMART_ACCOUNT_ENABLED_NETWORKS':
      return { ok: true, payload: { smartAccountEnabledNetworks: s.chains.map((c) => c.chainId) } }
    case 'CONNECT_EMAIL':
      return s.email.connectEmail(call, session)
    case 'CONNECT_DEVICE':
      return s.email.connectDevice(call)
    case 'CONNECT_OTP':
      return s.email.connectOtp(call)
    case 'UPDATE_EMAIL':
      return s.email.updateEmail(call, session)
    case 'UPDATE_EMAIL_PRIMARY_OTP':
      return s.email.primaryOtp(call, session)
    case 'UPDATE_EMAIL_SECONDARY_OTP':
      return s.email.secondaryOtp(call, session)
    case 'GET_USER':
      return session ? userAnswer(s, session, call, current) : notLoggedIn
    case 'IS_CONNECTED':
      return { ok: true, payload: { isConnected: session !== undefined } }
    case 'SIGN_OUT':
      s.rpc.abort(call.projectId, call.token)
      s.users.endSession(call.token)
      return { ok: true, payload: {}, token: null, abortApprovals: true }
    case 'SWITCH_NETWORK': {
      const chain = findChain(s.chains, call.payload.chainId)
      return chain ? { ok: true, payload: { chainId: chain.chainId }, chainId: chain.caip2 } : unsupported
    }
    case 'GET_CHAIN_ID':
      return { ok: true, payload: { chainId: current.chainId } }
    case 'SET_PREFERRED_ACCOUNT': {
      if (!session) return notLoggedIn
      const type = call.payload.type
      if (!ACCOUNT_TYPES.includes(type)) return { ok: false, message: 'Invalid account type' }
      session.preferredAccountType = type as AccountType
      return { ok: true, payload: { type, address: accountAddress(session.user, session.preferredAccountType) } }
    }
    case 'RPC_REQUEST':
      return s.rpc.request(call, session)
    case 'RPC_ABORT':
      s.rpc.abort(call.projectId, call.token)
      return { ok: true, payload: {}, abortApprovals: true }
    case 'GET_SOCIAL_REDIRECT_URI':
      return s.hooks.get(call.projectId).failSocialRedirect ? { ok: false, message: 'Failed to get social redirect uri' } : s.social.redirectUri(call)
    case 'CONNECT_SOCIAL': {
      const result = await s.social.connect(call)
      if ('answer' in result) return result.answer
      const fresh = s.users.session(call.projectId, result.token)!
      const answer = await userAnswer(s, fresh, call, current)
      return answer.ok ? { ...answer, payload: { ...(answer.payload as UserPayload), userName: result.userName }, token: result.token } : answer
    }
    case 'GET_FARCASTER_URI':
      return s.hooks.get(call.projectId).failFarcasterUri ? { ok: false, message: 'Failed to get farcaster uri' } : s.social.farcasterUri(call)
    case 'CONNECT_FARCASTER':
      return s.social.connectFarcaster(call)
    case 'RELOAD':
      return { ok: true, payload: {}, reload: true }
    default:
      return { ok: false, message: 'Unknown request' }
  }
}

/** GET_USER's answer for `session`: `payload.chainId` (any form findChain reads) switches the frame's chain, `payload.preferredAccountType` the session's type. */
async function userAnswer(s: Services, session: Session, call: FrameCall, current: SiteChain): Promise<FrameAnswer> {
  const chain = call.payload.chainId === undefined ? current : findChain(s.chains, call.payload.chainId)
  if (!chain) return unsupported
  if (ACCOUNT_TYPES.includes(call.payload.preferredAccountType)) session.preferredAccountType = call.payload.preferredAccountType as AccountType
  const { user, preferredAccountType } = session
  const payload: UserPayload = {
    ...(user.email ? { email: user.email } : {}),
    ...(user.userName ? { userName: user.userName } : {}),
    ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
    address: accountAddress(user, preferredAccountType),
    chainId: chain.chainId,
    accounts: [
      { address: user.eoa.address, type: 'eoa' },
      { address: user.safeAddress, type: 'smartAccount' },
    ],
    preferredAccountType,
    smartAccountDeployed: await user.safes.get(chain.chainId)!.deployed(),
  }
  return { ok: true, payload, chainId: chain.caip2 }
}
