/**
 * The JSON-RPC transport the chain clients are built on (types only). The worker's pipeline
 * (worker/rpc/pipeline.ts: batching, sharing, retries) implements it; chains code depends on this
 * shape, never on the worker.
 */

/** One JSON-RPC call: `method` and positional `params`. */
export interface RpcCall {
  method: string
  params?: readonly unknown[] | undefined
}

/** Sends JSON-RPC calls to HTTP endpoints; resolves with each call's `result`, rejects with the node's error. */
export interface JsonRpc {
  request(url: string, call: RpcCall): Promise<unknown>
}
