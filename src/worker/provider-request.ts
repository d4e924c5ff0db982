/**
 * The host page's EIP-1193 request, as the engine takes it from `modal.getWalletProvider()`:
 * `method` is read once, the restricted check (docs/behaviour.md §5, §6) looks at that copy,
 * and what goes on to the wallet is a fresh `{ method, params }` whose params are a structured
 * clone. A `method` getter (or a Proxy) can then not answer one thing to the check and another to
 * the wallet, and no getter of the caller's runs after the check.
 */
import { InvalidParamsRpcError, InvalidRequestRpcError, UnauthorizedProviderError } from 'viem'
import { RPC_CALL_NOT_ALLOWED, isSafeRpcMethod } from '../chains/rpc-safety.js'
import { ProviderRequestError } from '../events/kernel/errors.js'
import type { ProviderRequest } from '../contract.js'

const fail = (code: number, message: string, details: string) => new ProviderRequestError(message, { code, details })
/** What a refused value is, for details: 'null' or its typeof. */
const kind = (x: unknown) => `got ${x === null ? 'null' : typeof x}`

/** The prefix of the engine's own bridge calls (the auth connector's steps). */
export const ENGINE_CALL_PREFIX = 'gangway_'

/**
 * Copies `args` into a fresh request, reading `args.method` and `args.params` once each, and, when
 * `restricted`, refuses a method docs/behaviour.md §5 does not call safe.
 * @returns `{ method, params? }`: `method` a string, `params` (when given) a structured clone, an array or an object.
 * @throws ProviderRequestError (category INTERNAL_SDK_ERROR; codes from viem's classes; it crosses
 *   comlink with its class, code and details, events/kernel/error-wire.ts)
 *   -32600 'Request must be an object' when `args` is not an object;
 *   -32600 'Request method must be a string';
 *   -32602 'Request params must be an array or an object';
 *   -32602 'Request params must be plain data (structured-cloneable)';
 *   4100 'Requested RPC call is not allowed' on the restricted path for a method not safe (details: the method),
 *   and on any path for the engine's own calls (`gangway_…`).
 */
export function checkedProviderRequest(args: unknown, restricted: boolean): ProviderRequest {
  if (typeof args !== 'object' || args === null) throw fail(InvalidRequestRpcError.code, 'Request must be an object', kind(args))
  const method: unknown = (args as { method?: unknown }).method
  if (typeof method !== 'string') throw fail(InvalidRequestRpcError.code, 'Request method must be a string', kind(method))
  // The engine's own calls to the auth connector's page bridge (worker/effects/auth/auth-email.ts) are not the site's to make.
  if (method.startsWith(ENGINE_CALL_PREFIX)) throw fail(UnauthorizedProviderError.code, RPC_CALL_NOT_ALLOWED, `${method.slice(0, 64)} is the engine's own call`)
  if (restricted && !isSafeRpcMethod(method)) throw fail(UnauthorizedProviderError.code, RPC_CALL_NOT_ALLOWED, `${method.slice(0, 64)} is not safe on the restricted path`)
  const given: unknown = (args as { params?: unknown }).params
  if (given === undefined) return { method }
  if (typeof given !== 'object' || given === null) throw fail(InvalidParamsRpcError.code, 'Request params must be an array or an object', kind(given))
  let params: unknown
  try {
    params = structuredClone(given)
  } catch {
    throw fail(InvalidParamsRpcError.code, 'Request params must be plain data (structured-cloneable)', `${method.slice(0, 64)}: params cannot be cloned`)
  }
  return { method, params: params as ProviderRequest['params'] }
}
