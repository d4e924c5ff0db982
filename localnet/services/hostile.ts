/**
 * Hostile mode of the localnet service emulators (issue 13 tests): a base URL with the path prefix
 * `/hostile/<case>` (the demo page's `?hostile=<case>` sets it for every service) makes the
 * emulator answer that case's bad data instead of the honest answer, for that page only. Demo and
 * test tooling only.
 */

/** The case named by a `/hostile/<case>/…` path, and the path without the prefix. */
export function hostileCase(pathname: string): { mode: string | undefined; pathname: string } {
  const m = /^\/hostile\/([a-z0-9-]+)(\/.*)?$/.exec(pathname)
  return m ? { mode: m[1], pathname: m[2] ?? '/' } : { mode: undefined, pathname }
}

/**
 * The case in which the emulators answer the wire Gangway's clients once assumed, before
 * docs/services.md (`/hostile/old-wire/…`), so `npm run verify:hosted` can be shown to report each
 * such call: the wallet/config emulator names its features `swaps` and `email` (ids the hosted
 * service does not have); the blockchain emulator takes `forceUpdate` as a boolean (a CAIP-10 list
 * is a 400), answers an unknown name 404 even with `apiVersion=2`, and a registration
 * `{ success: true }`.
 */
export const OLD_WIRE = 'old-wire'
