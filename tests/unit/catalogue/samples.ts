import { onramp } from './onramp.samples.js'

/** Well-formed payloads of event types, by type: each one a starting point for the mutations. */
export type Samples = Record<string, Record<string, unknown>[]>

/** The samples of every catalogued feature (one file per catalogue file). */
export const SAMPLES: Samples = { ...onramp }
