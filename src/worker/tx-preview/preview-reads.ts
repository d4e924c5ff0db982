/**
 * The chain reads of the transaction preview (worker/tx-preview/preview-calls.ts) on a viem client of
 * the transaction's network (the engine's JSON-RPC path): the swap checks' token reads and simulation
 * (chains/eip155/swap/chain-reads.ts), and whether a contract says it is an ERC-721 (ERC-165), which
 * tells an ERC-721 `approve` or `transferFrom` from an ERC-20 one.
 */
import { parseAbi, type Client } from 'viem'
import { readContract } from 'viem/actions'
import { swapChainReads } from '../../chains/eip155/swap/chain-reads.js'
import type { TxPreviewReads } from './preview-calls.js'

const ERC165 = parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)'])
/** ERC-721's ERC-165 interface id. */
const ERC721_INTERFACE = '0x80ac58cd'

/**
 * The reads over `client`.
 * @example
 * const reads = previewReads(ctx.chains.evmClient('eip155:31337'))
 * await reads.isErc721('0x5FbDB2315678afecb367f032d93F642f64180aa3') // true for an ERC-721 collection
 */
export function previewReads(client: Client): TxPreviewReads {
  const { decimals, symbol, simulate } = swapChainReads(client)
  return {
    isErc721: (token) => readContract(client, { address: token, abi: ERC165, functionName: 'supportsInterface', args: [ERC721_INTERFACE] }).then((yes) => yes === true, () => false),
    decimals,
    symbol,
    simulate,
  }
}
