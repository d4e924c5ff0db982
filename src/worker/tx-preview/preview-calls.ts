/**
 * Gangway's preview of what a transaction (or a batch of them) does before the visitor approves it
 * (docs/behaviour.md §2 ApproveTransaction and WalletSendPreview, §4 EIP-5792's fallback): each call
 * decoded (chains/eip155/decode-call.ts, the chain's pinned swap router included), and the account's
 * asset changes from simulating the calls together on the node (swap/simulate-asset-changes.ts), with
 * the symbol and decimals of every token named read on chain. Everything the node or a token says is
 * untrusted: symbols lose control and bidi characters and are cut to TX_PREVIEW_SYMBOL_MAX, decimals
 * over 36 are dropped, lists are bounded. A preview never fails for the chain's sake: a node without
 * `eth_simulateV1`, a simulation that throws, or a contract creation (nothing to simulate against)
 * gives `simulated: false`, shown as 'Not simulated'; a token read that fails leaves its symbol out.
 */
import { getAddress, type Address, type Hex } from 'viem'
import { decodeCall, needsStandard, type DecodedCall } from '../../chains/eip155/decode-call.js'
import { NATIVE_TOKEN } from '../../chains/eip155/swap/decode-swap-call.js'
import { swapRouterOf, type SwapRouter } from '../../chains/eip155/swap/routers.js'
import type { SimulatedCall, SimulatedOutcome } from '../../chains/eip155/swap/simulate-asset-changes.js'
import type { BatchCall } from '../../events/entities.js'
import { TX_PREVIEW_APPROVALS_MAX, TX_PREVIEW_CHANGES_MAX, TX_PREVIEW_SYMBOL_MAX } from '../../events/kernel/limits.js'
import type { TxPreview, TxPreviewCall, TxPreviewToken } from '../../events/types.js'

/** What the preview reads from the chain (preview-reads.ts `previewReads` over the engine's JSON-RPC path). */
export interface TxPreviewReads {
  /** ERC-165 `supportsInterface(0x80ac58cd)`: false on any failure. */
  isErc721(token: Address): Promise<boolean>
  /** @throws the node's error where the token has none. */
  decimals(token: Address): Promise<number>
  /** @throws the node's error where the token has none. */
  symbol(token: Address): Promise<string>
  /** simulate-asset-changes.ts `simulateAssetChanges`. */
  simulate(account: Address, calls: readonly SimulatedCall[], tokens: readonly Address[]): Promise<SimulatedOutcome | 'unsupported'>
}

/** What to preview. */
export interface TxPreviewInput {
  /** The eip155 chain id (decimal). */
  chainId: string
  account: Address
  /** The calls shown, in order (at most CALLS_BATCH_MAX). */
  calls: readonly BatchCall[]
  /** The first call simulated: a batch's calls before it were sent already (default 0). */
  simulateFrom?: number
  /** The native currency's symbol ('ETH'), with 18 decimals. */
  nativeSymbol: string
  /** The site's routers by chain id, over Gangway's pinned ones (routers.ts). */
  routers?: Readonly<Record<string, SwapRouter>>
}

/** What previewCalls finds: TxPreview without what names it. */
export type TxPreviewFound = Pick<TxPreview, 'calls' | 'simulated' | 'failed' | 'changes' | 'approvals'>

/** The most token contracts whose symbol and decimals one preview reads. */
const TOKENS_READ_MAX = 40

/** A symbol from a contract as text: control, bidi and zero-width characters dropped, trimmed, at most TX_PREVIEW_SYMBOL_MAX characters; undefined when nothing is left. */
export function cleanSymbol(s: unknown): string | undefined {
  if (typeof s !== 'string') return undefined
  const clean = s
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .trim()
    .slice(0, TX_PREVIEW_SYMBOL_MAX)
    .trim()
  return clean || undefined
}

const hexOf = (c: BatchCall): SimulatedCall | undefined => (c.to ? { to: getAddress(c.to), data: (c.data ?? '0x') as Hex, value: BigInt(c.valueWei) } : undefined)

/** The token contracts a decoded call names (not the native one). */
function tokensOf(d: DecodedCall): Address[] {
  if (d.kind === 'swap') return [d.swap.fromToken, d.swap.toToken].filter((t): t is Address => t !== undefined && t !== NATIVE_TOKEN)
  return 'token' in d ? [d.token] : []
}

/**
 * Decodes and simulates `input.calls` from `input.account`.
 * @returns the calls as the preview shows them, and the account's changes (signed base units as
 *   decimal strings, as the node simulated them) and approvals from the simulation of the calls from
 *   `simulateFrom` on; `simulated: false` where they could not be simulated. `failed` is the index
 *   (in `calls`) of the first call that reverted in the simulation.
 * @throws nothing for the chain's sake; only a programming error escapes.
 * @example
 * await previewCalls(previewReads(client), { chainId: '31337', account, calls: [{ to: hbd, data, valueWei: '0' }], nativeSymbol: 'ETH' })
 * // { calls: [{ kind: 'erc20-transfer', to: hbd, value: '0', token: { address: hbd, symbol: 'HBD', decimals: 18 }, recipient, amount: '10000000000000000000' }],
 * //   simulated: true, changes: [{ token: hbd, diff: '-10000000000000000000', symbol: 'HBD', decimals: 18 }], approvals: [] }
 */
export async function previewCalls(reads: TxPreviewReads, input: TxPreviewInput): Promise<TxPreviewFound> {
  const router = swapRouterOf(input.chainId, input.routers)
  const from = input.simulateFrom ?? 0
  const decoded = await Promise.all(
    input.calls.map(async (c) => {
      const to = c.to ? getAddress(c.to) : undefined
      const standard = to && needsStandard(c.data as Hex | undefined) && (await reads.isErc721(to).catch(() => false)) ? 'erc721' : 'erc20'
      return decodeCall({ ...(to ? { to } : {}), ...(c.data ? { data: c.data as Hex } : {}), value: BigInt(c.valueWei) }, { ...(router ? { router } : {}), standard })
    }),
  )
  const simulated = input.calls.slice(from).map(hexOf)
  let outcome: SimulatedOutcome | 'unsupported' = 'unsupported'
  if (simulated.length > 0 && simulated.every((c) => c !== undefined)) {
    const named = [...new Set(decoded.slice(from).flatMap(tokensOf))]
    outcome = await reads.simulate(input.account, simulated as SimulatedCall[], named).catch(() => 'unsupported' as const)
  }
  const ran = outcome === 'unsupported' ? undefined : outcome
  // As the node simulated them: `gas` is only the most it may have charged (anvil charges none), so a
  // node that charges the fee in a simulation shows it in the native change, as the chain will.
  const changes = (ran?.changes ?? []).filter((c) => c.diff !== 0n).slice(0, TX_PREVIEW_CHANGES_MAX)
  const approvals = (ran?.approvals ?? []).slice(0, TX_PREVIEW_APPROVALS_MAX)
  const addresses = [...new Set([...decoded.flatMap(tokensOf), ...changes.map((c) => c.token), ...approvals.map((a) => a.token)])].filter((t) => t !== NATIVE_TOKEN).slice(0, TOKENS_READ_MAX)
  const known = new Map<Address, TxPreviewToken>(
    await Promise.all(
      addresses.map(async (address): Promise<[Address, TxPreviewToken]> => {
        const [decimals, symbol] = await Promise.all([reads.decimals(address).catch(() => undefined), reads.symbol(address).catch(() => undefined)])
        const clean = cleanSymbol(symbol)
        return [address, { address, ...(clean ? { symbol: clean } : {}), ...(Number.isSafeInteger(decimals) && decimals! >= 0 && decimals! <= 36 ? { decimals } : {}) }]
      }),
    ),
  )
  const native: TxPreviewToken = { address: NATIVE_TOKEN, symbol: cleanSymbol(input.nativeSymbol) ?? 'ETH', decimals: 18 }
  const token = (address: Address): TxPreviewToken => (address === NATIVE_TOKEN ? native : (known.get(address) ?? { address }))
  return {
    calls: decoded.map((d) => previewCall(d, input.account, token)),
    simulated: ran !== undefined,
    ...(ran?.failed !== undefined ? { failed: ran.failed + from } : {}),
    changes: changes.map((c) => {
      const t = token(c.token)
      return { token: c.token, diff: c.diff.toString(), ...(t.symbol ? { symbol: t.symbol } : {}), ...(t.decimals !== undefined ? { decimals: t.decimals } : {}) }
    }),
    approvals: approvals.map((a) => ({ token: a.token, spender: a.spender, kind: a.kind, ...(token(a.token).symbol ? { symbol: token(a.token).symbol } : {}) })),
  }
}

/** A decoded call as the preview's event holds it (events/types.ts TxPreviewCall). */
function previewCall(d: DecodedCall, account: Address, token: (a: Address) => TxPreviewToken): TxPreviewCall {
  const value = d.value.toString()
  switch (d.kind) {
    case 'native-transfer':
      return { kind: d.kind, to: d.to, value, recipient: d.to }
    case 'erc20-transfer':
      return { kind: d.kind, to: d.token, value, token: token(d.token), recipient: d.recipient, amount: d.amount.toString() }
    case 'erc20-approve':
      return { kind: d.kind, to: d.token, value, token: token(d.token), spender: d.spender, amount: d.amount.toString() }
    case 'erc20-transfer-from':
      return { kind: d.kind, to: d.token, value, token: token(d.token), owner: d.owner, recipient: d.recipient, amount: d.amount.toString() }
    case 'erc721-approve':
      return { kind: d.kind, to: d.token, value, token: token(d.token), spender: d.spender, tokenId: d.tokenId.toString() }
    case 'erc721-approval-for-all':
      return { kind: d.kind, to: d.token, value, token: token(d.token), spender: d.spender, approved: d.approved }
    case 'erc721-transfer':
      return { kind: d.kind, to: d.token, value, token: token(d.token), owner: d.owner, recipient: d.recipient, tokenId: d.tokenId.toString() }
    case 'swap': {
      const { swap } = d
      // A native input is the call's value; the router pays the caller where the calldata names no recipient.
      const amountIn = swap.amountIn ?? (swap.fromToken === NATIVE_TOKEN ? d.value : undefined)
      return {
        kind: d.kind,
        to: d.router,
        value,
        recipient: swap.recipient === 'sender' ? account : swap.recipient,
        minOut: swap.minOut.toString(),
        ...(amountIn !== undefined ? { amount: amountIn.toString() } : {}),
        ...(swap.fromToken ? { swapFrom: token(swap.fromToken) } : {}),
        ...(swap.toToken ? { swapTo: token(swap.toToken) } : {}),
      }
    }
    case 'contract-call':
      return { kind: d.kind, to: d.to, value, ...(d.selector ? { selector: d.selector } : {}) }
    case 'contract-creation':
      return { kind: d.kind, value }
  }
}
