/**
 * What the log records of an error that escaped an effect (`engine/effect-failed`, docs/behaviour.md
 * §8: errors are wrapped in the typed SDK error with a category, default INTERNAL_SDK_ERROR, and
 * reported). Built from the error once, here: nothing of it but these bounded, scrubbed strings
 * enters the log or a report.
 */
import { asGangwayError } from '../events/kernel/errors.js'
import { scrubText } from '../events/log/redact.js'
import type { EventPayloads } from '../events/types.js'

/** The longest message kept, in characters. */
export const MAX_FAILURE_MESSAGE = 500
/** The longest stack kept, in characters. */
export const MAX_FAILURE_STACK = 4000
/** The most `engine/effect-failed` events logged per rolling minute (an effect failing in a loop stays on the console): */
export const MAX_LOGGED_FAILURES = 50
/** …over this window, in ms. */
export const FAILURE_WINDOW_MS = 60_000

/**
 * The engine's rule of when a failure is logged: a function of the time now (ms) that answers true at
 * most MAX_LOGGED_FAILURES times in any FAILURE_WINDOW_MS.
 */
export function failureLogLimit(): (now: number) => boolean {
  const at: number[] = []
  return (now) => {
    while (at.length && now - at[0]! >= FAILURE_WINDOW_MS) at.shift()
    if (at.length >= MAX_LOGGED_FAILURES) return false
    at.push(now)
    return true
  }
}

/** A string property of a thrown value, read without letting a getter throw. */
function read(value: unknown, key: string): unknown {
  try {
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  } catch {
    return undefined
  }
}

/**
 * The `engine/effect-failed` payload of `error`, thrown by the effect named `effect`: the error as
 * the typed SDK error (events/kernel/errors.ts asGangwayError: a GangwayError keeps its class and
 * category, anything else becomes one, INTERNAL_SDK_ERROR, or a ProviderRequestError with its code);
 * `errorType` its class name, `message` its message and `stack` the thrown value's own stack (the
 * first line names the original class), both through `scrubText` (URLs cut to their origin, as
 * 'https://rpc.example/…', so no API key in an RPC URL's path gets through; secret-named values,
 * keys, tokens, codes and WalletConnect URIs replaced, emails hashed with `salt`) and cut to
 * MAX_FAILURE_MESSAGE and MAX_FAILURE_STACK characters. Never throws.
 */
export function effectFailure(error: unknown, effect: string, salt: string): EventPayloads['engine/effect-failed'] {
  const typed = asGangwayError(error)
  const stack = read(error, 'stack')
  return {
    effect: effect.slice(0, 128),
    errorType: typed.name.slice(0, 64),
    category: typed.category,
    message: scrubText(typed.message, salt).slice(0, MAX_FAILURE_MESSAGE),
    ...(typed.code !== undefined ? { code: typed.code } : {}),
    ...(typeof stack === 'string' && stack ? { stack: scrubText(stack, salt).slice(0, MAX_FAILURE_STACK) } : {}),
  }
}
