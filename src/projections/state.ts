/**
 * The projected state: a pure left fold of the event log. `reduce(state, event)` is the only way
 * state changes; `project(events)` replays a whole log. Replaying a log reproduces the state exactly.
 */
import type { GangwayEvent } from '../events/types.js'
import { accounts, type AccountsState } from './accounts.js'
import { config, type ConfigState } from './config.js'
import { connection, type ConnectionState } from './connection.js'
import { connectors, type ConnectorsState } from './connectors.js'
import { modal, type ModalState } from './modal.js'
import { applySlice } from './reducer.js'
import { snackbar, type SnackbarState } from './snackbar.js'
import { networks, type NetworksState } from './networks.js'
import { accountTypes, type AccountTypesState } from './account-types.js'
import { send, type SendState } from './send.js'
import { assets, type AssetsState } from './assets.js'
import { wallets, type WalletsState } from './wallets.js'
import { accountData, type AccountDataState } from './account-data.js'

/** The whole projected state. `lastSeq` is the seq of the last event folded in (0 for none). */
export interface State {
  lastSeq: number
  engineMode?: 'worker' | 'main'
  config: ConfigState
  modal: ModalState
  connection: ConnectionState
  accounts: AccountsState
  connectors: ConnectorsState
  snackbar: SnackbarState
  networks: NetworksState
  accountTypes: AccountTypesState
  send: SendState
  assets: AssetsState
  wallets: WalletsState
  accountData: AccountDataState
}

/** The state before any event. */
export const initialState: State = {
  lastSeq: 0,
  config: config.initial,
  modal: modal.initial,
  connection: connection.initial,
  accounts: accounts.initial,
  connectors: connectors.initial,
  snackbar: snackbar.initial,
  networks: networks.initial,
  accountTypes: accountTypes.initial,
  send: send.initial,
  assets: assets.initial,
  wallets: wallets.initial,
  accountData: accountData.initial,
}

/** Folds one event into the state. Every slice handler sees the root state as it was before the event. */
export function reduce(root: State, event: GangwayEvent): State {
  return {
    lastSeq: event.seq,
    engineMode: event.type === 'engine/started' ? event.payload.mode : root.engineMode,
    config: applySlice(config, root.config, event, root),
    modal: applySlice(modal, root.modal, event, root),
    connection: applySlice(connection, root.connection, event, root),
    accounts: applySlice(accounts, root.accounts, event, root),
    connectors: applySlice(connectors, root.connectors, event, root),
    snackbar: applySlice(snackbar, root.snackbar, event, root),
    networks: applySlice(networks, root.networks, event, root),
    accountTypes: applySlice(accountTypes, root.accountTypes, event, root),
    send: applySlice(send, root.send, event, root),
    assets: applySlice(assets, root.assets, event, root),
    wallets: applySlice(wallets, root.wallets, event, root),
    accountData: applySlice(accountData, root.accountData, event, root),
  }
}

/** Replays events from `from` (default: the initial state). */
export function project(events: Iterable<GangwayEvent>, from: State = initialState): State {
  let state = from
  for (const e of events) state = reduce(state, e)
  return state
}
