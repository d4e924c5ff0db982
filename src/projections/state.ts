/**
 * The projected state: a pure left fold of the event log. `reduce(state, event)` is the only way
 * state changes; `project(events)` replays a whole log. Replaying a log reproduces the state exactly.
 */
import type { EventType, GangwayEvent } from '../events/types.js'
import { CATALOGUE_SHARED } from '../events/catalogue/index.js'
import { accounts } from './slices/accounts.js'
import { config } from './slices/config.js'
import { connection } from './slices/connection.js'
import { connectors } from './slices/connectors.js'
import { modal } from './slices/modal.js'
import { applySlice, type Slice } from './reducer.js'
import { snackbar } from './slices/snackbar.js'
import { networks } from './slices/networks.js'
import { accountTypes } from './slices/account-types.js'
import { send } from './slices/send.js'
import { assets } from './slices/assets.js'
import { wallets } from './slices/wallets.js'
import { accountData } from './slices/account-data.js'
import { remoteConfig } from './slices/remote-config.js'
import { legal } from './slices/legal.js'
import { addressLabels } from './slices/address-labels.js'
import { addressBalances } from './slices/address-balances.js'
import { connections } from './slices/connections.js'
import { auth } from './slices/auth.js'
import { siwx } from './slices/siwx.js'
import { names } from './slices/names.js'
import { swap } from './slices/swap.js'
import { onramp } from './slices/onramp.js'
import { pending } from './slices/pending.js'
import { calls } from './slices/calls.js'
import { txPreview } from './slices/tx-preview.js'
import { headless } from './slices/headless.js'
import { passkeys } from './slices/passkeys.js'

/**
 * The state's slices, each a file of this folder with its initial value, its handlers keyed by
 * event type and its guards keyed by intent type (reducer.ts `slice`). `State`, `initialState`, the
 * fold and the guards (rules/guards.ts) are derived from this record: a new slice is its file and
 * one entry here.
 */
export const slices = {
  config,
  modal,
  connection,
  accounts,
  connectors,
  snackbar,
  networks,
  accountTypes,
  send,
  assets,
  wallets,
  accountData,
  /** This page session's remote configuration answer (select/features.ts resolves the features in force). */
  remoteConfig,
  /** This page session's tick of the legal checkbox (legal.ts). */
  legal,
  /** Every namespace's connections, with their accounts (connections.ts). */
  connections,
  /** The site's labels for addresses (address-labels.ts), this tab's. */
  addressLabels,
  /** The native balance of each account read, by CAIP-10 id (address-balances.ts), this tab's. */
  addressBalances,
  /** Email and social login (auth.ts): the secure site's frame, the email steps, each namespace's user. */
  auth,
  /** Sign In With X (siwx.ts): the verified sessions, and the sign-in SIWXSignMessage asks for. */
  siwx,
  /** Account names (names.ts): RegisterAccountName's label, suggestions and registration; the send form's resolved names. */
  names,
  /** The swap form and its quote (swap.ts). */
  swap,
  /** Buying with the fiat on-ramp (onramp.ts). */
  onramp,
  /** The transactions sent and not yet settled, at most 99 (pending.ts). */
  pending,
  /** EIP-5792 batches Gangway sent itself for a wallet without it (calls.ts). */
  calls,
  /** Gangway's previews of what the visitor approves or sends (tx-preview.ts): the secure site's waiting approvals, the send form's, the auth connector's batches under way. */
  txPreview,
  /** What a site's own wallet UI shows now, this tab's (headless.ts): select/showing.ts reads it with the modal's view. */
  headless,
  /** The passkeys known (passkeys.ts): each one's id, public key and account; the ceremony under way. */
  passkeys,
}

/** The value of each slice. */
export type SliceStates = { [K in keyof typeof slices]: (typeof slices)[K]['initial'] }

/**
 * The whole projected state: the slices' values (`slices`), with `lastSeq` the seq of the last event
 * folded in (0 for none) and `tab` the page session this state is the view of (see `reduce`);
 * undefined folds every event. `engineMode`: where the engine runs, from `engine/started`.
 */
export interface State extends SliceStates {
  lastSeq: number
  tab?: string
  engineMode?: 'worker' | 'main'
}

/**
 * Version of the State shape, written on snapshots. Bump it when a slice's shape changes, so a
 * snapshot of the old shape is not read as the new one. A new slice needs no bump: a snapshot
 * without it starts that slice from its initial value (worker/projected-log.ts, replay.ts).
 */
export const PROJECTION_VERSION = 1

/** The names of the slices, in the fold's order. */
const SLICE_NAMES = Object.keys(slices) as (keyof SliceStates)[]

/** The state before any event. */
export const initialState: State = { lastSeq: 0, ...(Object.fromEntries(SLICE_NAMES.map((name) => [name, slices[name].initial])) as SliceStates) }

/**
 * Event types every tab folds, whoever appended them: the facts behind the docs/behaviour.md §3 browser-stored
 * items (connections, accounts, the active network, account types, the deep-link choice). The other
 * events (the modal, sends, fetches…) belong to the tab that appended them.
 */
export const SHARED_EVENT_TYPES: ReadonlySet<EventType> = new Set<EventType>(CATALOGUE_SHARED as EventType[])

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
  const next = { lastSeq: event.seq, ...(root.tab !== undefined ? { tab: root.tab } : {}), engineMode: event.type === 'engine/started' ? event.payload.mode : root.engineMode } as State
  for (const name of SLICE_NAMES) (next as unknown as Record<string, unknown>)[name] = applySlice(slices[name] as Slice<unknown, State>, root[name], event, root)
  return next
}

/** Replays events from `from` (default: the initial state). */
export function project(events: Iterable<GangwayEvent>, from: State = initialState): State {
  let state = from
  for (const e of events) state = reduce(state, e)
  return state
}
