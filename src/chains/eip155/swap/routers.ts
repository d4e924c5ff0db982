/**
 * The swap routers Gangway lets a swap call and an approval name (docs/behaviour.md §4 swap, the
 * checks before the wallet): one pinned router per eip155 chain, with the calldata family Gangway
 * can read. The swap service's answer is never trusted to name the router.
 * - §9's swap networks: the hosted swap service builds on 1inch's Swap API v6 (reown-com/blockchain-api
 *   `src/providers/one_inch.rs`: `https://api.1inch.dev/swap/v6.0`), whose router is
 *   AggregationRouterV6, at one address on every chain but zkSync Era.
 * - The localnet's chains (31337, 31338): UniswapV2Router02, deployed by anvil's dev account 8 at
 *   nonce 3, with WETH9 at nonce 1 (localnet/amm.ts), so the same addresses on every fresh anvil.
 * A site adds or replaces routers for its own chains with the `swapRouters` option.
 */
import { getAddress, type Address } from 'viem'
import type { SwapOptions } from '../../../events/kernel/host-options.js'

/** How a router's calldata reads: Uniswap V2's Router02, or 1inch's AggregationRouterV6. */
export type SwapRouterKind = 'uniswap-v2' | '1inch-v6'

/** A pinned router: its address (checksummed), its calldata family, and for Uniswap V2 the wrapped native token its paths use. */
export interface SwapRouter {
  address: Address
  kind: SwapRouterKind
  /** Uniswap V2: WETH, which stands for the native token in a path. */
  weth?: Address
}

/** 1inch AggregationRouterV6 on every §9 swap network but zkSync Era. */
export const ONEINCH_V6_ROUTER: Address = '0x111111125421cA6dc452d289314280a0f8842A65'
/** 1inch AggregationRouterV6 on zkSync Era (chain 324). */
export const ONEINCH_V6_ROUTER_ZKSYNC: Address = '0x6fd4383cB451173D5f9304F041C7BCBf27d561fF'
/** UniswapV2Router02 on the localnet's anvil chains (dev account 8, nonce 3). */
export const LOCALNET_ROUTER: Address = '0xcA8b49076D1A8039599e24979abf819af784c27a'
/** WETH9 on the localnet's anvil chains (dev account 8, nonce 1). */
export const LOCALNET_WETH: Address = '0x98eDDadCfde04dC22a0e62119617e74a6Bc77313'

const oneInch = (address: Address): SwapRouter => ({ address, kind: '1inch-v6' })

/** Gangway's pinned routers by eip155 chain id (decimal). */
export const SWAP_ROUTERS: Readonly<Record<string, SwapRouter>> = {
  ...Object.fromEntries(['1', '42161', '10', '8453', '56', '137', '100', '43114', '250', '8217', '1313161554'].map((id) => [id, oneInch(ONEINCH_V6_ROUTER)])),
  '324': oneInch(ONEINCH_V6_ROUTER_ZKSYNC),
  '31337': { address: LOCALNET_ROUTER, kind: 'uniswap-v2', weth: LOCALNET_WETH },
  '31338': { address: LOCALNET_ROUTER, kind: 'uniswap-v2', weth: LOCALNET_WETH },
}

/**
 * The router pinned for `chainId` (decimal): the site's `swapRouters` entry for it, else Gangway's.
 * @param siteRouters the site's routers by chain id, already checked (host-options.ts).
 * @returns undefined where none is pinned: no swap can be checked there, so none is sent.
 * @example
 * swapRouterOf('1')?.address // '0x111111125421cA6dc452d289314280a0f8842A65'
 */
export function swapRouterOf(chainId: string, siteRouters?: Readonly<Record<string, SwapRouter>>): SwapRouter | undefined {
  return siteRouters?.[chainId] ?? SWAP_ROUTERS[chainId]
}

/**
 * The site's `swap.routers` (host-options.ts, already checked) as swapRouterOf takes them: by
 * decimal chain id, addresses checksummed.
 * @example
 * siteSwapRouters({ 'eip155:8453': { address: '0x…', kind: 'uniswap-v2' } }) // { '8453': { address: '0x…', kind: 'uniswap-v2' } }
 */
export function siteSwapRouters(routers: SwapOptions['routers']): Record<string, SwapRouter> | undefined {
  if (!routers) return undefined
  return Object.fromEntries(Object.entries(routers).map(([id, r]) => [id.split(':')[1]!, { address: getAddress(r.address), kind: r.kind, ...(r.weth ? { weth: getAddress(r.weth) } : {}) }]))
}
