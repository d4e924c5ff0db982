// Waiting on state in the Redis tests: a condition polled until it holds, bounded only against a
// hang (E2E_WAIT_MS: a busy machine only takes longer), never a fixed sleep standing for "long enough".
import { E2E_WAIT_MS } from '../e2e/wait.js'

/** Polls `check` every 25 ms until it resolves true; fails naming `what` after E2E_WAIT_MS. A throw of `check` fails at once. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const until = Date.now() + E2E_WAIT_MS
  for (;;) {
    if (await check()) return
    if (Date.now() > until) throw new Error(`waited ${E2E_WAIT_MS / 1000} s for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
