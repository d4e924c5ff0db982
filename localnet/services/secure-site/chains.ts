/**
 * The localnet chains as the secure-site emulator sees them: CAIP-2 ids, viem chain objects, and
 * plain JSON-RPC calls that keep the node's error code.
 * Demo and test tooling only.
 */
import { defineChain, type Chain } from 'viem'

/** A chain the emulator serves: its id, its node's URL and the viem chain over that URL. */
export interface SiteChain {
  chainId: number
  rpcUrl: string
  chain: Chain
  /** `eip155:<chainId>`. */
  caip2: string
}

/** The viem chain and CAIP-2 id of each `{ chainId, rpcUrl }`. */
export function siteChains(chains: { chainId: number; rpcUrl: string }[]): SiteChain[] {
  return chains.map(({ chainId, rpcUrl }) => ({
    chainId,
    rpcUrl,
    caip2: `eip155:${chainId}`,
    chain: defineChain({ id: chainId, name: `Localnet ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }),
  }))
}

/**
 * The chain an id names among `chains`, else undefined. Reown's client (@reown/appkit-wallet
 * `W3mFrameProvider`) names an eip155 chain as a number (GET_USER, CONNECT_SOCIAL, RPC_REQUEST), a
 * CAIP-2 id (the frame's URL, SWITCH_NETWORK) or a decimal string (its stored last chain): all three.
 */
export function findChain(chains: SiteChain[], id: unknown): SiteChain | undefined {
  if (typeof id === 'number') return chains.find((c) => c.chainId === id)
  if (typeof id === 'string') return chains.find((c) => c.caip2 === id || String(c.chainId) === id)
  return undefined
}

/** A JSON-RPC error as the node sent it. */
export class NodeRpcError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message)
  }
}

/**
 * Sends one JSON-RPC call to `rpcUrl` and returns its result.
 * @throws NodeRpcError with the node's message and code on a JSON-RPC error; Error 'Node unreachable' when the request fails.
 */
export async function nodeCall(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  let json: { result?: unknown; error?: { message?: unknown; code?: unknown } }
  try {
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    json = (await res.json()) as typeof json
  } catch {
    throw new Error('Node unreachable')
  }
  if (json.error) throw new NodeRpcError(String(json.error.message ?? 'Node error'), typeof json.error.code === 'number' ? json.error.code : undefined)
  return json.result
}
