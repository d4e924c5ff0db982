/**
 * Which JSON-RPC methods are writes. Identical in-flight reads share one network call; writes are
 * never merged, and are retried only where a retry cannot create a second transaction.
 */

/** Methods that change state or sign: never de-duplicated. */
const WRITES = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'eth_sign',
  'personal_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendUserOperation',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  // Solana
  'sendTransaction',
  'requestAirdrop',
])

/** True for a method that must never share a network call with another request. */
export function isWriteMethod(method: string): boolean {
  return WRITES.has(method) || method.startsWith('eth_send') || method.startsWith('wallet_')
}

/**
 * A raw transaction's bytes decide its hash, so resending them cannot create a second transaction:
 * such a send may be retried even when the first attempt's outcome is unknown (timeout, dropped
 * connection), and a retry answered "already known" or "nonce too low" means the first one landed.
 */
export function isIdempotentWrite(method: string): boolean {
  return method === 'eth_sendRawTransaction'
}

/** Node answers that mean "this exact transaction is already in" (on a retry of a raw send). */
export const ALREADY_SENT = /already known|already imported|known transaction|nonce too low|transaction already exists/i
