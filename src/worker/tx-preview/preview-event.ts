/**
 * One preview as the event the log keeps (`tx-preview/simulated`, docs/behaviour.md §2
 * ApproveTransaction and WalletSendPreview): previewCalls over the engine's JSON-RPC path for the
 * network. A network the engine cannot reach (not configured) still gets the calls decoded, with
 * nothing read on chain and 'Not simulated', so the visitor is never left without the preview and
 * never blocked by it.
 */
import { getAddress, type Address } from 'viem'
import { parseCaipNetworkId } from '../../chains/caip.js'
import type { BatchCall, CaipNetworkId } from '../../events/entities.js'
import { event, type NewEvent, type TxPreview } from '../../events/types.js'
import { findNetwork } from '../../projections/select/networks.js'
import type { EffectContext } from '../effects/context.js'
import { previewCalls, type TxPreviewReads } from './preview-calls.js'
import { previewReads } from './preview-reads.js'
import { siteSwapRouters } from '../../chains/eip155/swap/routers.js'
import { GangwayError } from '../../events/kernel/errors.js'

/** Reads that find nothing: the preview of a network the engine has no client for. */
const NOTHING: TxPreviewReads = {
  isErc721: async () => false,
  decimals: () => Promise.reject(new GangwayError('No client')),
  symbol: () => Promise.reject(new GangwayError('No client')),
  simulate: async () => 'unsupported',
}

/** What to preview: `calls` from `account` on `caipNetworkId`, simulated from `simulateFrom` on; `id`, `batch` and `send` name it. */
export interface PreviewRequest {
  id: string
  caipNetworkId: CaipNetworkId
  account: string
  calls: readonly BatchCall[]
  simulateFrom?: number
  batch?: TxPreview['batch']
  send?: TxPreview['send']
}

/**
 * The `tx-preview/simulated` event of `request`.
 * @throws nothing for the chain's sake (previewCalls never does; a network without a client is previewed without it).
 * @example
 * await previewEvent(ctx, { id: 'send', caipNetworkId: 'eip155:31337', account, calls: [{ to, valueWei: '1' }], send })
 * // { type: 'tx-preview/simulated', payload: { id: 'send', calls: [{ kind: 'native-transfer', … }], simulated: true, … } }
 */
export async function previewEvent(ctx: Pick<EffectContext, 'chains' | 'state'>, request: PreviewRequest): Promise<NewEvent<'tx-preview/simulated'>> {
  const { id, caipNetworkId, account, calls, simulateFrom, batch, send } = request
  let reads = NOTHING
  try {
    reads = previewReads(ctx.chains.evmClient(caipNetworkId))
  } catch {
    // Not one of the site's networks: decoded only.
  }
  const nativeSymbol = findNetwork(ctx.state().config.networks, caipNetworkId)?.nativeCurrency.symbol ?? 'ETH'
  const from = getAddress(account) as Address
  const routers = siteSwapRouters(ctx.state().config.swap?.routers)
  const found = await previewCalls(reads, { chainId: parseCaipNetworkId(caipNetworkId).reference, account: from, calls, nativeSymbol, ...(simulateFrom ? { simulateFrom } : {}), ...(routers ? { routers } : {}) })
  return event('tx-preview/simulated', { id, caipNetworkId, account: from, ...found, ...(batch ? { batch } : {}), ...(send ? { send } : {}) })
}
