/**
 * A transaction preview as the views show it (docs/behaviour.md §2 ApproveTransaction and
 * WalletSendPreview): each call's kind with what it names, amounts in whole tokens where the token's
 * decimals were read on chain (else in base units, as the call has them), and the account's simulated
 * balance changes as signed whole-token decimal strings. Every symbol and address came from the chain
 * or the site: the views render them as text. A view model. Pure.
 */
import { formatUnits, maxUint256 } from 'viem'
import { defined } from '../../events/defined.js'
import type { TxPreview, TxPreviewCall, TxPreviewToken } from '../../events/types.js'

/** The native currency's address in a preview (NATIVE_TOKEN, lower case). */
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** A token as a row names it: its symbol where it has one, and its contract (none for the native currency). */
export interface TxTokenRef {
  symbol?: string
  address?: string
}

/** One call of the preview, for its sentence (TxPreview.tsx). Amounts are decimal strings. */
export interface TxCallRow {
  kind: TxPreviewCall['kind']
  /** The contract or account called. */
  to?: string
  /** The token a token call acts on. */
  token?: TxTokenRef
  /** ERC-20 and native amounts in whole tokens (base units where the decimals are unknown); a swap's input. */
  amount?: string
  /** An ERC-20 approval of 2^256-1. */
  unlimited?: boolean
  recipient?: string
  spender?: string
  owner?: string
  tokenId?: string
  /** setApprovalForAll: false revokes. */
  approved?: boolean
  /** A swap: its input and output tokens where the calldata names them, and the least it gives. */
  swapFrom?: TxTokenRef
  swapTo?: TxTokenRef
  minimum?: string
  /** The recipient of a swap is not the account. */
  foreignRecipient?: boolean
  /** The native value a call other than a plain transfer sends with it, in whole units. */
  value?: string
  selector?: string
}

/** One simulated change of the account's balances: `amount` signed whole tokens ('-10', '0.5'), `address` the token's contract (none for the native currency). */
export interface TxChangeRow {
  symbol: string
  amount: string
  address?: string
}

/** An approval the simulation granted that no decoded call shows: the token, the spender, and whether it covers every token of a collection. */
export interface TxApprovalRow {
  token: TxTokenRef
  spender: string
  all: boolean
}

/** What the preview shows. */
export interface TxPreviewModel {
  nativeSymbol: string
  calls: TxCallRow[]
  /** A batch's call: the index (0-based) of the call this approval sends; the changes are those of it and the calls after it. */
  current?: number
  /** false: the node could not simulate, 'Not simulated'. */
  simulated: boolean
  /** The simulation reverted at this call (0-based). */
  failed?: number
  changes: TxChangeRow[]
  approvals: TxApprovalRow[]
}

const whole = (units: string, decimals: number | undefined) => (decimals === undefined ? units : formatUnits(BigInt(units), decimals))
const ref = (t: TxPreviewToken | undefined): TxTokenRef | undefined => (t ? defined({ symbol: t.symbol, address: t.address.toLowerCase() === NATIVE ? undefined : t.address }) : undefined)

function row(c: TxPreviewCall, p: TxPreview): TxCallRow {
  const native = c.kind === 'native-transfer'
  const decimals = c.kind === 'swap' ? c.swapFrom?.decimals : c.token?.decimals
  const amount = native ? formatUnits(BigInt(c.value), 18) : c.amount === undefined ? undefined : c.kind.startsWith('erc721') ? undefined : whole(c.amount, decimals)
  return defined({
    kind: c.kind,
    to: c.to,
    token: ref(c.token),
    amount,
    unlimited: c.kind === 'erc20-approve' && c.amount === maxUint256.toString() ? true : undefined,
    recipient: c.recipient,
    spender: c.spender,
    owner: c.owner,
    tokenId: c.tokenId,
    approved: c.approved,
    swapFrom: ref(c.swapFrom),
    swapTo: ref(c.swapTo),
    minimum: c.minOut === undefined ? undefined : whole(c.minOut, c.swapTo?.decimals),
    foreignRecipient: c.kind === 'swap' && c.recipient !== undefined && c.recipient.toLowerCase() !== p.account.toLowerCase() ? true : undefined,
    value: !native && c.value !== '0' ? formatUnits(BigInt(c.value), 18) : undefined,
    selector: c.selector,
  })
}

/**
 * The views' form of `p`; `nativeSymbol` names the native currency ('ETH').
 * @example
 * txPreviewModel(preview, 'ETH').changes // [{ symbol: 'HBD', amount: '-10', address: '0xe7f1…' }]
 */
export function txPreviewModel(p: TxPreview, nativeSymbol: string): TxPreviewModel {
  const calls = p.calls.map((c) => row(c, p))
  // An approval a call shows already (an approve or setApprovalForAll of that token to that spender) is not repeated.
  const shown = (token: string, spender: string) =>
    p.calls.some((c) => (c.kind === 'erc20-approve' || c.kind === 'erc721-approve' || c.kind === 'erc721-approval-for-all') && c.to?.toLowerCase() === token.toLowerCase() && c.spender?.toLowerCase() === spender.toLowerCase())
  return defined({
    nativeSymbol,
    calls,
    current: p.batch?.index,
    simulated: p.simulated,
    failed: p.failed,
    changes: p.changes.map((c) => {
      const native = c.token.toLowerCase() === NATIVE
      return defined({ symbol: native ? nativeSymbol : (c.symbol ?? c.token), amount: whole(c.diff, native ? 18 : c.decimals), address: native ? undefined : c.token })
    }),
    approvals: p.approvals.filter((a) => !shown(a.token, a.spender)).map((a) => ({ token: defined({ symbol: a.symbol, address: a.token }), spender: a.spender, all: a.kind === 'approval-for-all' })),
  })
}
