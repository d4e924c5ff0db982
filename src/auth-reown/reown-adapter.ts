/**
 * The auth adapter over Reown's own client of its hosted secure site: `W3mFrameProvider` from
 * `@reown/appkit-wallet` (a peer dependency the site installs; never bundled into Gangway's files).
 * Gangway's page side (ui/bridge/auth/auth-source.ts) drives it one step at a time; this file only
 * maps each step to the client's method and its answer back to Gangway's shapes.
 *
 * Traits of the client this adapter handles, without patching it:
 * - Its message handlers check neither the origin nor the source of a message. Before the client
 *   exists, a capture-phase `message` listener on the window stops every `@w3m-frame/` message that
 *   is not from the client's own iframe (`#w3m-iframe`) and that iframe's origin, so no other frame
 *   or the page itself can answer for the secure site.
 * - It rejects with plain `Error(message)`: the secure panel's refusal keeps only its message, which
 *   this adapter turns back into the visitor's refusal (4001).
 * - Its timeouts (20 s for the frame, 120 s for a login step) do not reject a step: every step here
 *   is bounded by its own timer.
 * - Its frame address is fixed when the package is first evaluated, from
 *   `process.env.NEXT_PUBLIC_SECURE_SITE_SDK_URL` (default `https://secure.walletconnect.org/sdk`).
 * - It sets globals on the page when evaluated: `window.Buffer`, `window.global`, `window.process`
 *   (`{ env: {} }` where there was none) and `window.downloadAppKitLogsBlob`; it keeps its login
 *   flags in the page's localStorage under `@appkit-wallet/`.
 */
import type { W3mFrameProvider } from '@reown/appkit-wallet'
import { GangwayError, ProviderRequestError, UserRejectedError } from '../events/kernel/errors.js'
import type { AuthAdapter, AuthContext, AuthNetwork, AuthUser, AuthUserRequest } from '../events/auth-adapter.js'

/** The id W3mFrame gives its iframe. */
const FRAME_ID = 'w3m-iframe'
/** Where the client's frame messages start. */
const FRAME_EVENT_KEY = '@w3m-frame/'
/** The secure origin until the client's frame exists (the client's default). */
const DEFAULT_ORIGIN = 'https://secure.walletconnect.org'
/** How long the client has to come up (its frame's READY, then its handshake), in ms. */
export const REOWN_START_TIMEOUT_MS = 30_000
/** How long a login step may wait for its answer, in ms (the client's own bound for a connect). */
export const REOWN_STEP_TIMEOUT_MS = 120_000
/** What a step gets when it did not settle in time. */
export const SECURE_SITE_TIMEOUT = 'The secure site did not answer'
/** What `init` rejects with when the client did not come up in time. */
export const SECURE_SITE_NOT_LOADED = 'The secure site did not load'
/** What Gangway tells the secure site it is: the client's SDK type, and `<framework>-<adapters>-<version>`. */
const SDK_TYPE = 'appkit'
const SDK_VERSION = 'html-gangway-0.1.0'

/** The client's module, as this adapter uses it (the package's exports). */
export interface ReownWalletModule {
  W3mFrameProvider: typeof W3mFrameProvider
}

/** The step's promise, or a SECURE_SITE_ERROR after `ms`. */
function bounded<T>(step: Promise<T>, ms: number, message = SECURE_SITE_TIMEOUT): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new GangwayError(message, { category: 'SECURE_SITE_ERROR' })), ms)))
  return Promise.race([step, late]).finally(() => clearTimeout(timer))
}

/** The client's rejection as Gangway's: the visitor's refusal in the secure panel as 4001, else the message (at most 256 characters). */
function fromClient(error: unknown): Error {
  if (error instanceof GangwayError) return error
  const message = String((error as Error)?.message ?? error).slice(0, 256) || 'An error occurred'
  if (/reject/i.test(message)) return new UserRejectedError(message, { code: 4001, category: 'SECURE_SITE_ERROR' })
  return new ProviderRequestError(message, { code: -32603, category: 'SECURE_SITE_ERROR' })
}

/** eip155 chain ids travel as numbers in the client; other namespaces as CAIP-2. */
const clientChainId = (caipNetworkId: string | undefined): number | string | undefined => {
  if (!caipNetworkId) return undefined
  const [namespace, reference] = caipNetworkId.split(':')
  return namespace === 'eip155' && /^\d{1,18}$/.test(reference ?? '') ? Number(reference) : caipNetworkId
}

/** A user's `chainId` as CAIP-2: a number (or a decimal string) is eip155's. */
const caipChainId = (chainId: unknown): unknown => (typeof chainId === 'number' || (typeof chainId === 'string' && /^\d{1,18}$/.test(chainId)) ? `eip155:${chainId}` : chainId)

/** The client's user in Gangway's shape (the values still unchecked). */
const userOf = (user: unknown): AuthUser => {
  const u = user && typeof user === 'object' ? (user as Record<string, unknown>) : {}
  return { ...u, chainId: caipChainId(u.chainId), ...(u.email === null ? { email: undefined } : {}), ...(u.userName === null ? { userName: undefined } : {}) }
}

/** The client's own iframe, once it is in the document (an element with the id, a `src` and a window: no other page script can make `contentWindow` a frame's). */
const clientFrame = (doc: Pick<Document, 'getElementById'>): HTMLIFrameElement | undefined => {
  const el = doc.getElementById(FRAME_ID) as HTMLIFrameElement | null
  return el && typeof el.src === 'string' && el.contentWindow ? el : undefined
}

/** The origin of the client's frame (its address is the client's), else the client's default. */
const frameOrigin = (frame: HTMLIFrameElement | undefined): string => {
  try {
    return frame ? new URL(frame.src).origin : DEFAULT_ORIGIN
  } catch {
    return DEFAULT_ORIGIN
  }
}

/**
 * A capture-phase `message` listener that stops every `@w3m-frame/` message not posted by the
 * client's own iframe from that iframe's origin (the client's listeners, registered later, never
 * hear it). Returns the function that removes it.
 */
export function guardFrameMessages(win: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Pick<Document, 'getElementById'> }): () => void {
  const guard = (e: MessageEvent) => {
    const type = (e.data as { type?: unknown } | null)?.type
    if (typeof type !== 'string' || !type.includes(FRAME_EVENT_KEY)) return
    const frame = clientFrame(win.document)
    if (frame && e.source === frame.contentWindow && e.origin === frameOrigin(frame)) return
    e.stopImmediatePropagation()
  }
  win.addEventListener('message', guard, { capture: true })
  return () => win.removeEventListener('message', guard, { capture: true })
}

/** The network in the client's shape (AppKit's CaipNetwork as far as the client reads it). */
const clientNetwork = (n: AuthNetwork) => ({ id: n.id, caipNetworkId: n.caipNetworkId, chainNamespace: n.chainNamespace, name: n.caipNetworkId, nativeCurrency: { name: '', symbol: '', decimals: 18 }, rpcUrls: { default: { http: [...n.rpcUrls.default.http] } } })

/**
 * The Reown adapter over `wallet` (the `@reown/appkit-wallet` module) for the site `context`
 * describes (see the module's comment).
 */
export function createReownAdapter(wallet: ReownWalletModule, context: AuthContext, win: Window = window): AuthAdapter {
  const unguard = guardFrameMessages(win)
  const networks = (namespace?: string) => context.networks.filter((n) => namespace === undefined || n.chainNamespace === namespace).map(clientNetwork)
  // The client's schema wants every field of the site's metadata (W3mFrameSchema AppSyncDappDataRequest).
  const metadata = { name: context.metadata?.name ?? '', description: context.metadata?.description ?? '', url: context.metadata?.url ?? win.location.origin, icons: [...(context.metadata?.icons ?? [])] }
  const provider = new wallet.W3mFrameProvider({
    projectId: context.projectId,
    chainId: context.activeNetwork('eip155')?.caipNetworkId as never,
    enableLogger: false,
    abortController: new AbortController(),
    getActiveCaipNetwork: (namespace) => {
      const n = context.activeNetwork(namespace ?? 'eip155')
      return (n ? clientNetwork(n) : undefined) as never
    },
    getCaipNetworks: (namespace) => networks(namespace) as never,
    metadata,
    sdkVersion: SDK_VERSION as never,
    sdkType: SDK_TYPE,
  })
  /** One step of the client, bounded, its rejection in Gangway's terms. */
  const step = <T>(run: () => Promise<T>, ms = REOWN_STEP_TIMEOUT_MS): Promise<T> => bounded(run().catch((error: unknown) => Promise.reject(fromClient(error))), ms)
  const active = () => context.activeNetwork('eip155')?.caipNetworkId

  return {
    get origin() {
      return frameOrigin(clientFrame(win.document))
    },
    init: () => bounded(provider.init(), REOWN_START_TIMEOUT_MS, SECURE_SITE_NOT_LOADED),
    connectEmail: (email) => step(async () => ({ action: (await provider.connectEmail({ email })).action })),
    connectDevice: () => step(async () => void (await provider.connectDevice())),
    connectOtp: (otp) => step(async () => void (await provider.connectOtp({ otp }))),
    isConnected: () => step(async () => (await provider.isConnected()).isConnected === true),
    // connect (not getUser): the client then keeps its login flag, which its isConnected reads on the next page.
    // Its GET_USER answer has no username: the one the client kept from the social login (as AppKit reads it on restore).
    getUser: ({ caipNetworkId, preferredAccountType }: AuthUserRequest) =>
      step(async () => {
        const user = userOf(await provider.connect({ chainId: clientChainId(caipNetworkId ?? active()), ...(preferredAccountType ? { preferredAccountType } : {}) }))
        const kept = provider.getUsername()
        return user.userName === undefined && kept ? { ...user, userName: kept } : user
      }),
    getChainId: () => step(async () => caipChainId((await provider.getChainId()).chainId)),
    switchNetwork: (caipNetworkId) => step(async () => void (await provider.switchNetwork({ chainId: caipNetworkId }))),
    setPreferredAccount: (type) => step(() => provider.setPreferredAccount(type as never)),
    getSmartAccountEnabledNetworks: () => step(async () => (await provider.getSmartAccountEnabledNetworks()).smartAccountEnabledNetworks),
    getSocialRedirectUri: (socialProvider) => step(async () => (await provider.getSocialRedirectUri({ provider: socialProvider as never })).uri),
    connectSocial: (resultUri, { caipNetworkId, preferredAccountType }) => step(async () => userOf(await provider.connect({ socialUri: resultUri, chainId: clientChainId(caipNetworkId ?? active()), ...(preferredAccountType ? { preferredAccountType } : {}) }))),
    getFarcasterUri: () => step(async () => (await provider.getFarcasterUri()).url),
    connectFarcaster: (timeoutMs) => step(async () => void (await provider.connectFarcaster()), timeoutMs),
    updateEmail: (email) => step(async () => ({ action: (await provider.updateEmail({ email })).action })),
    updateEmailPrimaryOtp: (otp) => step(async () => void (await provider.updateEmailPrimaryOtp({ otp }))),
    updateEmailSecondaryOtp: (otp) => step(() => provider.updateEmailSecondaryOtp({ otp })),
    reload: () =>
      step(async () => {
        await provider.reload()
        // As the client's own UI does after a reload: the site's data again, for the fresh frame.
        await provider.syncDappData({ projectId: context.projectId, metadata, sdkVersion: SDK_VERSION as never, sdkType: SDK_TYPE })
      }),
    signOut: () => step(() => provider.disconnect()),
    request: (call, timeoutMs) => {
      const namespace = call.caipNetworkId?.split(':')[0] ?? 'eip155'
      return step(() => provider.request({ method: call.method, params: call.params, chainNamespace: namespace } as never), timeoutMs)
    },
    abortRequests: () => void provider.rejectRpcRequests(),
    frame: () => clientFrame(win.document),
    close() {
      unguard()
      clientFrame(win.document)?.remove()
    },
  }
}
