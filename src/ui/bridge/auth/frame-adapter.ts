/**
 * The auth adapter over Gangway's own channel to a secure site (frame-transport.ts): the secure
 * site's `/sdk` page in a hidden iframe on its own origin, each step one `@w3m-app/` request. The
 * iframe is created by the first `init()` (or the first step), never at page load.
 */
import type { AuthAdapter, AuthCall } from '../../../contract.js'
import { createSecureFrameTransport, OTHER_SHAPE, type SecureFrameTransport } from './frame-transport.js'

/** What the frame adapter needs to know of the site. */
export interface FrameAdapterOptions {
  /** The secure site's origin (checked by events/kernel/urls.ts originOf). */
  origin: string
  projectId: string
  /** The site's metadata, synced to the secure site after READY (its approval UI names the site). */
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /** The eip155 network to open the secure site on (CAIP-2). */
  network(): string | undefined
  /** The document the iframe goes into (default `document`). */
  doc?: Document
}

/** The params of a call in the frame's shape: an array or an object, else none. */
const callParams = (params: unknown) => (Array.isArray(params) || (params && typeof params === 'object') ? params : [])

/** The frame adapter (see the module's comment). */
export function createFrameAdapter(o: FrameAdapterOptions): AuthAdapter {
  const doc = o.doc ?? document
  let frame: HTMLIFrameElement | undefined
  let transport: SecureFrameTransport | undefined
  let ignored = 0
  // As Reown's client sends it (W3mFrameSchema AppSyncDappDataRequest): every metadata field, an sdkVersion.
  const dappData = () => ({
    projectId: o.projectId,
    sdkType: 'gangway',
    sdkVersion: 'html-gangway-0.1.0',
    metadata: { name: o.metadata?.name ?? '', description: o.metadata?.description ?? '', url: o.metadata?.url ?? (doc.defaultView ?? window).location.origin, icons: [...(o.metadata?.icons ?? [])] },
  })

  /** Whether the frame failed to load: the next use starts a new one. */
  let failed = false
  const start = (): SecureFrameTransport => {
    if (transport && !failed) return transport
    transport?.close()
    frame?.remove()
    failed = false
    const url = new URL('/sdk', o.origin)
    url.searchParams.set('projectId', o.projectId)
    const network = o.network()
    if (network) url.searchParams.set('chainId', network)
    url.searchParams.set('version', '4')
    url.searchParams.set('enableLogger', 'false')
    frame = doc.createElement('iframe')
    frame.title = 'Secure login'
    frame.setAttribute('aria-hidden', 'true')
    frame.tabIndex = -1
    frame.style.cssText = 'display:none;position:fixed;border:0'
    frame.src = url.href
    const win = doc.defaultView ?? window
    transport = createSecureFrameTransport({
      origin: o.origin,
      frame: () => frame?.contentWindow,
      listen(handler) {
        const listener = (e: MessageEvent) => handler(e)
        win.addEventListener('message', listener)
        return () => win.removeEventListener('message', listener)
      },
      // Messages shaped as the secure site's that fail the checks are logged, a few times per page
      // (a foreign window may post many); the page's own and other libraries' messages are not.
      onIgnored: (reason) => void (reason !== OTHER_SHAPE && ignored++ < 10 && console.warn('[gangway] secure site: ignored', reason)),
    })
    doc.body.append(frame)
    const t = transport
    t.ready.then(
      () => void t.request('SYNC_DAPP_DATA', dappData()).catch(() => undefined),
      () => void (t === transport && (failed = true)),
    )
    return t
  }
  const ask = <T>(name: string, payload?: unknown, timeoutMs?: number) => start().request<T | undefined>(name, payload, timeoutMs)
  /** An eip155 network as Reown's client names it in GET_USER, CONNECT_SOCIAL and RPC_REQUEST: its chain id, a number. */
  const chainNumber = (caipNetworkId: string | undefined) => {
    const id = /^eip155:(\d{1,18})$/.exec(caipNetworkId ?? '')?.[1]
    return id === undefined ? {} : { chainId: Number(id) }
  }
  const rpcPayload = (call: AuthCall) => ({ method: call.method, params: callParams(call.params), ...chainNumber(call.caipNetworkId ?? o.network()), chainNamespace: 'eip155' })

  return {
    origin: o.origin,
    init: () => start().ready,
    connectEmail: async (email) => ({ action: (await ask<{ action?: unknown }>('CONNECT_EMAIL', { email }))?.action }),
    connectDevice: async () => void (await ask('CONNECT_DEVICE')),
    connectOtp: async (otp) => void (await ask('CONNECT_OTP', { otp })),
    isConnected: async () => (await ask<{ isConnected?: unknown }>('IS_CONNECTED'))?.isConnected === true,
    getUser: async ({ caipNetworkId, preferredAccountType }) => (await ask<Record<string, unknown>>('GET_USER', { ...chainNumber(caipNetworkId ?? o.network()), ...(preferredAccountType ? { preferredAccountType } : {}) })) ?? {},
    getChainId: async () => (await ask<{ chainId?: unknown }>('GET_CHAIN_ID'))?.chainId,
    switchNetwork: async (caipNetworkId) => void (await ask('SWITCH_NETWORK', { chainId: caipNetworkId })),
    setPreferredAccount: async (type) => (await ask<{ type?: unknown; address?: unknown }>('SET_PREFERRED_ACCOUNT', { type })) ?? {},
    getSmartAccountEnabledNetworks: async () => (await ask<{ smartAccountEnabledNetworks?: unknown }>('GET_SMART_ACCOUNT_ENABLED_NETWORKS'))?.smartAccountEnabledNetworks,
    getSocialRedirectUri: async (provider) => (await ask<{ uri?: unknown }>('GET_SOCIAL_REDIRECT_URI', { provider }))?.uri,
    connectSocial: async (resultUri, { caipNetworkId, preferredAccountType }) => (await ask<Record<string, unknown>>('CONNECT_SOCIAL', { uri: resultUri, ...chainNumber(caipNetworkId ?? o.network()), ...(preferredAccountType ? { preferredAccountType } : {}) })) ?? {},
    getFarcasterUri: async () => (await ask<{ url?: unknown }>('GET_FARCASTER_URI'))?.url,
    connectFarcaster: async (timeoutMs) => void (await ask('CONNECT_FARCASTER', undefined, timeoutMs)),
    updateEmail: async (email) => ({ action: (await ask<{ action?: unknown }>('UPDATE_EMAIL', { email }))?.action }),
    updateEmailPrimaryOtp: async (otp) => void (await ask('UPDATE_EMAIL_PRIMARY_OTP', { otp })),
    updateEmailSecondaryOtp: async (otp) => (await ask<{ newEmail?: unknown }>('UPDATE_EMAIL_SECONDARY_OTP', { otp })) ?? {},
    async reload() {
      const t = start()
      await t.request('RELOAD')
      // The frame reloads after answering: what follows waits for its next READY.
      t.rearm()
      void t.request('SYNC_DAPP_DATA', dappData()).catch(() => undefined)
    },
    signOut: async () => void (await ask('SIGN_OUT')),
    request: (call, timeoutMs) => ask('RPC_REQUEST', rpcPayload(call), timeoutMs),
    abortRequests: () => void transport?.request('RPC_ABORT').catch(() => undefined),
    frame: () => frame,
    close() {
      transport?.close()
      frame?.remove()
    },
  }
}
