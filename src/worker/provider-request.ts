/**
 * The host page's EIP-1193 request, as the engine takes it from `modal.getWalletProvider()`
 * (issue 13, item 3): `method` is read once, the restricted check (spec §5, §6) looks at that copy,
 * and what goes on to the wallet is a fresh `{ method, params }` whose params are a structured
 * clone. A `method` getter (or a Proxy) can then not answer one thing to the check and another to
 * the wallet, and no getter of the caller's runs after the check.
 */
import { RPC_CALL_NOT_ALLOWED, isSafeRpcMethod } from '../chains/rpc-safety.js'
import type { ProviderRequest } from './bridge.js'

/** An EIP-1193 error as plain data (it crosses comlink with its code). */
export interface ProviderRpcFailure {
  code: number
  message: string
}

/** JSON-RPC 2.0 "Invalid Request": the request object is not one. */
export const INVALID_REQUEST = -32600
/** JSON-RPC 2.0 "Invalid params". */
export const INVALID_PARAMS = -32602
/** EIP-1193 "Unauthorized": the restricted path refuses the method. */
export const UNAUTHORIZED = 4100

const fail = (code: number, message: string): ProviderRpcFailure => ({ code, message })

/**
 * Copies `args` into a fresh request, reading `args.method` and `args.params` once each, and, when
 * `restricted`, refuses a method spec §5 does not call safe.
 * @returns `{ method, params? }`: `method` a string, `params` (when given) a structured clone, an array or an object.
 * @throws (plain objects, so the code survives comlink)
 *   `{ code: -32600, message: 'Request must be an object' }` when `args` is not an object;
 *   `{ code: -32600, message: 'Request method must be a string' }`;
 *   `{ code: -32602, message: 'Request params must be an array or an object' }`;
 *   `{ code: -32602, message: 'Request params must be plain data (structured-cloneable)' }`;
 *   `{ code: 4100, message: 'Requested RPC call is not allowed' }` on the restricted path for a method not safe.
 */
export function checkedProviderRequest(args: unknown, restricted: boolean): ProviderRequest {
  if (typeof args !== 'object' || args === null) throw fail(INVALID_REQUEST, 'Request must be an object')
  const method: unknown = (args as { method?: unknown }).method
  if (typeof method !== 'string') throw fail(INVALID_REQUEST, 'Request method must be a string')
  if (restricted && !isSafeRpcMethod(method)) throw fail(UNAUTHORIZED, RPC_CALL_NOT_ALLOWED)
  const given: unknown = (args as { params?: unknown }).params
  if (given === undefined) return { method }
  if (typeof given !== 'object' || given === null) throw fail(INVALID_PARAMS, 'Request params must be an array or an object')
  let params: unknown
  try {
    params = structuredClone(given)
  } catch {
    throw fail(INVALID_PARAMS, 'Request params must be plain data (structured-cloneable)')
  }
  return { method, params: params as ProviderRequest['params'] }
}
