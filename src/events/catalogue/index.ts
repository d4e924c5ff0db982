/**
 * The event catalogue: every feature's events, each declared once (docs/architecture.md "Add an
 * event"). The event union (events/types.ts), the intents `dispatch` takes, the types tabs share,
 * entry validation (events/validate.ts) and stored-event validation (events/log/validate-stored.ts) are
 * derived from it.
 */
import type { EventDef, IntentsOf, PayloadsOf } from './define.js'
import { accountData } from './account-data.js'
import { auth } from './auth.js'
import { connection } from './connection.js'
import { headless } from './headless.js'
import { infra } from './infra.js'
import { modal } from './modal.js'
import { names } from './names.js'
import { onramp } from './onramp.js'
import { passkey } from './passkey.js'
import { siwx } from './siwx.js'
import { trade } from './trade.js'
import { wallets } from './wallets.js'

/** Every catalogued event type's definition. */
export const CATALOGUE = { ...modal, ...connection, ...accountData, ...wallets, ...auth, ...siwx, ...names, ...trade, ...onramp, ...passkey, ...headless, ...infra }

type Catalogue = typeof CATALOGUE
/** The payload of each catalogued event type. */
export type CataloguePayloads = PayloadsOf<Catalogue>
/** The catalogued types `dispatch` takes. */
export type CatalogueIntentType = IntentsOf<Catalogue>

/** The definition of `type`, when the catalogue has it. */
export const definitionOf = (type: unknown): EventDef | undefined =>
  typeof type === 'string' && Object.hasOwn(CATALOGUE, type) ? (CATALOGUE as Record<string, EventDef>)[type] : undefined

/** The catalogued types every tab folds. */
export const CATALOGUE_SHARED = Object.keys(CATALOGUE).filter((t) => definitionOf(t)!.shared)

/**
 * A catalogued payload as entry validation keeps it, once it passed its schema: `clean`'s, else
 * an intent's declared keys, else itself.
 */
export function keptPayload(def: EventDef, payload: Record<string, unknown>): Record<string, unknown> {
  if (def.clean) return def.clean(payload) as Record<string, unknown>
  const keys = (def.payload as { keys?: string[] }).keys
  if (!def.intent || !keys) return payload
  return Object.fromEntries(keys.filter((k) => payload[k] !== undefined).map((k) => [k, payload[k]]))
}
