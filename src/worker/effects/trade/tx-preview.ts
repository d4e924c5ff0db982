/**
 * The transaction preview's effects (docs/behaviour.md §2 ApproveTransaction and WalletSendPreview),
 * one chunk of the worker with the calldata reader and the simulation: index.ts runs them through
 * lazyEffect from the first transaction an approval waits on, or the first showing of WalletSendPreview.
 */
export { approvalPreviewEffect } from './tx-preview-approval.js'
export { sendPreviewEffect } from './tx-preview-send.js'
