/** Reading the errors wallets, nodes and viem throw: their short message, their EIP-1193 / JSON-RPC code. */

/** EIP-1193 / spec §8 codes that mean the visitor said no (5000 is treated as a rejection). */
export const USER_REJECTION_CODES = [4001, 5000]

/** The short message of a viem error ('HTTP request failed.', 'An internal error was received.'), else the message. */
export function errorMessage(error: unknown): string {
  const e = error as { shortMessage?: unknown; message?: unknown }
  return typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : String(error)
}

/** The error's numeric `code`, if it has one. */
export function errorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code
  return typeof code === 'number' ? code : undefined
}

/** True when the wallet reports that the visitor refused. */
export function isUserRejection(error: unknown): boolean {
  const code = errorCode(error)
  return code !== undefined && USER_REJECTION_CODES.includes(code)
}

/** `{ code }` when the error has one, else nothing: for event payloads. */
export function withCode(error: unknown): { code?: number } {
  const code = errorCode(error)
  return code === undefined ? {} : { code }
}
