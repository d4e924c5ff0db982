/**
 * ApproveTransaction's data (docs/behaviour.md §2): beside the secure site's own approval
 * panel, Gangway's preview of the transaction that panel shows now (it shows the waiting calls one at
 * a time, oldest first): the calls decoded and the account's simulated balance changes, or, for a
 * call of an EIP-5792 batch, the batch's calls with this one marked. Nothing for a signature request.
 * A view model. Pure.
 */
import { findNetwork } from '../select/networks.js'
import type { State } from '../state.js'
import { txPreviewModel, type TxPreviewModel } from './tx-preview-model.js'

/** What ApproveTransaction shows of the waiting call. */
export interface ApprovalModel {
  /** The waiting call's preview, once computed. */
  preview?: TxPreviewModel
  /** The waiting call is a transaction whose preview is being computed. */
  checking: boolean
  /** The network it is sent on. */
  networkName?: string
}

/**
 * The approval model.
 * @example
 * approvalModel(state) // { checking: false, preview: { calls: [{ kind: 'erc20-transfer', … }], simulated: true, changes: [{ symbol: 'HBD', amount: '-10', … }], … } }
 */
export function approvalModel(s: State): ApprovalModel {
  const waiting = s.txPreview.approvals[0]
  if (!waiting?.transaction) return { checking: false }
  const p = s.txPreview.previews.find((x) => x.id === waiting.id)
  if (!p) return { checking: true }
  const network = findNetwork(s.config.networks, p.caipNetworkId)
  return { checking: false, preview: txPreviewModel(p, network?.nativeCurrency.symbol ?? 'ETH'), ...(network ? { networkName: network.name } : {}) }
}
