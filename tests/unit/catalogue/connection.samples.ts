import type { Samples } from './samples.js'

export const connection: Samples = {}

/** Types of this feature the validators before the catalogue did not check. */
export const stricter: string[] = []
