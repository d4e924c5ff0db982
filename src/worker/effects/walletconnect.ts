/**
 * WalletConnect in the log: the connector's pairing and wallet events are appended; a pairing in
 * progress ends when its connect attempt does (the modal closed, another wallet was picked); the
 * sign client's code loads in the worker when the modal first opens, ahead of a pairing.
 */
import { filter, ignoreElements, take, tap } from 'rxjs'
import { WALLETCONNECT_CONNECTOR_ID } from '../../events/entities.js'
import { ofType, type Effect } from './context.js'

export const walletConnectEventsEffect: Effect = ({ walletConnect }) => walletConnect.events$

export const walletConnectCancelEffect: Effect = ({ events$, walletConnect }) =>
  events$.pipe(
    ofType('connect/failed', 'connect/requested', 'modal/close-requested'),
    filter((e) => e.type === 'modal/close-requested' || (e.type === 'connect/failed' ? e.payload.connectorId === WALLETCONNECT_CONNECTOR_ID : e.payload.connectorId !== WALLETCONNECT_CONNECTOR_ID)),
    tap((e) => walletConnect.cancel(e.type === 'connect/failed' ? e.payload.message : undefined)),
    ignoreElements(),
  )

export const walletConnectPreloadEffect: Effect = ({ events$, walletConnect }) =>
  events$.pipe(
    ofType('modal/open-requested'),
    take(1),
    tap(() => walletConnect.preload()),
    ignoreElements(),
  )
