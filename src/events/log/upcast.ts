/**
 * Reading logs written by older builds: each stored or exported event is checked and upcast, one
 * schema version at a time, to EVENT_SCHEMA_VERSION. An upcaster is stateful because a step may
 * need what came before in the same log (v1 → v2 fills `connect/succeeded.wallet` from the
 * `connect/requested` and `connectors/discovered` events before it); feed it the log in seq order.
 * Each upcast event is then checked like an intent (validate-stored.ts).
 */
import { connectedWalletRef, type Connector, type WalletRef } from '../entities.js'
import { LogFormatError } from '../kernel/errors.js'
import { checkedStoredEvent } from './validate-stored.js'
import { EVENT_SCHEMA_VERSION, type GangwayEvent } from '../types.js'

/** The `tab` of events upcast from schema version 1, which did not record the tab. */
export const V1_TAB = 'v1'

type Raw = Record<string, unknown> & { type: string; seq: number; at: number; v: number; payload: Record<string, unknown> }

/** A raw record's envelope is well formed: type, seq ≥ 1, at, v ≥ 1, payload object (and tab from v2). */
function checkEnvelope(raw: unknown, where: string): Raw {
  const r = raw as Raw
  const ok =
    !!r &&
    typeof r === 'object' &&
    typeof r.type === 'string' &&
    r.type.includes('/') &&
    Number.isSafeInteger(r.seq) &&
    r.seq >= 1 &&
    Number.isFinite(r.at) &&
    Number.isSafeInteger(r.v) &&
    r.v >= 1 &&
    !!r.payload &&
    typeof r.payload === 'object' &&
    !Array.isArray(r.payload) &&
    (r.v < 2 || typeof r.tab === 'string')
  if (!ok) throw new LogFormatError(`Malformed event at ${where}`, JSON.stringify(raw)?.slice(0, 200))
  if (r.v > EVENT_SCHEMA_VERSION) {
    throw new LogFormatError(`Log written by a newer Gangway: schema version ${r.v} at ${where}; this build reads up to version ${EVENT_SCHEMA_VERSION}`)
  }
  return r
}

/**
 * Returns a function that upcasts one raw event (parsed JSON) to the current schema, given the
 * events of the same log before it. `where` names the event in error messages ('line 3', 'seq 12').
 * @throws LogFormatError 'Malformed event at {where}' for a record that is not an event;
 *   'Log written by a newer Gangway: schema version {v} at {where}; this build reads up to version {current}'.
 */
export function createUpcaster(): (raw: unknown, where: string) => GangwayEvent {
  // v1 → v2 context: the wallet the last connect/requested picked, the discovered connectors.
  let picked: WalletRef | undefined
  let connectors: Connector[] = []
  const v1ToV2 = (e: Raw): Raw => {
    const p = e.payload
    if (e.type === 'connectors/discovered') connectors = (p.connectors as Connector[]) ?? []
    if (e.type === 'engine/started') picked = undefined
    if (e.type === 'connect/requested') picked = p.wallet as WalletRef | undefined
    let payload = p
    if (e.type === 'connect/succeeded') {
      // Version 1 remembered the picked wallet, else the discovered connector (not WalletConnect's).
      const wallet = connectedWalletRef(connectors, p.connectorId as string, picked)
      if (p.via === 'prompt' && wallet) payload = { ...p, wallet }
      picked = undefined
    }
    return { ...e, payload, tab: V1_TAB, v: 2 }
  }
  return (raw, where) => {
    let e = checkEnvelope(raw, where)
    if (e.v === 1) e = v1ToV2(e)
    // Read back, an event is untrusted: one that fails its checks stays in place as log/event-refused.
    return checkedStoredEvent(e as unknown as GangwayEvent)
  }
}

/** Upcasts a whole log (raw events in seq order). @throws LogFormatError as createUpcaster. */
export function upcastLog(raw: readonly unknown[]): GangwayEvent[] {
  const up = createUpcaster()
  return raw.map((r, i) => up(r, `seq ${(r as { seq?: unknown })?.seq ?? `#${i + 1}`}`))
}
