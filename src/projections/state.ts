/**
 * The projected state: a pure left fold of the event log. `reduce(state, event)` is the only way
 * state changes; `project(events)` replays a whole log. Replaying a log reproduces the state exactly.
 */
import type { EventType, GangwayEvent } from '../events/types.js'
import { CATALOGUE_SHARED } from '../events/catalogue/index.js'
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
import { remoteConfig, type RemoteConfigState } from './remote-config.js'
import { legal, type LegalState } from './legal.js'
import { addressLabels, type AddressLabelsState } from './address-labels.js'
import { addressBalances, type AddressBalancesState } from './address-balances.js'
import { connections, type ConnectionsState } from './connections.js'
import { auth, type AuthState } from './auth.js'
import { siwx, type SiwxState } from './siwx.js'
import { names, type NamesState } from './names.js'
import { swap, type SwapState } from './swap.js'
import { onramp, type OnrampState } from './onramp.js'
import { pending, type PendingState } from './pending.js'
import { calls, type CallsState } from './calls.js'
import { txPreview, type TxPreviewState } from './tx-preview.js'

/**
 * The whole projected state. `lastSeq` is the seq of the last event folded in (0 for none).
 * `tab` is the page session this state is the view of (see `reduce`); undefined folds every event.
 */
export interface State {
  lastSeq: number
  tab?: string
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
  /** This page session's remote configuration answer (select/features.ts resolves the features in force). */
  remoteConfig: RemoteConfigState
  /** This page session's tick of the legal checkbox (legal.ts). */
  legal: LegalState
  /** Every namespace's connections, with their accounts (connections.ts). */
  connections: ConnectionsState
  /** The site's labels for addresses (address-labels.ts), this tab's. */
  addressLabels: AddressLabelsState
  /** The native balance of each account read, by CAIP-10 id (address-balances.ts), this tab's. */
  addressBalances: AddressBalancesState
  /** Email and social login (auth.ts): the secure site's frame, the email steps, each namespace's user. */
  auth: AuthState
  /** Sign In With X (siwx.ts): the verified sessions, and the sign-in SIWXSignMessage asks for. */
  siwx: SiwxState
  /** Account names (names.ts): RegisterAccountName's label, suggestions and registration; the send form's resolved names. */
  names: NamesState
  /** The swap form and its quote (swap.ts). */
  swap: SwapState
  /** Buying with the fiat on-ramp (onramp.ts). */
  onramp: OnrampState
  /** The transactions sent and not yet settled, at most 99 (pending.ts). */
  pending: PendingState
  /** EIP-5792 batches Gangway sent itself for a wallet without it (calls.ts). */
  calls: CallsState
  /** Gangway's previews of what the visitor approves or sends (tx-preview.ts): the secure site's waiting approvals, the send form's, the auth connector's batches under way. */
  txPreview: TxPreviewState
}

/**
 * Version of the State shape, written on snapshots. Bump it when a slice's shape changes, so a
 * snapshot of the old shape is not read as the new one. A new slice needs no bump: a snapshot
 * without it starts that slice from its initial value (worker/projected-log.ts, replay.ts).
 */
export const PROJECTION_VERSION = 1

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
  remoteConfig: remoteConfig.initial,
  legal: legal.initial,
  connections: connections.initial,
  addressLabels: addressLabels.initial,
  addressBalances: addressBalances.initial,
  auth: auth.initial,
  siwx: siwx.initial,
  names: names.initial,
  swap: swap.initial,
  onramp: onramp.initial,
  pending: pending.initial,
  calls: calls.initial,
  txPreview: txPreview.initial,
}

/**
 * Event types every tab folds, whoever appended them: the facts behind the docs/behaviour.md §3 browser-stored
 * items (connections, accounts, the active network, account types, the deep-link choice). The other
 * events (the modal, sends, fetches…) belong to the tab that appended them.
 */
export const SHARED_EVENT_TYPES: ReadonlySet<EventType> = new Set<EventType>([
  ...(CATALOGUE_SHARED as EventType[]),
  'connect/succeeded',
  'disconnect/succeeded',
  'connection/switched',
  'wallet/accounts-changed',
  'wallet/chain-changed',
  'network/switched',
  'account-type/switch-requested',
  'walletconnect/deep-link-opened',
  'auth/user-received',
  'auth/smart-account-deployed',
  'auth/email-updated',
  'auth/telegram-social-started',
  'auth/telegram-social-ended',
  'siwx/session-verified',
  'siwx/signed-out',
  'name/registered',
])

/** The `tab` of a state that belongs to no tab: it folds the shared events only (what snapshots hold). */
export const NO_TAB = '*'

/** The state for a tab's session (or NO_TAB), before any event. */
export function initialStateFor(tab: string): State {
  return { ...initialState, tab }
}

/**
 * Folds one event into the state. Every slice handler sees the root state as it was before the
 * event. When the state belongs to a tab, another tab's event moves only `lastSeq` unless its type
 * is shared (SHARED_EVENT_TYPES): two tabs of a site share one log and one connection, not one modal.
 */
export function reduce(root: State, event: GangwayEvent): State {
  if (root.tab !== undefined && event.tab !== root.tab && !SHARED_EVENT_TYPES.has(event.type)) return { ...root, lastSeq: event.seq }
  return {
    lastSeq: event.seq,
    ...(root.tab !== undefined ? { tab: root.tab } : {}),
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
    remoteConfig: applySlice(remoteConfig, root.remoteConfig, event, root),
    legal: applySlice(legal, root.legal, event, root),
    connections: applySlice(connections, root.connections, event, root),
    addressLabels: applySlice(addressLabels, root.addressLabels, event, root),
    addressBalances: applySlice(addressBalances, root.addressBalances, event, root),
    auth: applySlice(auth, root.auth, event, root),
    siwx: applySlice(siwx, root.siwx, event, root),
    names: applySlice(names, root.names, event, root),
    swap: applySlice(swap, root.swap, event, root),
    onramp: applySlice(onramp, root.onramp, event, root),
    pending: applySlice(pending, root.pending, event, root),
    calls: applySlice(calls, root.calls, event, root),
    txPreview: applySlice(txPreview, root.txPreview, event, root),
  }
}

/** Replays events from `from` (default: the initial state). */
export function project(events: Iterable<GangwayEvent>, from: State = initialState): State {
  let state = from
  for (const e of events) state = reduce(state, e)
  return state
}
