/**
 * What a sequence of calls would do to an account's assets, simulated on the node before anything is
 * signed (docs/behaviour.md §4 swap, the checks before the wallet): viem's `simulateCalls` with
 * `traceAssetChanges` (`eth_simulateV1`: the calls run in order on the latest block, and the
 * account's native balance and the balances of every token they move are read before and after, as
 * viem reads them), plus every `Approval` and `ApprovalForAll` log the account is the owner in. The
 * simulation charges no gas (no base fee without validation), so native changes are net of gas.
 */
import { getAddress, type Address, type Client, type Hex } from 'viem'
import { simulateCalls } from 'viem/actions'
import { NATIVE_TOKEN } from './decode-swap-call.js'

/** A call to simulate: `value` in wei. */
export interface SimulatedCall {
  to: Address
  data: Hex
  value?: bigint
}

/** One asset's change: `token` checksummed (NATIVE_TOKEN for the native one), `diff` in its base units (negative: it leaves the account). */
export interface AssetChange {
  token: Address
  diff: bigint
  /** As the token's contract answered during the simulation (untrusted: bound it before showing it). */
  symbol?: string
  decimals?: number
}

/** An approval the account granted in the simulation: ERC-20/721 `Approval` (`value` for ERC-20) or `ApprovalForAll`. */
export interface SimulatedApproval {
  token: Address
  spender: Address
  kind: 'approval' | 'approval-for-all'
}

/** The simulation's outcome: `failed` is the index of the first call that reverted, if any. */
export interface SimulatedOutcome {
  failed?: number
  changes: AssetChange[]
  approvals: SimulatedApproval[]
}

/** keccak256 of `Approval(address,address,uint256)` (ERC-20 and ERC-721 alike). */
const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
/** keccak256 of `ApprovalForAll(address,address,bool)`. */
const APPROVAL_FOR_ALL_TOPIC = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'

const topicAddress = (topic: Hex | undefined): Address | undefined => (topic && /^0x[0-9a-fA-F]{64}$/.test(topic) ? getAddress(`0x${topic.slice(26)}`) : undefined)

/** True when `error` (or one it wraps) says the node has no such method: JSON-RPC -32601, or -32004 'method not supported'. */
export function isUnsupportedMethod(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++) {
    if (e.code === -32601 || e.code === -32004) return true
    if (typeof e.message === 'string' && /method( \S+)? (not found|not supported|does not exist)|unsupported method/i.test(e.message)) return true
  }
  return false
}

/** The approvals `account` is the owner in, from the simulated calls' logs. */
export function approvalsOf(logs: readonly { address: string; topics: readonly Hex[] }[], account: Address): SimulatedApproval[] {
  const out: SimulatedApproval[] = []
  for (const log of logs) {
    const [topic, owner, spender] = log.topics
    const kind = topic === APPROVAL_TOPIC ? 'approval' : topic === APPROVAL_FOR_ALL_TOPIC ? 'approval-for-all' : undefined
    if (!kind || topicAddress(owner) !== account) continue
    const who = topicAddress(spender)
    if (who) out.push({ token: getAddress(log.address), spender: who, kind })
  }
  return out
}

/**
 * Simulates `calls` from `account` on the latest block.
 * @returns 'unsupported' when the node has no `eth_simulateV1`; else the first failed call (if any),
 *   the account's asset changes (native first, as viem lists them; unchanged assets left out) and
 *   the approvals it granted.
 * @throws the node's error for any other failure (a timeout, a malformed answer).
 * @example
 * const outcome = await simulateAssetChanges(client, account, [{ to: router, data, value: 10n ** 17n }])
 * if (outcome !== 'unsupported') outcome.changes // [{ token: NATIVE_TOKEN, diff: -(10n ** 17n) }, …]
 */
export async function simulateAssetChanges(client: Client, account: Address, calls: readonly SimulatedCall[]): Promise<SimulatedOutcome | 'unsupported'> {
  let result: { assetChanges: readonly { token: { address: string; symbol?: string | undefined; decimals?: number | undefined }; value: { diff: bigint } }[]; results: readonly { status: string; logs?: readonly unknown[] | undefined }[] }
  try {
    result = await simulateCalls(client, { account, calls: calls.map((c) => ({ to: c.to, data: c.data, ...(c.value ? { value: c.value } : {}) })), traceAssetChanges: true })
  } catch (error) {
    if (isUnsupportedMethod(error)) return 'unsupported'
    throw error
  }
  const failed = result.results.findIndex((r) => r.status !== 'success')
  const changes: AssetChange[] = result.assetChanges
    .filter((c) => c.value.diff !== 0n)
    .map((c) => ({
      token: c.token.address.toLowerCase() === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' ? NATIVE_TOKEN : getAddress(c.token.address),
      diff: c.value.diff,
      ...(typeof c.token.symbol === 'string' ? { symbol: c.token.symbol } : {}),
      ...(typeof c.token.decimals === 'number' ? { decimals: c.token.decimals } : {}),
    }))
  const logs = result.results.flatMap((r) => (r.logs ?? []) as { address: string; topics: Hex[] }[])
  return { ...(failed >= 0 ? { failed } : {}), changes, approvals: approvalsOf(logs, getAddress(account)) }
}
