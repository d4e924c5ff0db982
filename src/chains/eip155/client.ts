/**
 * viem public clients for eip155 networks whose transport is the engine's JSON-RPC path, so viem
 * actions (getBalance, readContract, estimateGas) run on it. Retries belong to that path, not to viem.
 */
import { createClient, custom, type Client } from 'viem'
import type { JsonRpc } from '../json-rpc.js'

/**
 * A viem Client whose every request goes to `url` through `rpc`. A bare client (not
 * createPublicClient, which decorates every public action): actions are imported one by one from
 * `viem/actions`, so only those used reach the worker bundle.
 */
export function eip155Client(url: string, rpc: JsonRpc): Client {
  return createClient({
    transport: custom({ request: ({ method, params }) => rpc.request(url, { method, params: params as readonly unknown[] | undefined }) }, { retryCount: 0 }),
  })
}
