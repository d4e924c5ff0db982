/**
 * The checks a swap passes before the wallet sees anything (docs/behaviour.md §4 swap): Gangway
 * builds the approval and the swap from the swap service's answers, then verifies each against what
 * the visitor is shown, by decoding and by simulation, and refuses (SwapRefusedError, nothing sent)
 * on any mismatch. In order:
 * 1. the network's router is pinned (routers.ts, or the site's `swap.routers`) and has code;
 * 2. each token's `decimals()` on chain equals the list's, and its `symbol()` is read there (shown
 *    with its contract address);
 * 3. a native source whose amount and gas exceed the balance is built again with the balance less
 *    the gas ('Insufficient balance' when nothing is left), the minimum shown scaling with it;
 * 4. a token source's allowance for the router is read on chain (never the service's); when short,
 *    the service's approval must be an ERC-20 `approve(router, amount)` on the token (more,
 *    unlimited included, only where the site's `swap.unlimitedApproval` allows it); a USDT-style reset `approve(router, 0)` over a non-zero allowance is
 *    followed by Gangway's own `approve(router, amount)`;
 * 5. the swap must call the router (not a token), and its calldata must read as a swap of these
 *    tokens and this amount, paying this account at least the 'Minimum received' shown;
 * 6. the approvals and the swap are simulated together (`eth_simulateV1`): nothing reverts, the
 *    input leaves by at most the amount, the output arrives by at least the minimum shown, no other
 *    asset leaves and no other approval is granted. A node without `eth_simulateV1` leaves the
 *    decoded checks alone: `simulated: false`, shown as 'Not simulated'.
 */
import { encodeFunctionData, erc20Abi, getAddress, maxUint256, decodeFunctionData, type Address, type Hex } from 'viem'
import { SWAP_SYMBOL_MAX, type ConvertClient } from '../../api/convert.js'
import type { SwapToken } from '../../events/entities.js'
import { SwapRefusedError, SWAP_REFUSALS, GangwayError } from '../../events/kernel/errors.js'
import { decodeSwapCall, NATIVE_TOKEN } from '../../chains/eip155/swap/decode-swap-call.js'
import { compareSwapOutcome } from '../../chains/eip155/swap/compare-swap-outcome.js'
import { swapRouterOf, type SwapRouter } from '../../chains/eip155/swap/routers.js'
import type { SwapChainReads } from '../../chains/eip155/swap/chain-reads.js'
import { minimumReceived, nativeAmountAfterGas } from '../../projections/rules/swap-rules.js'
import { SEND_ERRORS } from '../../projections/rules/send-rules.js'
import type { SwapChecked, SwapPlanTransaction } from '../../events/types.js'

/** What to check: the form's swap on eip155 chain `chainId` (decimal) by `account`. */
export interface SwapCheckInput {
  chainId: string
  account: Address
  from: SwapToken
  to: SwapToken
  /** The amount typed, in base units of `from`. */
  amount: bigint
  /** The quote's output for `amount`, in base units of `to`: the 'Minimum received' shown is this less the slippage. */
  quotedToAmount: bigint
  /** The native currency's symbol, for the asset changes shown ('ETH'). */
  nativeSymbol: string
}

/** What the checks read and ask. */
export interface SwapCheckDeps {
  service: Pick<ConvertClient, 'buildApproveTransaction' | 'buildSwapTransaction'>
  chain: SwapChainReads
  /** Routers to pin over Gangway's list, by chain id (decimal): the site's `swap.routers`. */
  routers?: Readonly<Record<string, SwapRouter>>
  /** The site's `swap.unlimitedApproval`: an approval of more than the amount (unlimited included) is accepted. */
  unlimitedApproval?: boolean
}

/** A token's plain address: NATIVE_TOKEN for the native one. */
const plain = (t: SwapToken): Address => getAddress(t.address.split(':')[2]!)
const caip10 = (chainId: string, a: Address) => `eip155:${chainId}:${a}`
/** A symbol from a contract, as text: control characters dropped, at most SWAP_SYMBOL_MAX characters. */
const cleanSymbol = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim().slice(0, SWAP_SYMBOL_MAX)

/** An ERC-20 approval's spender and amount, or undefined for any other calldata. */
function readApproval(data: Hex): { spender: Address; value: bigint } | undefined {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data })
    return call.functionName === 'approve' ? { spender: getAddress(call.args[0]), value: call.args[1] } : undefined
  } catch {
    return undefined
  }
}

/** Step 2: the token's decimals and symbol on chain. @throws SwapRefusedError 'Token decimals do not match the chain'. */
async function onChainToken(deps: SwapCheckDeps, chainId: string, token: SwapToken) {
  const address = plain(token)
  if (address === NATIVE_TOKEN) return undefined
  let decimals: number
  let symbol: string
  try {
    ;[decimals, symbol] = await Promise.all([deps.chain.decimals(address), deps.chain.symbol(address)])
  } catch {
    throw new SwapRefusedError(SWAP_REFUSALS.decimals, `${address} has no decimals()`)
  }
  if (decimals !== token.decimals) throw new SwapRefusedError(SWAP_REFUSALS.decimals, `${address}: listed ${token.decimals}, contract ${decimals}`)
  return { address: caip10(chainId, address), symbol: cleanSymbol(symbol) || token.symbol, decimals }
}

/**
 * Builds and checks the form's swap (the module comment's steps).
 * @returns the transactions to send, in order, and what the review shows of them.
 * @throws SwapRefusedError with one of SWAP_REFUSALS' messages; Error 'Insufficient balance' (a native
 *   source with no room for its gas); the swap service's errors (src/api/convert.ts); the node's.
 */
export async function checkSwap(deps: SwapCheckDeps, input: SwapCheckInput): Promise<SwapChecked> {
  const { chainId, account } = input
  const router = swapRouterOf(chainId, deps.routers)
  if (!router) throw new SwapRefusedError(SWAP_REFUSALS.unknownRouter, `No router is pinned for eip155:${chainId}`)
  if (!(await deps.chain.hasCode(router.address))) throw new SwapRefusedError(SWAP_REFUSALS.routerNoCode, router.address)
  const from = plain(input.from)
  const to = plain(input.to)
  const tokens = (await Promise.all([onChainToken(deps, chainId, input.from), onChainToken(deps, chainId, input.to)])).filter((t) => t !== undefined)

  const caipAddress = caip10(chainId, account)
  const build = (a: bigint) => deps.service.buildSwapTransaction({ amount: a.toString(), from: input.from.address, to: input.to.address, userAddress: caipAddress })
  let amount = input.amount
  let swap = await build(amount)
  if (from === NATIVE_TOKEN) {
    const fits = nativeAmountAfterGas({ amount, balance: await deps.chain.nativeBalance(account), gas: BigInt(swap.gas ?? '0') * BigInt(swap.gasPrice ?? '0') })
    if (fits === undefined) throw new GangwayError(SEND_ERRORS.insufficient)
    if (fits !== amount) swap = await build((amount = fits))
  }
  const minimum = minimumReceived((input.quotedToAmount * amount) / input.amount)

  // Step 4: the approvals, against the chain's allowance.
  const approvals: SwapPlanTransaction[] = []
  if (from !== NATIVE_TOKEN) {
    const allowance = await deps.chain.allowance(from, account, router.address)
    if (allowance < amount) {
      const tx = await deps.service.buildApproveTransaction({ userAddress: caipAddress, from: input.from.address, to: input.to.address, amount: amount.toString() })
      if (getAddress(tx.to) !== from) throw new SwapRefusedError(SWAP_REFUSALS.approvalToken, tx.to)
      const approval = readApproval(tx.data)
      if (!approval) throw new SwapRefusedError(SWAP_REFUSALS.approvalToken, 'Not an ERC-20 approve')
      if (approval.spender !== router.address) throw new SwapRefusedError(SWAP_REFUSALS.approvalSpender, approval.spender)
      const reset = approval.value === 0n && allowance > 0n
      const fits = approval.value === amount || (deps.unlimitedApproval === true && approval.value > amount)
      if (!reset && !fits) throw new SwapRefusedError(SWAP_REFUSALS.approvalAmount, approval.value === maxUint256 ? 'Unlimited' : approval.value.toString())
      approvals.push({ kind: reset ? 'reset' : 'approve', to: from, data: tx.data, value: '0', ...(tx.gas ? { gas: tx.gas } : {}) })
      if (reset) approvals.push({ kind: 'approve', to: from, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router.address, amount] }), value: '0' })
    }
  }

  // Step 5: the swap's target and calldata.
  if (swap.to === from || swap.to === to) throw new SwapRefusedError(SWAP_REFUSALS.targetIsToken, swap.to)
  if (swap.to !== router.address) throw new SwapRefusedError(SWAP_REFUSALS.unknownRouter, swap.to)
  const call = decodeSwapCall(router, swap.data)
  if (!call) throw new SwapRefusedError(SWAP_REFUSALS.unknownCall, swap.data.slice(0, 10))
  if (call.recipient !== 'sender' && call.recipient !== account) throw new SwapRefusedError(SWAP_REFUSALS.recipient, call.recipient)
  const spends = call.amountIn ?? BigInt(swap.value)
  if ((call.fromToken !== undefined && call.fromToken !== from) || (call.toToken !== undefined && call.toToken !== to) || spends !== amount || BigInt(swap.value) !== (from === NATIVE_TOKEN ? amount : 0n)) {
    throw new SwapRefusedError(SWAP_REFUSALS.mismatch, `${call.fromToken ?? '?'} → ${call.toToken ?? '?'}, ${spends}`)
  }
  if (call.minOut < minimum) throw new SwapRefusedError(SWAP_REFUSALS.minimum, `${call.minOut} < ${minimum}`)
  const transactions: SwapPlanTransaction[] = [...approvals, { kind: 'swap', to: swap.to, data: swap.data, value: swap.value, ...(swap.gas ? { gas: swap.gas } : {}) }]

  // Step 6: the simulation.
  const outcome = await deps.chain.simulate(account, transactions.map((t) => ({ to: t.to as Address, data: t.data as Hex, value: BigInt(t.value) })), [from, to])
  const checked = { from: input.from.address, to: input.to.address, typedAmount: input.amount.toString(), fromAmount: amount.toString(), minimum: call.minOut.toString(), transactions, tokens }
  if (outcome === 'unsupported') return { ...checked, simulated: false }
  const refused = compareSwapOutcome(outcome, { from, to, amount, minimum, ...(approvals.length > 0 ? { approval: { token: from, spender: router.address } } : {}) })
  if (refused) throw new SwapRefusedError(refused.refusal, refused.details)
  const known = (t: Address) => (t === NATIVE_TOKEN ? { symbol: input.nativeSymbol, decimals: 18 } : tokens.find((x) => x.address === caip10(chainId, t)))
  const changes = outcome.changes.map((c) => {
    const k = known(c.token)
    return { token: caip10(chainId, c.token), diff: c.diff.toString(), ...(k ? { symbol: k.symbol, decimals: k.decimals } : {}) }
  })
  return { ...checked, simulated: true, changes }
}
