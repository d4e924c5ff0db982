/**
 * docs/behaviour.md §5: wallet RPC methods are classified as safe or not safe. Safe: reads, raw transaction
 * send, capability and asset queries. Not safe: signing, sending transactions, sendCalls,
 * permissions, user operations. docs/behaviour.md §6: signing and sending are not allowed through the
 * restricted path, which answers 'Requested RPC call is not allowed' (UI text 'Action not allowed').
 * Anything not known to be safe is treated as not safe.
 */
import { ERRORS } from '../events/kernel/error-registry.js'

// docs/behaviour.md §8 / §5 message of a blocked call: in the page-safe kernel, which the page imports too.
export { RPC_CALL_NOT_ALLOWED } from '../events/kernel/page-kernel.js'
/** What the UI shows for a blocked call. */
export const ACTION_NOT_ALLOWED = ERRORS.actionNotAllowed.message

const SAFE = new Set([
  // reads
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
  // a raw transaction is already signed
  'eth_sendRawTransaction',
  // capability and asset queries
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
])

/**
 * The not-safe methods a wallet may still serve after the visitor approves each call (the secure
 * site's approval UI): signing, sending transactions, sendCalls, permissions, user operations.
 */
const APPROVAL = new Set([
  // Not eth_sign (a bare hash, unreadable to the visitor), the older typed-data versions or
  // eth_signTransaction (a signed transaction handed back unsent): the secure site serves none of them.
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
])

/** True for a method docs/behaviour.md §5 calls safe. */
export function isSafeRpcMethod(method: string): boolean {
  return SAFE.has(method)
}

/**
 * How a wallet that asks its own approval (the secure site) treats `method`: `safe`
 * methods are answered as they come; `approval` ones (the not-safe methods of docs/behaviour.md §5)
 * only after the visitor approves that call; anything else is `refused` ('Requested RPC call is not
 * allowed', shown as 'Action not allowed') and never forwarded.
 */
export function rpcMethodClass(method: string): 'safe' | 'approval' | 'refused' {
  return SAFE.has(method) ? 'safe' : APPROVAL.has(method) ? 'approval' : 'refused'
}
