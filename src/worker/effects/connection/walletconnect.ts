/**
 * WalletConnect in the log: the connector's pairing and wallet events are appended; a pairing in
 * progress ends when its connect attempt does (the modal closed, another wallet was picked); the
 * sign client's code loads in the worker a second after the modal first opens, ahead of a pairing;
 * on a mobile device, a pairing starts when the modal opens with nobody connected (not when the
 * site turned WalletConnect off); on any device, the site's own UI starts one ahead of a pick or
 * lets go of it (`walletconnect/pairing-requested`, `walletconnect/pairing-reset-requested`).
 */
import { delay, filter, ignoreElements, take, tap } from 'rxjs'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../events/entities.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { reusesPairing } from '../../../projections/rules/wallet-rules.js'
import { PAIRING_RESET } from '../../walletconnect/connector.js'
import { ofType, type Effect } from '../context.js'

export const walletConnectEventsEffect: Effect = ({ walletConnect }) => walletConnect.events$

/**
 * A WalletConnect connect attempt that fails has already ended its pairing; one the modal's close
 * ends (connect/failed 'Modal closed') and one another connector replaces must be told. On Telegram
 * and iOS Safari the close keeps the pairing until it expires instead (docs/behaviour.md §4,
 * projections/rules/wallet-rules.ts `reusesPairing`).
 */
export const walletConnectCancelEffect: Effect = ({ events$, state, walletConnect }) =>
  events$.pipe(
    ofType('connect/requested', 'modal/close-requested'),
    filter((e) => e.type === 'modal/close-requested' || e.payload.connectorId !== WALLETCONNECT_CONNECTOR_ID),
    tap((e) => (e.type === 'modal/close-requested' && reusesPairing(state().auth.platform) ? walletConnect.hold() : walletConnect.cancel())),
    ignoreElements(),
  )

/** How long after the first open the sign client's code loads, in ms: after the open's first paint, which it would slow down on a small device. */
export const SIGN_CLIENT_PRELOAD_DELAY_MS = 1000

export const walletConnectPreloadEffect: Effect = ({ events$, walletConnect, scheduler }) =>
  events$.pipe(
    ofType('modal/open-requested'),
    take(1),
    delay(SIGN_CLIENT_PRELOAD_DELAY_MS, scheduler),
    tap(() => walletConnect.preload()),
    ignoreElements(),
  )

/**
 * On a mobile device, a modal opened with nobody connected starts a WalletConnect pairing at once
 * (docs/behaviour.md §2): its URI is on the pairing channel before the visitor taps a wallet, so the view opens
 * the wallet's deep link inside the tap (a browser may refuse a navigation outside a user gesture).
 * The pick's connect takes it over; a close or another connector cancels it (walletConnectCancelEffect).
 */
export const walletConnectPrepareEffect: Effect = ({ events$, state, walletConnect }) =>
  events$.pipe(
    ofType('modal/open-requested'),
    filter((e) => e.payload.isMobile && !activeAccount(state()) && state().config.walletConnect !== false),
    tap(() => walletConnect.prepare()),
    ignoreElements(),
  )

/**
 * A site's own UI and the pairing (docs/behaviour.md §5 pairing): `walletconnect/pairing-requested`
 * starts one on any device (the connector's `prepare()`: its URI on the pairing channel before the
 * tap, renewed when 10 s or less of its 4 minutes remain, a failure logged as
 * `walletconnect/pairing-failed`); `walletconnect/pairing-reset-requested` ends the pairing in
 * progress with 'Pairing reset' (`cancel`), which clears the URI and stops its renewal. The wallets
 * slice's guard refuses a request while the site turned WalletConnect off. Neither is a reach for
 * the modal: the page dispatches `modal/trigger-approached` itself.
 */
export const walletConnectPairingEffect: Effect = ({ events$, walletConnect }) =>
  events$.pipe(
    ofType('walletconnect/pairing-requested', 'walletconnect/pairing-reset-requested'),
    tap((e) => (e.type === 'walletconnect/pairing-requested' ? walletConnect.prepare() : walletConnect.cancel(PAIRING_RESET))),
    ignoreElements(),
  )
