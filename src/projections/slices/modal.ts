/**
 * The modal (docs/behaviour.md §2 and §4): open or closed, the current view, the view history, loading and shake.
 * The Closing and Going back rules of docs/behaviour.md §2 live here as reducer logic; the Opening
 * rule is select/opening-view.ts.
 */
import { WALLETCONNECT_CONNECTOR_ID, type CaipNetworkId, type ViewName } from '../../events/entities.js'
import { namespaceOf, readCaipAddress } from '../../chains/caip.js'
import { isUnsupported } from '../select/networks.js'
import { fromConnectedWallet } from './connection.js'
import { becomesActive, successor } from './connections.js'
import { liveConnections, sameConnector } from '../select/connections.js'
import type { NewEvent } from '../../events/types.js'
import { SIWX_NOT_ENABLED } from '../../events/kernel/errors.js'
import { slice, type Slice } from '../reducer.js'
import { activeAccount } from '../select/active-account.js'
import { activeNamespace } from '../select/active-namespace.js'
import { resolvedFeatures } from '../select/features.js'
import { isAsking, isSignedIn } from '../select/siwx-sessions.js'
import { availableView, openingView } from '../select/opening-view.js'
import { nameRefusal, updateEmailRefusal } from '../rules/refusal-rules.js'
import { EMAIL_CAPTURE_NOT_ENABLED, NO_DATA_CAPTURE, NO_SIGN_IN_UNDER_WAY } from '../rules/refusals.js'
import type { State } from '../state.js'

export interface ModalState {
  open: boolean
  view: ViewName
  /** Views before the current one, oldest first; Back pops the last. */
  history: ViewName[]
  loading: boolean
  shake: boolean
  /** Whether the last open request came from a mobile device (docs/behaviour.md §5 browser wallet rule). */
  isMobile: boolean
}

const initial: ModalState = { open: false, view: 'Connect', history: [], loading: false, shake: false, isMobile: false }

/** The view a connect request shows: WalletConnect's QR view (Basic stays as it is), else ConnectingExternal. */
function connectingView(s: ModalState, connectorId: string): ViewName {
  if (connectorId !== WALLETCONNECT_CONNECTOR_ID) return 'ConnectingExternal'
  return s.view === 'ConnectingWalletConnectBasic' ? s.view : 'ConnectingWalletConnect'
}

/** docs/behaviour.md §2 Closing: resets to Connect; in embedded mode, Account if connected, else Connect. */
export function closingView(root: State): ViewName {
  return root.config.enableEmbedded && activeAccount(root) ? 'Account' : 'Connect'
}

/**
 * docs/behaviour.md §4: a wallet on a network the site did not list shows UnsupportedChain, except when
 * switching is disabled, unsupported chains are allowed, or WalletConnect basic mode is on.
 */
export function showsUnsupportedChain(root: State, caipNetworkId: CaipNetworkId): boolean {
  const c = root.config
  if (c.allowUnsupportedChain || c.enableNetworkSwitch === false || c.manualWCControl) return false
  return isUnsupported(c.networks, caipNetworkId)
}

const unsupported = (s: ModalState): ModalState => ({ ...s, open: true, view: 'UnsupportedChain', history: [], loading: false })

/** One view back: pop the history, or close when it is empty (docs/behaviour.md §2 Going back). */
const back = (s: ModalState, root: State): ModalState => {
  const previous = s.history[s.history.length - 1]
  if (!previous) return close(s, root)
  const view: ViewName = previous === 'Connect' && activeAccount(root) ? 'Account' : previous
  return { ...s, view, history: s.history.slice(0, -1), loading: false }
}

const close = (s: ModalState, root: State): ModalState => ({ ...s, open: false, view: closingView(root), history: [], loading: false })

const push = (s: ModalState, view: ViewName): ModalState => (s.view === view ? s : { ...s, view, history: [...s.history, s.view] })

/** DataCapture follows a sign-in (docs/behaviour.md §2): the `emailCapture` remote feature on, and the site's `siwx` takes an email. */
export function capturesEmail(root: State): boolean {
  return resolvedFeatures(root).emailCapture && root.config.siwx?.emailCapture === true
}

/** Why DataCapture cannot show at `now` (ms): no capture configured, or the active account is not signed in (an expired session is not). */
function dataCaptureRefusal(s: State, now: number): string | undefined {
  if (!capturesEmail(s)) return EMAIL_CAPTURE_NOT_ENABLED
  const account = activeAccount(s)
  return account && isSignedIn(s.siwx, account.caipAddress, now) ? undefined : NO_SIGN_IN_UNDER_WAY
}

/** Why SIWXSignMessage cannot show now, or undefined when it can (docs/behaviour.md §8 'SIWX is not enabled'). */
function siwxViewRefusal(s: State): string | undefined {
  if (!s.config.siwx) return SIWX_NOT_ENABLED
  return activeAccount(s)?.caipAddress ? undefined : NO_SIGN_IN_UNDER_WAY
}

/** Why the view an open or a navigation asks for cannot show at `now` (ms), or undefined when it can. */
function viewRefusal(s: State, intent: NewEvent<'modal/open-requested' | 'modal/navigate-requested'>, now: number): string | undefined {
  if (intent.payload.view === 'SIWXSignMessage') return siwxViewRefusal(s)
  if (intent.payload.view === 'DataCapture') return dataCaptureRefusal(s, now)
  if (intent.payload.view === 'RegisterAccountName' || intent.payload.view === 'RegisterAccountNameSuccess') return nameRefusal(s)
  return intent.payload.view === 'UpdateEmailWallet' ? updateEmailRefusal(s) : undefined
}

/** Refuses DataCapture's outcome while it does not show. */
const dataCaptureOutcomeRefusal = (s: State): string | undefined => (s.modal.view === 'DataCapture' ? undefined : NO_DATA_CAPTURE)

export const modal: Slice<ModalState, State> = slice<ModalState, State>(initial, {
  // A new engine start is a new page session: the modal is closed and nothing is pending.
  'engine/started': (s, _e, root) => ({ ...initial, view: closingView(root), isMobile: s.isMobile }),
  'modal/open-requested': (s, e, root) => ({ ...s, open: true, view: openingView(root, e.payload), history: [], isMobile: e.payload.isMobile }),
  'modal/close-requested': (s, _e, root) => close(s, root),
  'modal/navigate-requested': (s, e, root) => push(s, availableView(root, e.payload.view)),
  /** docs/behaviour.md §2 Going back: pop; an empty history closes; with an address, a previous Connect shows Account. */
  'modal/back-requested': (s, _e, root) => back(s, root),
  'modal/shake-started': (s) => ({ ...s, shake: true }),
  'modal/shake-ended': (s) => ({ ...s, shake: false }),
  'connect/requested': (s, e) => ({ ...(s.open ? push(s, connectingView(s, e.payload.connectorId)) : s), loading: true }),
  'connect/failed': (s) => ({ ...s, loading: false }),
  /** The email login's steps show in EmailLogin; a refused email goes back to where it was typed. */
  'auth/email-submitted': (s) => (s.open ? push(s, 'EmailLogin') : s),
  'auth/email-failed': (s, _e, root) => (s.view === 'EmailLogin' ? back(s, root) : s),
  /** A social login waits in ConnectingExternal (the provider's window is open); a failure goes back to Connect. */
  'auth/social-requested': (s) => (s.open ? push(s, 'ConnectingExternal') : s),
  'auth/social-failed': (s, _e, root) => (s.view === 'ConnectingExternal' || s.view === 'ConnectingFarcaster' ? back(s, root) : s),
  /** The email changed: back to where UpdateEmailWallet was opened from (Account). */
  'auth/email-updated': (s, _e, root) => (s.open && s.view === 'UpdateEmailWallet' ? back(s, root) : s),
  'auth/farcaster-requested': (s) => (s.open ? push(s, 'ConnectingFarcaster') : s),
  /** No session for the connected account (docs/behaviour.md §4 SIWX): SIWXSignMessage, in place of where the modal was. */
  'siwx/sign-in-needed': (s) => ({ ...s, open: true, view: 'SIWXSignMessage', history: [], loading: false }),
  /** Signed in, the account SIWXSignMessage asked for: the account. */
  'siwx/session-verified': (s, e, root) => {
    if (s.view !== 'SIWXSignMessage' || !isAsking(root.siwx, e.payload.caipAddress)) return s
    // DataCapture follows this tab's own sign-in by signature only (not a stored session, nor another tab's).
    const capture = capturesEmail(root) && e.payload.via === 'signature' && (root.tab === undefined || e.tab === root.tab)
    return { ...s, view: capture ? 'DataCapture' : 'Account', history: [] }
  },
  /** DataCapture done or skipped: the account. */
  'data-capture/completed': (s) => (s.view === 'DataCapture' ? { ...s, view: 'Account', history: [] } : s),
  'data-capture/skipped': (s) => (s.view === 'DataCapture' ? { ...s, view: 'Account', history: [] } : s),
  /** docs/behaviour.md §8: the site's SIWX failed: the account is disconnected, and the modal resets to Connect. */
  'siwx/failed': (s, e, root) => (s.view === 'SIWXSignMessage' && isAsking(root.siwx, e.payload.caipAddress) ? { ...s, view: 'Connect', history: [] } : s),
  /** The wallet went back to a signed-in account while SIWXSignMessage asked another: Account. */
  'siwx/sign-in-moot': (s, e, root) => (s.view === 'SIWXSignMessage' && isAsking(root.siwx, e.payload.caipAddress) ? { ...s, view: 'Account', history: [] } : s),
  /** Cancel where sign-in is not required: the modal closes. */
  'siwx/sign-in-declined': (s, _e, root) => (s.open && s.view === 'SIWXSignMessage' ? close(s, root) : s),
  /** Registered from RegisterAccountName (docs/behaviour.md §4 name registration): RegisterAccountNameSuccess in its place (back goes where RegisterAccountName came from). A failure or a refused signature stays on RegisterAccountName. */
  'name/registered': (s, e, root) => ((root.tab === undefined || e.tab === root.tab) && s.open && s.view === 'RegisterAccountName' ? { ...s, view: 'RegisterAccountNameSuccess' } : s),
  /** A signing or sending call of the auth connector shows the secure site's approval UI in ApproveTransaction (docs/behaviour.md §5), over what was shown (or alone). */
  'auth/approval-requested': (s) => (s.open ? push(s, 'ApproveTransaction') : { ...s, open: true, view: 'ApproveTransaction', history: [] }),
  /** Then, once no other call waits there, back to where it was, or closed when the call opened the modal. */
  'auth/approval-settled': (s, _e, root) => (s.open && s.view === 'ApproveTransaction' && root.auth.approvals <= 1 ? back(s, root) : s),
  /** A refused call: the modal shows, for 'Action not allowed' (the snackbar effect). */
  'auth/rpc-refused': (s, _e, root) => (s.open ? s : { ...s, open: true, view: openingView(root, { isMobile: s.isMobile }), history: [] }),
  /** A social login's answer this tab did not start, or too late: the modal shows, for 'Login link expired or not started here' (the snackbar effect). */
  'auth/social-return-refused': (s, _e, root) => (s.open ? s : { ...s, open: true, view: openingView(root, { isMobile: s.isMobile }), history: [] }),
  'connect/succeeded': (s, e, root) => {
    // A reducer never throws: a malformed id (validation refuses those where events enter) shows no UnsupportedChain.
    // Only the connection that becomes the active one can show UnsupportedChain (a restore of another does not).
    const chain = becomesActive(root, e.payload) ? readCaipAddress(e.payload.caipAddress)?.caipNetworkId : undefined
    if (chain && showsUnsupportedChain(root, chain)) return unsupported(s)
    if (!s.open || e.payload.via === 'restore') return { ...s, loading: false }
    // A wallet added beside others (multiWallet on) shows them all.
    const added = e.payload.mode === 'add' && liveConnections(root, e.payload.namespace).some((c) => !sameConnector(c.connectorId, e.payload.connectorId))
    return { ...s, view: added ? 'ProfileWallets' : 'Account', history: [], loading: false }
  },
  /** A switch to a connection whose wallet is on a network the site does not list shows UnsupportedChain, like a connect. */
  'connection/switched': (s, e, root) => {
    const chain = readCaipAddress(e.payload.caipAddress)?.caipNetworkId
    return chain && showsUnsupportedChain(root, chain) ? unsupported(s) : s
  },
  'wallet/chain-changed': (s, e, root) => {
    if (!fromConnectedWallet(root, e.payload)) return s
    if (showsUnsupportedChain(root, e.payload.caipNetworkId)) return unsupported(s)
    return s.view === 'UnsupportedChain' ? close(s, root) : s
  },
  'network/switch-requested': (s) => ({ ...s, loading: true }),
  'network/active-chain-switch-requested': (s) => push(s, 'SwitchActiveChain'),
  /**
   * After a switch from the network list, back to where the list was opened from; from
   * UnsupportedChain, the modal closes; onto a namespace with no account yet, Connect shows.
   */
  'network/switched': (s, e, root) => {
    if (s.view === 'UnsupportedChain') return close(s, root)
    const namespace = namespaceOf(e.payload.caipNetworkId)
    if (s.open && !(namespace && root.accounts[namespace]?.address)) return { ...s, view: 'Connect', history: [], loading: false }
    if (s.view === 'SwitchNetwork') return back(s, root)
    return { ...s, loading: false }
  },
  /** Picking a token in the token list returns to the form. */
  'send/token-selected': (s, _e, root) => (s.view === 'WalletSendSelectToken' ? back(s, root) : s),
  'swap/token-list-requested': (s, e, root) => ((root.tab === undefined || e.tab === root.tab) && s.open ? push(s, availableView(root, 'SwapSelectToken')) : s),
  'onramp/purchase-currency-selected': (s, e, root) => ((root.tab === undefined || e.tab === root.tab) && s.view === 'OnRampTokenSelect' ? back(s, root) : s),
  'onramp/payment-currency-selected': (s, e, root) => ((root.tab === undefined || e.tab === root.tab) && s.view === 'OnRampFiatSelect' ? back(s, root) : s),
  'onramp/provider-selected': (s, e, root) => ((root.tab === undefined || e.tab === root.tab) && s.open ? push(s, availableView(root, 'BuyInProgress')) : s),
  'swap/token-selected': (s, e, root) => ((root.tab === undefined || e.tab === root.tab) && s.view === 'SwapSelectToken' ? back(s, root) : s),
  'send/requested': (s) => ({ ...s, loading: true }),
  'send/failed': (s) => ({ ...s, loading: false }),
  /** docs/behaviour.md §4: on success the view returns to Account. */
  /** docs/behaviour.md §4: a swap that landed shows Account. */
  'swap/succeeded': (s) => (s.open ? { ...s, view: 'Account', history: [], loading: false } : s),
  'send/succeeded': (s) => (s.open ? { ...s, view: 'Account', history: [], loading: false } : { ...s, loading: false }),
  /** docs/behaviour.md §4: a network switch failure goes back one view. */
  'network/switch-failed': (s, _e, root) => (s.open && (s.view === 'SwitchNetwork' || s.view === 'SwitchActiveChain') ? back(s, root) : { ...s, loading: false }),
  'disconnect/succeeded': (s, e, root) => {
    if (e.payload.namespace !== activeNamespace(root)) return s
    // Another connection than the active one, or one that another takes over from: the account stays.
    const active = root.connection.connectorIds[e.payload.namespace]
    if ((active !== undefined && !sameConnector(active, e.payload.connectorId)) || successor(root, e.payload.namespace, e.payload.connectorId)) return s
    return s.open ? { ...s, view: 'Connect', history: [] } : { ...s, view: 'Connect' }
  },
}, {
  'modal/open-requested': viewRefusal,
  'modal/navigate-requested': viewRefusal,
  'data-capture/completed': dataCaptureOutcomeRefusal,
  'data-capture/skipped': dataCaptureOutcomeRefusal,
})
