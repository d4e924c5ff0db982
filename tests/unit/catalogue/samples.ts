import { accountData } from './account-data.samples.js'
import { auth } from './auth.samples.js'
import { connection } from './connection.samples.js'
import { headless } from './headless.samples.js'
import { infra } from './infra.samples.js'
import { modal } from './modal.samples.js'
import { names } from './names.samples.js'
import { onramp } from './onramp.samples.js'
import { passkey } from './passkey.samples.js'
import { siwx } from './siwx.samples.js'
import { trade } from './trade.samples.js'
import { wallets } from './wallets.samples.js'

/** Well-formed payloads of event types, by type: each one a starting point for the mutations. */
export type Samples = Record<string, Record<string, unknown>[]>

/** The samples of every catalogued feature (one file per catalogue file). */
export const SAMPLES: Samples = { ...modal, ...connection, ...accountData, ...wallets, ...auth, ...siwx, ...names, ...trade, ...onramp, ...passkey, ...headless, ...infra }

