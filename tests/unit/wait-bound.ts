/**
 * How long a test waits for a state before it fails, in ms: a bound on waiting, never a measure of
 * speed. Generous, so a busy machine (another process on one of its two cores, say) only waits
 * longer; a test that passes never reaches it.
 */
export const WAIT_MS = 30_000
