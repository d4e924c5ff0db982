/** For tests of typed errors: what a caller sees of a thrown value, as plain data to compare. */
import { GangwayError } from '../../src/events/kernel/errors.js'

/** A thrown GangwayError's class name, category, code, message and details (the two last only when set); any other value as it is. */
export function errorFields(error: unknown): unknown {
  if (!(error instanceof GangwayError)) return error
  return {
    name: error.name,
    category: error.category,
    ...(error.code !== undefined ? { code: error.code } : {}),
    message: error.message,
    ...(error.details !== undefined ? { details: error.details } : {}),
  }
}

/** What a promise settles to: 'resolved', or errorFields of its rejection. */
export function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(() => 'resolved', errorFields)
}
