import { accountData, stricter as accountDataStricter } from './account-data.samples.js'
import { auth, stricter as authStricter } from './auth.samples.js'
import { connection, stricter as connectionStricter } from './connection.samples.js'
import { infra, stricter as infraStricter } from './infra.samples.js'
import { modal, stricter as modalStricter } from './modal.samples.js'
import { names, stricter as namesStricter } from './names.samples.js'
import { onramp, stricter as onrampStricter } from './onramp.samples.js'
import { siwx, stricter as siwxStricter } from './siwx.samples.js'
import { trade, stricter as tradeStricter } from './trade.samples.js'
import { wallets, stricter as walletsStricter } from './wallets.samples.js'

/** Well-formed payloads of event types, by type: each one a starting point for the mutations. */
export type Samples = Record<string, Record<string, unknown>[]>

/** The samples of every catalogued feature (one file per catalogue file). */
export const SAMPLES: Samples = { ...modal, ...connection, ...accountData, ...wallets, ...auth, ...siwx, ...names, ...trade, ...onramp, ...infra }

/**
 * Catalogued types the validators before the catalogue did not check (a payload of any shape was
 * kept): the catalogue may refuse more of them, never keep what they refused.
 */
export const STRICTER: string[] = [...accountDataStricter, ...authStricter, ...connectionStricter, ...infraStricter, ...modalStricter, ...namesStricter, ...onrampStricter, ...siwxStricter, ...tradeStricter, ...walletsStricter]
