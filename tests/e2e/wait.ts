/**
 * How long an end-to-end test waits for a page or a service to reach a state before it fails, in ms:
 * a bound on waiting, never a measure of speed. Generous, so a busy machine (another process on one
 * of its two cores, two e2e lanes side by side) only waits longer; a test that passes never reaches
 * it. Playwright's actions take it as their default too (browser.ts `localContext`).
 */
export const E2E_WAIT_MS = 60_000
