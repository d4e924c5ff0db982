/**
 * What a sequence of calls would do to an account's assets, simulated on the node before anything is
 * signed (docs/behaviour.md §4 swap, the checks before the wallet), read as viem's `simulateCalls`
 * with `traceAssetChanges` reads it, over `eth_simulateV1` (viem's `simulateBlocks`):
 * 1. the calls run once to find the ERC-20/721 contracts whose `Transfer` logs name the account;
 * 2. one simulation of three blocks: the account's native balance and its `balanceOf` in each of
 *    those contracts (and the ones the caller names) before, the calls in order, the same reads
 *    after. viem's own probe is a contract creation (a call without `to`), which some nodes refuse
 *    in a simulation (anvil 1.7.1); the native balance is read here by BALANCE_PROBE_CODE, placed by
 *    a state override at BALANCE_PROBE, so every call has a target.
 * Plus every `Approval` and `ApprovalForAll` log the account is the owner in, and the most the
 * simulation may have charged for gas (each call's `gasUsed` at the block's base fee: some nodes
 * charge it without validation, anvil does not), so a caller compares native changes net of gas.
 */
import { decodeFunctionResult, encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, type Address, type Client, type Hex } from 'viem'
import { simulateBlocks } from 'viem/actions'
import { NATIVE_TOKEN } from './decode-swap-call.js'
import { SWAP_CHANGES_MAX } from '../../../events/kernel/limits.js'

/** Where the native balance probe is placed for the simulation: an address no chain uses. */
export const BALANCE_PROBE: Address = '0x00000000000000000000000000000000ba1a0ce5'
/**
 * The probe's runtime code: `mstore(0, balance(calldataload(0))) return(0, 32)`, the native
 * balance of the address its calldata holds (one ABI word), as one uint256.
 */
export const BALANCE_PROBE_CODE: Hex = '0x600035316000526020 6000f3'.replace(' ', '') as Hex
/** The gas each balance read may take (a hostile token cannot use up the simulation's). */
const READ_GAS = 100_000n
/** keccak256 of `Transfer(address,address,uint256)` (ERC-20 and ERC-721 alike). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** The most token contracts read (the logs of a hostile call could name thousands): with the native currency, at most SWAP_CHANGES_MAX changes, as a stored swap/checked may hold. */
const TOKENS_MAX = SWAP_CHANGES_MAX - 1

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
  /** The most the native change may include for gas, in wei. */
  gas: bigint
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

/** The contracts whose Transfer logs move something from or to `account`, in order of first sight. */
function movedTokens(logs: readonly { address: string; topics: readonly Hex[] }[], account: Address): Address[] {
  const out = new Set<Address>()
  for (const log of logs) {
    const [topic, from, to] = log.topics
    if (topic === TRANSFER_TOPIC && (topicAddress(from) === account || topicAddress(to) === account)) out.add(getAddress(log.address))
  }
  return [...out]
}

type Block = { baseFeePerGas?: bigint | null; calls: readonly { status: string; data: Hex; gasUsed: bigint; logs?: readonly unknown[] | undefined }[] }

/**
 * Simulates `calls` from `account` on the latest block.
 * @param tokens contracts to read balances of besides the ones the calls' Transfer logs name (the swap's two tokens).
 * @returns 'unsupported' when the node has no `eth_simulateV1`; else the first failed call (if any),
 *   the account's asset changes (native first; unchanged assets left out) and the approvals it granted.
 * @throws the node's error for any other failure (a timeout, a malformed answer).
 * @example
 * const outcome = await simulateAssetChanges(client, account, [{ to: router, data, value: 10n ** 17n }])
 * if (outcome !== 'unsupported') outcome.changes // [{ token: NATIVE_TOKEN, diff: -(10n ** 17n) }, …]
 */
export async function simulateAssetChanges(client: Client, account: Address, calls: readonly SimulatedCall[], tokens: readonly Address[] = []): Promise<SimulatedOutcome | 'unsupported'> {
  const sent = calls.map((c) => ({ account, to: c.to, data: c.data, ...(c.value ? { value: c.value } : {}) }))
  let blocks: readonly Block[]
  try {
    const [discovery] = (await simulateBlocks(client, { blocks: [{ calls: sent }] })) as unknown as Block[]
    const logs = discovery!.calls.flatMap((c) => (c.logs ?? []) as { address: string; topics: Hex[] }[])
    const assets = [...new Set([...tokens.map((t) => getAddress(t)).filter((t) => t !== NATIVE_TOKEN), ...movedTokens(logs, account)])].slice(0, TOKENS_MAX)
    const reads = [
      { to: BALANCE_PROBE, data: encodeAbiParameters([{ type: 'address' }], [account]), gas: READ_GAS },
      ...assets.map((token) => ({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] }), gas: READ_GAS })),
    ]
    const three = [{ calls: reads, stateOverrides: [{ address: BALANCE_PROBE, code: BALANCE_PROBE_CODE }] }, { calls: sent }, { calls: reads }]
    blocks = (await simulateBlocks(client, { blocks: three as never })) as unknown as Block[]
    const [pre, run, post] = blocks as [Block, Block, Block]
    const read = (b: Block, i: number) => (b.calls[i]?.status === 'success' && b.calls[i]!.data.length === 66 ? (decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: b.calls[i]!.data }) as bigint) : undefined)
    const failed = run.calls.findIndex((c) => c.status !== 'success')
    const gas = run.calls.reduce((sum, c) => sum + c.gasUsed, 0n) * (run.baseFeePerGas ?? 0n)
    const changes: AssetChange[] = []
    ;[NATIVE_TOKEN, ...assets].forEach((token, i) => {
      const before = read(pre, i)
      const after = read(post, i)
      if (before === undefined || after === undefined) return
      if (after !== before) changes.push({ token, diff: after - before })
    })
    const runLogs = run.calls.flatMap((c) => (c.logs ?? []) as { address: string; topics: Hex[] }[])
    return { ...(failed >= 0 ? { failed } : {}), changes, gas, approvals: approvalsOf(runLogs, account) }
  } catch (error) {
    if (isUnsupportedMethod(error)) return 'unsupported'
    throw error
  }
}
