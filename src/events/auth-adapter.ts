/**
 * The auth adapter seam (docs/behaviour.md §4 email and social login): what Gangway's page side
 * needs from an embedded-wallet provider, and nothing of its wire. Gangway keeps the events, the
 * views, the policy of which calls need the visitor's approval and which are refused, the social
 * popup and its checks, the codes' format; an adapter only carries each step to its provider and
 * brings back the provider's answer.
 *
 * Every answer is untrusted: the page side checks each value where it takes it (the user's fields,
 * the links, the chain id), so an adapter passes its provider's answers on as they come. An adapter
 * never hands a secret to Gangway beyond the step that needs it: the code the visitor typed goes in,
 * and no session token, OAuth code or key comes out.
 */
import type { SocialProvider } from './kernel/host-options.js'

/**
 * What a provider says of a login's next step after an email: a code to type, a device to approve by link, or already connected.
 * @example
 * ```ts
 * import type { AuthEmailAnswer } from 'gangway'
 *
 * // An adapter's connectEmail passes its provider's answer on as it comes:
 * async function connectEmail(email: string): Promise<AuthEmailAnswer> {
 *   const { action } = await provider.connectEmail({ email }) // 'VERIFY_OTP', 'VERIFY_DEVICE' or 'CONNECT'
 *   return { action }
 * }
 * ```
 */
export interface AuthEmailAnswer {
  /** 'VERIFY_OTP', 'VERIFY_DEVICE' or 'CONNECT' (checked by the engine). */
  action: unknown
}

/**
 * Where a provider opens, or answers, for a user: the network (CAIP-2) and the account type asked for.
 * @example
 * ```ts
 * import type { AuthUserRequest } from 'gangway'
 *
 * // What Gangway asks an adapter's getUser (and connectSocial) for: the user's smart account on Base
 * const request: AuthUserRequest = { caipNetworkId: 'eip155:8453', preferredAccountType: 'smartAccount' }
 * const user = await adapter.getUser(request)
 * ```
 */
export interface AuthUserRequest {
  /** CAIP-2 network id, e.g. 'eip155:1'. */
  caipNetworkId?: string
  /** 'eoa' or 'smartAccount'. */
  preferredAccountType?: string
}

/**
 * A provider's user, as it answers it (untrusted: the page side keeps only the known fields and the
 * engine checks them again): `email`, `userName`, `socialProvider`, `address`, `chainId` (CAIP-2:
 * an adapter turns a provider's number into `eip155:<n>`), `accounts` (`{ address, type }`, type
 * 'eoa' or 'smartAccount'), `preferredAccountType`, `smartAccountDeployed`.
 * @example
 * ```ts
 * import type { AuthUser } from 'gangway'
 *
 * // An adapter's getUser answer: the provider's fields, its chain id turned into CAIP-2
 * const user: AuthUser = {
 *   email: 'ada@example.com',
 *   address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
 *   chainId: 'eip155:1',
 *   accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }],
 *   preferredAccountType: 'eoa',
 * }
 * ```
 */
export type AuthUser = Record<string, unknown>

/**
 * One call of the site's (a signature, a transaction, a read) for the provider to answer on a network.
 * @example
 * ```ts
 * import type { AuthCall } from 'gangway'
 *
 * // Sending 0.01 ETH on Base (the value in wei, hex): the adapter answers once the visitor approved it
 * const call: AuthCall = { method: 'eth_sendTransaction', params: [{ from, to, value: '0x2386f26fc10000' }], caipNetworkId: 'eip155:8453' }
 * const hash = await adapter.request(call, 120_000)
 * ```
 */
export interface AuthCall {
  method: string
  /** JSON-RPC params: an array, or an object for the methods that take one. */
  params: unknown
  /** CAIP-2 network id the call is for. */
  caipNetworkId?: string
}

/**
 * An embedded-wallet provider's page side, as Gangway's auth connector drives it. Each method is
 * one step; a rejection's message is shown to the visitor where the step has no message of its own
 * (at most 256 characters are kept), and an error with code 4001 is the visitor's refusal.
 * @example
 * ```ts
 * import { createModal } from 'gangway'
 *
 * // A site passes a loader, so nothing of the provider is fetched before the visitor reaches for email or social login:
 * createModal({ projectId, networks, auth: { load: (context) => import('./my-auth-adapter.js').then((m) => m.create(context)) } })
 * ```
 */
export interface AuthAdapter {
  /** The provider's secure origin ('https://secure.example'): the social popup's answer and the provider's links are checked against it. */
  readonly origin: string
  /**
   * Starts the provider (its frame, its handshake); later calls resolve with the same start. Rejects
   * when the provider did not come up (the next call starts it again).
   */
  init(): Promise<void>
  /** Sends the visitor's email: the provider mails a code or a device link. */
  connectEmail(email: string): Promise<AuthEmailAnswer>
  /** Resolves once the visitor approved this device from the emailed link. */
  connectDevice(): Promise<void>
  /** The code the visitor typed (6 digits, checked before): resolves when the provider accepts it. */
  connectOtp(otp: string): Promise<void>
  /** Whether the provider still has a session for this browser (a restore asks it first, silently). */
  isConnected(): Promise<boolean>
  /** The logged-in user on `request`'s network and account type. */
  getUser(request: AuthUserRequest): Promise<AuthUser>
  /** The provider's current network: CAIP-2, or an eip155 chain id as a number or decimal string. */
  getChainId(): Promise<unknown>
  /** Moves the provider to a network (CAIP-2). */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Sets the account type ('eoa' or 'smartAccount'); resolves with the provider's `{ type, address }`. */
  setPreferredAccount(type: string): Promise<{ type?: unknown; address?: unknown }>
  /** The eip155 chain ids (numbers) where the provider offers a smart account. */
  getSmartAccountEnabledNetworks(): Promise<unknown>
  /** The provider's page for a social login with `provider` (https, or on the secure origin), its OAuth `state` in the query. */
  getSocialRedirectUri(provider: SocialProvider): Promise<unknown>
  /** Redeems the social login's answer (a URL on the secure origin the popup or the return gave): resolves with the user. */
  connectSocial(resultUri: string, request: AuthUserRequest): Promise<AuthUser>
  /** The link a Farcaster app opens to approve the login (a bearer channel: never logged). */
  getFarcasterUri(): Promise<unknown>
  /** Resolves once the visitor approved in Farcaster; may wait up to `timeoutMs` (ms). */
  connectFarcaster(timeoutMs: number): Promise<void>
  /** Starts moving the user to a new email: resolves with the step the provider asks for first. */
  updateEmail(email: string): Promise<AuthEmailAnswer>
  /** The code mailed to the current email. */
  updateEmailPrimaryOtp(otp: string): Promise<void>
  /** The code mailed to the new email: resolves with `{ newEmail }`. */
  updateEmailSecondaryOtp(otp: string): Promise<{ newEmail?: unknown }>
  /** Starts the provider afresh (a Farcaster login left unfinished). */
  reload(): Promise<void>
  /** Ends the provider's session (best effort: the caller does not wait long). */
  signOut(): Promise<void>
  /**
   * Answers one call: a read at once; a signature or a transaction once the visitor approved it in
   * the provider's own panel (shown over Gangway's ApproveTransaction view through `frame()`),
   * waiting at most `timeoutMs` (ms).
   */
  request(call: AuthCall, timeoutMs: number): Promise<unknown>
  /** The visitor left the approval: the provider drops the calls waiting for it. */
  abortRequests(): void
  /** The provider's iframe, once it exists: Gangway lays it over the ApproveTransaction view while a call waits. */
  frame(): HTMLIFrameElement | undefined
  /** Removes the provider's frame and listeners; pending steps reject. */
  close(): void
}

/**
 * A network as the site configured it (viem's chain shape with its CAIP-2 id; events/entities.ts Network).
 * @example
 * ```ts
 * import type { AuthNetwork } from 'gangway'
 *
 * const base: AuthNetwork = { id: 8453, caipNetworkId: 'eip155:8453', chainNamespace: 'eip155', rpcUrls: { default: { http: ['https://mainnet.base.org'] } } }
 * const solana: AuthNetwork = { id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana', rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } } }
 * const active = context.activeNetwork('solana') // the one the visitor is on, as the site configured it
 * ```
 */
export interface AuthNetwork {
  /** eip155: the chain id; solana: the genesis hash's prefix. */
  id: number | string
  caipNetworkId: string
  chainNamespace: string
  rpcUrls: { default: { http: readonly string[] } }
}

/**
 * What Gangway tells an adapter it loads: the site, its networks and the one the visitor is on.
 * @example
 * ```ts
 * import { createModal, type AuthContext } from 'gangway'
 *
 * createModal({ projectId, networks, auth: { load: async (context: AuthContext) => {
 *   const { createAdapter } = await import('./my-auth-adapter.js')
 *   return createAdapter({ projectId: context.projectId, chainId: context.activeNetwork()?.caipNetworkId ?? 'eip155:1' })
 * } } })
 * ```
 */
export interface AuthContext {
  projectId: string
  /** The site's metadata (the provider's approval panel names the site). */
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /** The site's networks. */
  networks: readonly AuthNetwork[]
  /** The network the visitor is on in `namespace` (default eip155), else undefined. */
  activeNetwork(namespace?: string): AuthNetwork | undefined
}

/**
 * The `auth` option: how the page gets its adapter, only when the visitor reaches for email or
 * social login (or a stored login is restored). Without it, email and social login are not offered.
 * @example
 * ```ts
 * import { createModal } from 'gangway'
 * import { reownAuth } from 'gangway/auth-reown'
 * createModal({ projectId, networks, auth: reownAuth() })
 * ```
 */
export interface AuthOption {
  load(context: AuthContext): Promise<AuthAdapter>
}
