/**
 * The analytics events of a log (docs/behaviour.md §7 Analytics): a pure projection,
 * keyed by event type like the reducers. Each handler gets the root state as it was before the event
 * (so "which account was connected" reads the moment before) and the event, and gives the analytics
 * event's `props`: `{ type: 'track', event, properties, address? }`, the
 * event's data plus the account's address where there is one. `analyticsBody` wraps props in the
 * body the analytics service takes (in a batch to /batch; an error report alone to /e): `{ eventId, url, domain, timestamp, props }`. Error reports have the same body
 * with `errorReportProps`. MODAL_OPEN and MODAL_CLOSE follow the modal itself, whichever event
 * opened or closed it (an open request, a connect that lands on UnsupportedChain, a switch that
 * leaves it, a back with no history): they come from the states before and after the event.
 *
 * What never goes in: a WalletConnect URI or key, wallet links and images, RPC or service URLs, the
 * send form's receiver, the page's query or fragment. Messages (a wallet's or a node's error text)
 * pass the export redaction rules (events/log/redact.ts: emails hashed, `scrubText`: URLs cut to their
 * origin, long hex and base58 runs, bearer tokens, the values of secret-named pairs and `wc:` URIs
 * replaced) and are cut to
 * MAX_PROP_CHARS. Pure: no I/O, no clock, no randomness (the effect supplies eventId).
 */
import { namespaceOf, readCaipAddress } from '../chains/caip.js'
import type { ErrorCategory } from '../events/kernel/errors.js'
import { USER_REJECTION_CODES } from '../events/kernel/errors.js'
import { redact, scrubText } from '../events/log/redact.js'
import { fullName } from '../events/name-rules.js'
import type { EventPayloads, EventType, GangwayEvent } from '../events/types.js'
import { activeAccount } from './select/active-account.js'
import type { State } from './state.js'

/** The analytics events Gangway sends. */
export type AnalyticsEventName =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'USER_REJECTED'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'SWITCH_NETWORK'
  | 'SWITCH_WALLET'
  | 'SWITCH_ACCOUNT'
  | 'SWITCH_WALLET_ERROR'
  | 'SEND_INITIATED'
  | 'SEND_SUCCESS'
  | 'SEND_ERROR'
  | 'EMAIL_SUBMITTED'
  | 'EMAIL_VERIFICATION_CODE_SENT'
  | 'EMAIL_VERIFICATION_CODE_PASS'
  | 'EMAIL_VERIFICATION_CODE_FAIL'
  | 'DEVICE_REGISTERED_FOR_EMAIL'
  | 'SOCIAL_LOGIN_STARTED'
  | 'SOCIAL_LOGIN_REQUEST_USER_DATA'
  | 'SOCIAL_LOGIN_SUCCESS'
  | 'SOCIAL_LOGIN_ERROR'
  | 'CLICK_SIGN_SIWX_MESSAGE'
  | 'CLICK_CANCEL_SIWX'
  | 'SIWX_AUTH_SUCCESS'
  | 'SIWX_AUTH_ERROR'
  | 'REGISTER_NAME_INITIATED'
  | 'REGISTER_NAME_SUCCESS'
  | 'REGISTER_NAME_ERROR'
  | 'OPEN_SWAP'
  | 'INITIATE_SWAP'
  | 'SWAP_SUCCESS'
  | 'SWAP_ERROR'
  | 'SELECT_BUY_CRYPTO'
  | 'SELECT_BUY_PROVIDER'
  | 'BUY_SUCCESS'
  | 'BUY_ERROR'

/** A property value: plain, flat data only. */
export type PropValue = string | number | boolean

/** An analytics event's props: what happened, its data, and the account's address where there is one. */
export interface AnalyticsProps {
  type: 'track'
  event: AnalyticsEventName
  properties: Record<string, PropValue>
  /** The account concerned (the connected one, or the one just connected or disconnected), as the wallet gave it. */
  address?: string
}

/** An error report's props (docs/behaviour.md §3 Error report): `event` is the error's category. */
export interface ErrorReportProps {
  type: 'error'
  event: ErrorCategory
  /** The error's class name ('GangwayError', 'ProviderRequestError', …). */
  errorType: string
  errorMessage: string
  /** The stack frames, scrubbed (see `engine/effect-failed`); '' when there were none. */
  stackTrace: string
}

/** One analytics entry (docs/behaviour.md §7; api/analytics.ts sends it): `timestamp` in ms since the epoch, `url` the page's origin and path. */
export interface AnalyticsBody<P = AnalyticsProps | ErrorReportProps> {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: P
}

/** The longest string property sent, in characters: longer ones are cut. */
export const MAX_PROP_CHARS = 256

/** A handler: the state before the event and the event give props, or undefined for nothing to send. */
type Handler<T extends EventType> = (before: State, event: GangwayEvent<T>) => AnalyticsProps | undefined

/** A string property cut to MAX_PROP_CHARS (a message is scrubbed whole first, then cut, in analyticsEventsOf: a cut must not leave half a key). */
const text = (value: string): string => value.slice(0, MAX_PROP_CHARS)

/** The properties without the undefined ones. */
const defined = (o: Record<string, PropValue | undefined>): Record<string, PropValue> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, PropValue>

const track = (event: AnalyticsEventName, properties: Record<string, PropValue | undefined>, address?: string): AnalyticsProps => ({
  type: 'track',
  event,
  properties: defined(properties),
  ...(address ? { address } : {}),
})

/** The connected account's address before the event, if any. */
const connectedAddress = (before: State): string | undefined => activeAccount(before)?.address

/** The name of the wallet a connector id names: the picked listing's, else a discovered connector's. */
const walletName = (before: State, connectorId: string, picked?: { name: string }): string | undefined =>
  picked?.name ?? before.connectors.list.find((c) => c.id === connectorId)?.name

/** docs/behaviour.md §8: a refusal in the wallet (4001, 5000) or the 'Connection rejected' outcome. */
const isRejection = (p: EventPayloads['connect/failed']): boolean => (p.code !== undefined && USER_REJECTION_CODES.includes(p.code)) || p.errorId === 'connectionRejected'

/** The analytics handlers, keyed by event type. */
export const ANALYTICS_EVENTS: { [T in EventType]?: Handler<T> } = {
  'connect/requested': (before, e) =>
    track('SELECT_WALLET', { connectorId: text(e.payload.connectorId), namespace: e.payload.namespace, name: optionalText(walletName(before, e.payload.connectorId, e.payload.wallet)), walletId: optionalText(e.payload.wallet?.id) }),
  /** A connection the visitor made: a session restored at load is not one (and sends nothing, docs/behaviour.md network quiet). */
  'connect/succeeded': (before, e) => {
    if (e.payload.via !== 'prompt') return undefined
    const account = readCaipAddress(e.payload.caipAddress)
    return track('CONNECT_SUCCESS', { connectorId: text(e.payload.connectorId), namespace: e.payload.namespace, caipNetworkId: account?.caipNetworkId, name: optionalText(walletName(before, e.payload.connectorId, e.payload.wallet)) }, account?.address)
  },
  'connect/failed': (before, e) =>
    track(isRejection(e.payload) ? 'USER_REJECTED' : 'CONNECT_ERROR', { connectorId: text(e.payload.connectorId), namespace: e.payload.namespace, message: e.payload.message, code: e.payload.code }, connectedAddress(before)),
  /** The visitor or the wallet ended a connection (a stored session found revoked at load is not sent). */
  'disconnect/succeeded': (before, e) =>
    e.payload.reason === 'restore-failed' ? undefined : track('DISCONNECT_SUCCESS', { connectorId: text(e.payload.connectorId), namespace: e.payload.namespace, reason: e.payload.reason }, before.accounts[e.payload.namespace]?.address),
  /** The wallet failed to end the connection: it stays. */
  'disconnect/failed': (before, e) => track('DISCONNECT_ERROR', { connectorId: text(e.payload.connectorId), namespace: e.payload.namespace, message: e.payload.message }, before.accounts[e.payload.namespace]?.address),
  /** A switch between connections (SWITCH_WALLET) or between the active connection's accounts (SWITCH_ACCOUNT). */
  'connection/switched': (before, e) =>
    track(e.payload.wallet ? 'SWITCH_WALLET' : 'SWITCH_ACCOUNT', { connectorId: text(e.payload.connectorId), namespace: e.payload.namespace, fromConnectorId: optionalText(before.connection.connectorIds[e.payload.namespace]) }, readCaipAddress(e.payload.caipAddress)?.address),
  'connection/switch-failed': (before, e) => track('SWITCH_WALLET_ERROR', { connectorId: text(e.payload.connectorId), namespace: e.payload.namespace, message: text(e.payload.message) }, connectedAddress(before)),
  'network/switched': (before, e) => track('SWITCH_NETWORK', { caipNetworkId: e.payload.caipNetworkId, namespace: namespaceOf(e.payload.caipNetworkId) }, connectedAddress(before)),
  /** The send form's token, network and amount (never the receiver). */
  'send/requested': (before) => {
    const { token, amount } = before.send
    return track('SEND_INITIATED', { caipNetworkId: token?.caipNetworkId, token: optionalText(token?.symbol), tokenAddress: optionalText(token?.address), amount: optionalText(amount) }, connectedAddress(before))
  },
  'send/succeeded': (before, e) => track('SEND_SUCCESS', { caipNetworkId: e.payload.caipNetworkId, hash: text(e.payload.hash), token: optionalText(before.send.token?.symbol), amount: optionalText(before.send.amount) }, connectedAddress(before)),
  'send/failed': (before, e) => track('SEND_ERROR', { message: e.payload.message, code: e.payload.code }, connectedAddress(before)),
  // The login steps: never the email, the code or the provider's answer.
  'auth/email-submitted': (before) => track('EMAIL_SUBMITTED', {}, connectedAddress(before)),
  'auth/email-accepted': (before, e) => track('EMAIL_VERIFICATION_CODE_SENT', { action: e.payload.action }, connectedAddress(before)),
  'auth/otp-verified': (before) => track('EMAIL_VERIFICATION_CODE_PASS', {}, connectedAddress(before)),
  'auth/otp-failed': (before, e) => track('EMAIL_VERIFICATION_CODE_FAIL', { message: e.payload.message }, connectedAddress(before)),
  'auth/device-approved': (before) => track('DEVICE_REGISTERED_FOR_EMAIL', {}, connectedAddress(before)),
  'auth/social-requested': (before, e) => track('SOCIAL_LOGIN_STARTED', { provider: e.payload.provider }, connectedAddress(before)),
  'auth/social-result-received': (before, e) => track('SOCIAL_LOGIN_REQUEST_USER_DATA', { provider: e.payload.provider }, connectedAddress(before)),
  'auth/social-failed': (before, e) => track('SOCIAL_LOGIN_ERROR', { provider: e.payload.provider, message: e.payload.message }, connectedAddress(before)),
  'auth/user-received': (before, e) => (e.payload.socialProvider ? track('SOCIAL_LOGIN_SUCCESS', { provider: e.payload.socialProvider }, connectedAddress(before)) : undefined),
  // SIWX (the network of the account asked; never the message, its nonce or the signature).
  'siwx/sign-requested': (before) => track('CLICK_SIGN_SIWX_MESSAGE', { network: siwxNetwork(before.siwx.asking) }, connectedAddress(before)),
  'siwx/cancel-requested': (before) => track('CLICK_CANCEL_SIWX', { network: siwxNetwork(before.siwx.asking) }, connectedAddress(before)),
  'siwx/session-verified': (before, e) => (e.payload.via === 'signature' ? track('SIWX_AUTH_SUCCESS', { network: siwxNetwork(e.payload.caipAddress) }, connectedAddress(before)) : undefined),
  'siwx/sign-failed': (before, e) => track('SIWX_AUTH_ERROR', { network: siwxNetwork(e.payload.caipAddress), message: e.payload.message }, connectedAddress(before)),
  'siwx/failed': (before, e) => track('SIWX_AUTH_ERROR', { network: siwxNetwork(e.payload.caipAddress), message: e.payload.message }, connectedAddress(before)),
  // Account names (a name is public; the registration message and signature never go).
  'name/register-requested': (before, e) => track('REGISTER_NAME_INITIATED', { name: text(fullName(e.payload.label)) }, connectedAddress(before)),
  'name/registered': (before, e) => track('REGISTER_NAME_SUCCESS', { name: text(e.payload.name) }, connectedAddress(before)),
  'name/register-failed': (before, e) => track('REGISTER_NAME_ERROR', { name: text(fullName(e.payload.label)), message: e.payload.message }, connectedAddress(before)),
  // Swaps (the tokens and amounts in base units; never a transaction's calldata).
  'modal/navigate-requested': (before, e) =>
    e.payload.view === 'Swap' && before.modal.view !== 'Swap' ? track('OPEN_SWAP', { network: before.networks.active.eip155 }, connectedAddress(before)) : e.payload.view === 'OnRampProviders' && before.modal.view !== 'OnRampProviders' ? track('SELECT_BUY_CRYPTO', {}, connectedAddress(before)) : undefined,
  'swap/requested': (before) => track('INITIATE_SWAP', swapProps(before), connectedAddress(before)),
  'swap/succeeded': (before, e) => track('SWAP_SUCCESS', { ...swapProps(before), network: e.payload.caipNetworkId, hash: text(e.payload.hash) }, connectedAddress(before)),
  'swap/failed': (before, e) => track('SWAP_ERROR', { ...swapProps(before), message: e.payload.message, code: e.payload.code }, connectedAddress(before)),
  // Buying (the currencies and the amount; never the provider's URL).
  'onramp/provider-selected': (before, e) => track('SELECT_BUY_PROVIDER', { provider: e.payload.provider, ...buyProps(before) }, connectedAddress(before)),
  'onramp/succeeded': (before) => track('BUY_SUCCESS', buyProps(before), connectedAddress(before)),
  'onramp/failed': (before, e) => track('BUY_ERROR', { ...buyProps(before), message: e.payload.message }, connectedAddress(before)),
}

/** The swap form's tokens (symbols) and amount, as typed. */
function swapProps(s: State): Record<string, PropValue | undefined> {
  return { from: optionalText(s.swap.from?.symbol), to: optionalText(s.swap.to?.symbol), amount: optionalText(s.swap.amount) }
}

/** The buying form's currencies and amount. */
function buyProps(s: State): Record<string, PropValue | undefined> {
  return { purchaseCurrency: optionalText(s.onramp.purchaseCurrency), paymentCurrency: text(s.onramp.paymentCurrency), amount: optionalText(s.onramp.amount || undefined) }
}

/** The CAIP-2 network of a SIWX account (CAIP-10), when there is one. */
function siwxNetwork(caipAddress: string | undefined): string | undefined {
  return caipAddress ? readCaipAddress(caipAddress)?.caipNetworkId : undefined
}

function optionalText(value: string | undefined): string | undefined {
  return value === undefined ? undefined : text(value)
}

/** MODAL_OPEN or MODAL_CLOSE when `event` opened or closed the modal (`after` is the state it made). */
function modalChange(before: State, after: State, event: GangwayEvent): AnalyticsProps | undefined {
  if (before.modal.open === after.modal.open) return undefined
  const address = connectedAddress(before)
  if (!after.modal.open) return track('MODAL_CLOSE', { connected: Boolean(address) }, address)
  // `view`: the one the site asked for (none for a plain open), else the one that opened.
  const asked = event.type === 'modal/open-requested' ? event.payload : undefined
  return track('MODAL_OPEN', { connected: Boolean(address), isMobile: after.modal.isMobile, view: asked ? asked.view : after.modal.view, namespace: asked?.namespace }, address)
}

/**
 * The analytics props of `event`, given the root state before it and the state it made (`after`,
 * reduce(before, event)), in the order they are sent: the event's own, then the modal's opening or
 * closing it caused; empty when it is not an analytics event. An event another tab appended (a
 * shared connection fact) is that tab's to send: nothing here. Emails in any string are replaced by
 * their hash (events/log/redact.ts, salted with the projectId), as in an export, and a message is
 * scrubbed (events/log/redact.ts scrubText).
 */
export function analyticsEventsOf(before: State, after: State, event: GangwayEvent): AnalyticsProps[] {
  if (before.tab !== undefined && event.tab !== before.tab) return []
  const handler = ANALYTICS_EVENTS[event.type] as Handler<EventType> | undefined
  const salt = before.config.projectId
  return [handler?.(before, event), modalChange(before, after, event)]
    .filter((found): found is AnalyticsProps => found !== undefined)
    .map((found) => {
      const props = redact(found, salt)
      const message = props.properties.message
      return typeof message === 'string' ? { ...props, properties: { ...props.properties, message: scrubText(message, salt).slice(0, MAX_PROP_CHARS) } } : props
    })
}

/** An error report's props from an `engine/effect-failed` payload (already scrubbed and bounded by the engine). */
export function errorReportProps(failure: EventPayloads['engine/effect-failed']): ErrorReportProps {
  return { type: 'error', event: failure.category, errorType: failure.errorType, errorMessage: failure.message, stackTrace: failure.stack ?? '' }
}

/** The longest page path sent, in characters (a path is the site's, but a hostile or generated one must not swell every event). */
export const MAX_PAGE_PATH = 512

/**
 * The page as analytics names it: `url` its origin and path only (never the query or the fragment,
 * which can hold OAuth results or tokens), `domain` its host (with the port). Both '' when the
 * origin is not an http(s) one.
 */
export function analyticsPage(origin: string | undefined, path: string | undefined): { url: string; domain: string } {
  let base: URL
  try {
    base = new URL(origin ?? '')
  } catch {
    return { url: '', domain: '' }
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') return { url: '', domain: '' }
  // The path as the page has it (location.pathname), read as a path on this origin: never a host ('//x').
  const clean = (path ?? '/').split(/[?#]/)[0]!.slice(0, MAX_PAGE_PATH)
  return { url: `${base.origin}${clean.startsWith('/') ? clean : `/${clean}`}`, domain: base.host }
}

/** The body of one analytics event or error report (docs/behaviour.md §7). */
export function analyticsBody<P>(props: P, at: { eventId: string; timestamp: number; page: { url: string; domain: string } }): AnalyticsBody<P> {
  return { eventId: at.eventId, url: at.page.url, domain: at.page.domain, timestamp: at.timestamp, props }
}
