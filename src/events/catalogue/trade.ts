/**
 * Moving value: the send form and its transaction, swaps (tokens, quotes, the checks before the wallet,
 * execution), EIP-5792 batches sent one call at a time, and the transaction preview.
 */
import { readCaipAddress } from '../../chains/caip.js'
import { isEvmAddress } from '../address-rules.js'
import type { BatchCall, SendToken, SwapToken } from '../entities.js'
import {
  CALL_DATA_MAX,
  CALLS_BATCH_MAX,
  SWAP_CHANGES_MAX,
  SWAP_DATA_MAX_CHARS,
  SWAP_PLAN_MAX,
  SWAP_TOKENS_LOGGED,
  TX_PREVIEW_APPROVALS_MAX,
  TX_PREVIEW_CHANGES_MAX,
  TX_PREVIEW_SYMBOL_MAX,
} from '../kernel/limits.js'
import { bool, check, list, matching, nothing, object, oneOf, optional, text, whole, type Infer, type Schema } from '../schema.js'
import { intent, outcome } from './define.js'
import { caip2, caip2Id, errorCode, errorId, evm, filled, imageUrl, message, previewId, signedUint, uint, unchecked, withStoredImage } from './fields.js'

/** A USD price: a finite number, not negative. */
const price = check<number>((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0)

/** Even-length 0x hex data (calldata) of at most `max` characters. */
const hexData = (max: number) => check<string>((v) => typeof v === 'string' && v.length <= max && /^0x([0-9a-fA-F]{2})*$/.test(v))

/** A transaction hash as given back: at most 128 characters. */
const hash = text(128)

/** A swap's token as the form and the service name it (CAIP-10, not parsed): at most 128 characters. */
const tokenId = text(128)

/** An EIP-5792 batch id: 0x-prefixed hex, at most 4096 characters (ERC-5792). */
const batchId = check<string>((v) => typeof v === 'string' && v.length <= 4096 && /^0x[0-9a-fA-F]+$/.test(v))

/** The index of a call in a batch. */
const batchIndex = whole(CALLS_BATCH_MAX - 1)

/** A call of a batch or a preview: an optional target, even-length 0x hex data of at most CALL_DATA_MAX characters, a value in wei. */
const batchCall: Schema<BatchCall> = object({ to: optional(evm), data: optional(hexData(CALL_DATA_MAX)), valueWei: uint })

/**
 * A token of the send form as the page picks it: its network (a malformed one throws 'Invalid CAIP-2
 * network id' once the rest passed), symbol, decimals 0–36 and contract when not the native one; its
 * name, balance and icon are not read.
 */
const sendToken = check<SendToken>(object({ symbol: filled, decimals: whole(36), address: optional(filled), caipNetworkId: caip2Id }))

/** An eip155 CAIP-10 token id of at most 128 characters whose address is an EVM address. */
const eip155TokenId = check<string>((v) => {
  if (!text(128)(v)) return false
  const parsed = readCaipAddress(v)
  return parsed?.namespace === 'eip155' && isEvmAddress(parsed.address)
})

/** A token the visitor picked from the swap list: bounded name and symbol, an eip155 CAIP-10 address, whole decimals 0–36; its logo as given, which `clean` keeps only as the URL validator keeps it. */
const pickedSwapToken: Schema<SwapToken> = object({ name: text(64), symbol: text(20), address: eip155TokenId, decimals: whole(36), logoUri: optional(unchecked<string>()) })

/** A token the swap service lists: bounded name, symbol and address, whole decimals 0–36, a logo the URL validator keeps as it is. */
const swapToken: Schema<SwapToken> = object({ name: text(64), symbol: text(20), address: text(128), decimals: whole(36), logoUri: optional(imageUrl) })

const swapQuoteFetched = object({
  from: tokenId,
  to: tokenId,
  fromAmount: uint,
  toAmount: uint,
  fromPrice: optional(price),
  toPrice: optional(price),
  nativePrice: optional(price),
  gasPrice: optional(uint),
  gas: optional(uint),
  fee: optional(uint),
})

/**
 * A swap quote: `toAmount` of `to` for `fromAmount` of `from` (CAIP-10 tokens, base units as
 * decimal strings); with what the form shows beside it when known: the USD prices of `from`, `to` and
 * the network's native currency (`fromPrice`, `toPrice`, `nativePrice`), the gas price (`gasPrice`,
 * wei), the swap's gas limit (`gas`) and the provider's fee (`fee`, base units of `from`).
 */
export type SwapQuoteFetched = Infer<typeof swapQuoteFetched>

const swapPlanTransaction = object({
  kind: oneOf(['approve', 'reset', 'swap']),
  /** The contract called, checksummed. */
  to: evm,
  /** 0x hex calldata. */
  data: hexData(SWAP_DATA_MAX_CHARS),
  value: uint,
  gas: optional(uint),
})

/** A transaction of a checked swap (docs/behaviour.md §4 swap): an approval, a USDT-style reset to zero, or the swap; `value` and `gas` in wei as decimal strings. */
export type SwapPlanTransaction = Infer<typeof swapPlanTransaction>

const swapChecked = object({
  from: tokenId,
  to: tokenId,
  typedAmount: uint,
  fromAmount: uint,
  minimum: uint,
  transactions: list(swapPlanTransaction, SWAP_PLAN_MAX, 1),
  tokens: list(object({ address: text(128), symbol: text(20), decimals: whole(36) }), 2),
  simulated: bool,
  changes: optional(list(object({ token: text(128), diff: signedUint, symbol: optional(text(20)), decimals: optional(whole(36)) }), SWAP_CHANGES_MAX)),
})

/**
 * A swap checked before the wallet (docs/behaviour.md §4 swap; worker/swap/check-swap.ts): the form's
 * `from`, `to` (CAIP-10) and `typedAmount` (base units) it answers; `fromAmount` what is spent (a
 * native source less its gas), `minimum` the least of `to` the signed swap gives (base units, read
 * from its calldata), the transactions to send in order, the two tokens as their contracts say
 * (CAIP-10 address, symbol, decimals; none for the native one), and, when the node simulated them,
 * the account's asset changes (`diff` signed base units as a decimal string).
 */
export type SwapChecked = Infer<typeof swapChecked>

/**
 * The kinds of call the transaction preview reads (chains/eip155/decode-call.ts): a plain native
 * transfer, the ERC-20 and ERC-721 token calls, a swap on the pinned router, any other contract call
 * (shown as 'Contract call to <address>'), a contract creation.
 */
export const TX_PREVIEW_KINDS = [
  'native-transfer',
  'erc20-transfer',
  'erc20-approve',
  'erc20-transfer-from',
  'erc721-approve',
  'erc721-approval-for-all',
  'erc721-transfer',
  'swap',
  'contract-call',
  'contract-creation',
] as const

/** A token symbol as the preview reads it on chain. */
const previewSymbol = text(TX_PREVIEW_SYMBOL_MAX)

const txPreviewToken = object({ address: evm, symbol: optional(previewSymbol), decimals: optional(whole(36)) })

/** A token as the preview names it: its contract (checksummed; NATIVE_TOKEN 0xEeee…EeE for the native currency), with the symbol and decimals read on chain where it has them. */
export type TxPreviewToken = Infer<typeof txPreviewToken>

const txPreviewCall = object({
  kind: oneOf(TX_PREVIEW_KINDS),
  /** The contract or account called (none for a contract creation). */
  to: optional(evm),
  value: uint,
  /** The token a token call acts on (its target). */
  token: optional(txPreviewToken),
  /** An approval's spender or operator. */
  spender: optional(evm),
  /** transferFrom's owner. */
  owner: optional(evm),
  /** Who receives: a transfer's receiver, a swap's recipient (the account where the router pays the caller). */
  recipient: optional(evm),
  amount: optional(uint),
  tokenId: optional(uint),
  /** setApprovalForAll's flag: false revokes. */
  approved: optional(bool),
  /** A swap's tokens where its calldata names them, and the least it gives (base units of `swapTo`). */
  swapFrom: optional(txPreviewToken),
  swapTo: optional(txPreviewToken),
  minOut: optional(uint),
  /** A contract call's 4-byte selector (0x and 8 hex digits). */
  selector: optional(matching(/^0x[0-9a-f]{8}$/)),
})

/**
 * One call as the preview shows it (docs/behaviour.md §2 ApproveTransaction): its kind, target and
 * native `value` (wei), and what its kind names. Addresses checksummed; `amount` (ERC-20, a swap's
 * input) and `tokenId` (ERC-721) in base units as decimal strings.
 */
export type TxPreviewCall = Infer<typeof txPreviewCall>

const txPreview = object({
  id: previewId,
  caipNetworkId: caip2,
  account: evm,
  calls: list(txPreviewCall, CALLS_BATCH_MAX, 1),
  batch: optional(object({ id: batchId, index: batchIndex })),
  send: optional(object({ token: optional(evm), amount: uint, receiver: evm })),
  simulated: bool,
  failed: optional(batchIndex),
  changes: list(object({ token: evm, diff: signedUint, symbol: optional(previewSymbol), decimals: optional(whole(36)) }), TX_PREVIEW_CHANGES_MAX),
  approvals: list(object({ token: evm, spender: evm, kind: oneOf(['approval', 'approval-for-all']), symbol: optional(previewSymbol) }), TX_PREVIEW_APPROVALS_MAX),
})

/**
 * What Gangway shows of a transaction before the visitor approves it (worker/tx-preview/): the calls
 * decoded, and the account's asset changes from simulating them all together on the node
 * (`simulated` false where it could not: 'Not simulated'; `failed` the index of the first call that
 * reverted there). `changes[].diff` signed base units as a decimal string, as the node simulated it
 * (a node that charges gas in a simulation includes the fee in the native one), `approvals` the ones
 * the simulation granted. `id` names what it
 * previews: a waiting approval (`auth/approval-requested`'s id), the send form (`send`, with the form
 * it was computed for: `token` the contract or none for the native currency, `amount` base units,
 * `receiver` the address), or, for a call of an EIP-5792 batch, the approval with `batch` (its id and
 * the call's index): its calls are the batch's, its changes those of the batch's calls from that one on.
 */
export type TxPreview = Infer<typeof txPreview>

/** The swap form's side: the token swapped from or into. */
const side = oneOf(['from', 'to'])

export const trade = {
  /** The send form (docs/behaviour.md §3 Send state, §5 rules). `amount` is a decimal string as typed, in whole tokens. */
  'send/token-selected': intent(object({ token: sendToken })),
  /** The send form's amount as typed (at most 80 characters). */
  'send/amount-changed': intent(object({ amount: text(80, 0) })),
  /** The send form's receiver as typed, an address or a name (at most 128 characters). */
  'send/receiver-changed': intent(object({ receiver: text(128, 0) })),
  /** Send what the form holds (refused by the docs/behaviour.md §5 rules with their messages). */
  'send/requested': intent(nothing),
  /** The transaction was broadcast (wallet or node accepted it): from here on it is never sent again. */
  'send/submitted': outcome(object({ caipNetworkId: caip2, hash })),
  /** The transaction is on chain: `hash` of the mined transaction. */
  'send/succeeded': outcome(object({ caipNetworkId: caip2, hash })),
  /** The send failed: the wallet's refusal ('Transaction rejected in the wallet', with its code), 'Not connected', the receiver's problem, the error. */
  'send/failed': outcome(object({ message, errorId: optional(errorId), code: optional(errorCode) })),
  /**
   * The transaction an approval (`id`, as `auth/approval-requested`'s) sends, for Gangway's own
   * preview of it (worker/tx-preview/): `from` the account, the call's target, 0x hex data (at most
   * CALL_DATA_MAX characters; longer is not previewed) and value in wei, on `caipNetworkId`.
   */
  'tx-preview/requested': outcome(object({ id: previewId, caipNetworkId: caip2, from: evm, call: batchCall })),
  /** The preview of a waiting approval or of the send form (TxPreview). */
  'tx-preview/simulated': outcome(txPreview),
  /** Swap: the visitor picked the token to swap from or into. I (P). */
  'swap/token-selected': intent(object({ side, token: pickedSwapToken }), {
    clean: ({ side, token: { name, symbol, address, decimals, logoUri } }) => ({ side, token: withStoredImage({ name, symbol, address, decimals, logoUri }, 'logoUri') }),
  }),
  /** The amount to swap, in whole tokens of the `from` token, as typed (a decimal string, at most 80 characters). I (P). */
  'swap/amount-changed': intent(object({ amount: text(80, 0) }, true)),
  /** SwapSelectToken opens to pick the `side` token. */
  'swap/token-list-requested': intent(object({ side }, true)),
  /** A quote: `fromAmount` of `from` yields `toAmount` of `to` (CAIP-10 tokens; base units, decimal strings). */
  'swap/quote-fetched': outcome(swapQuoteFetched),
  /** No quote for that swap: 'Insufficient liquidity', the service's reason, 'Error fetching swap quote'. */
  'swap/quote-failed': outcome(object({ from: tokenId, to: tokenId, fromAmount: uint, message, errorId: optional(errorId) })),
  /** The tokens the swap service lists for `caipNetworkId` (at most SWAP_TOKENS_LOGGED of them), asked when Swap first shows there. */
  'swap/tokens-fetched': outcome(object({ caipNetworkId: caip2, tokens: list(swapToken, SWAP_TOKENS_LOGGED) })),
  /** None: 'Network not supported for Swaps', the service's reason, 'Error fetching swap tokens'. */
  'swap/tokens-failed': outcome(object({ caipNetworkId: optional(caip2), message, errorId: optional(errorId) })),
  /** The form's swap passed the checks before the wallet: what SwapPreview shows and Swap sends. */
  'swap/checked': outcome(swapChecked),
  /** The form's swap was refused by the checks (SwapRefusedError's message) or could not be built; nothing is sent. */
  'swap/check-failed': outcome(object({ from: tokenId, to: tokenId, typedAmount: uint, message, errorId: optional(errorId), details: optional(text(512)) })),
  /** The visitor's Swap on SwapPreview: the quoted swap, through its approval when the allowance is too low. I (P). Refused: 'No quote for this swap', 'A swap is already under way'. */
  'swap/requested': intent(nothing),
  /** An approval of the `from` token was sent (its hash); the swap waits for its receipt, then checks the allowance again. */
  'swap/approval-submitted': outcome(object({ caipNetworkId: caip2, hash })),
  /** The swap transaction was sent (its hash). */
  'swap/submitted': outcome(object({ caipNetworkId: caip2, hash })),
  /** The swap landed: `fromAmount` of `from` swapped (base units; a native source less its gas when the balance asked it). */
  'swap/succeeded': outcome(object({ caipNetworkId: caip2, hash, from: tokenId, to: tokenId, fromAmount: uint })),
  /** The swap failed: the wallet's refusal, a reverted transaction, 'Insufficient balance', the service's reason. */
  'swap/failed': outcome(object({ message, errorId: optional(errorId), code: optional(errorCode) })),
  /**
   * EIP-5792's sequential fallback: the site's `wallet_sendCalls` to a wallet without it,
   * logged as batch `id` (0x-prefixed hex) by the engine's provider: the calls are sent one after
   * another by `from` through `connectorId` on `caipNetworkId`, each after the last one's receipt.
   */
  'calls/requested': outcome(object({ id: batchId, connectorId: text(), caipNetworkId: caip2, from: evm, calls: list(batchCall, CALLS_BATCH_MAX, 1) })),
  /** Call `index` of batch `id` was sent: its transaction `hash`. */
  'calls/sent': outcome(object({ id: batchId, index: batchIndex, hash: matching(/^0x[0-9a-fA-F]{64}$/) })),
  /** Its receipt: `success` false for a reverted call, which ends the batch. */
  'calls/landed': outcome(object({ id: batchId, index: batchIndex, success: bool })),
  /** Call `index` was not sent (the wallet's refusal or error, with its code), which ends the batch. */
  'calls/failed': outcome(object({ id: batchId, index: batchIndex, message, errorId: optional(errorId), code: optional(errorCode) })),
}
