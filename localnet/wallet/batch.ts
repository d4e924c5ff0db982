/**
 * The Localnet Wallet's EIP-5792 (issue 22): atomic batches through an EIP-7702 delegation of the
 * dev account to Simple7702Account (localnet/batch-delegate.ts).
 * - `wallet_getCapabilities`: `atomic` is 'supported' where the account is delegated, else 'ready'
 *   (the wallet upgrades it with the visitor's approval of the first batch);
 * - `wallet_sendCalls`: one transaction from the account to itself calling `executeBatch(calls)`;
 *   when the account is not yet delegated, that transaction carries the account's signed EIP-7702
 *   authorization (a type-4 transaction, signed with the dev account's key from anvil's "test …
 *   junk" mnemonic). `executeBatch` reverts every call when one reverts: all or nothing;
 * - `wallet_getCallsStatus`: 100 until the receipt, then 200 or 500 (reverted, nothing applied),
 *   `atomic: true`, the one receipt.
 * Demo and test tooling only.
 */
import { createWalletClient, defineChain, encodeFunctionData, http, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { ProviderRpcError } from './rpc-error.js'

/** Anvil's dev accounts come from this mnemonic (public test keys). */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
const EXECUTE_BATCH = [
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'calls', type: 'tuple[]', components: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'data', type: 'bytes' }] }],
    outputs: [],
  },
] as const

export interface BatchChain {
  chainId: number
  rpcUrl: string
}

interface SentBatch {
  chainId: number
  hash: Hex
}

/** What the batch methods need from the wallet. */
export interface BatchDeps {
  /** Simple7702Account by chain id. */
  delegates: Record<number, Hex>
  chain(): BatchChain
  chains(): BatchChain[]
  anvil(method: string, params?: unknown, chain?: BatchChain): Promise<unknown>
  /** The dev account index of `address` (it must be one anvil's mnemonic derives). */
  accountIndex(address: string): Promise<number>
  /** May the site use `address`? @throws ProviderRpcError 4100 when not. */
  mayUse(address: string | undefined): Promise<void>
  /** Shows the approval prompt. @throws ProviderRpcError 4001 on Reject. */
  approve(text: string): Promise<void>
}

export function batchMethods(deps: BatchDeps) {
  const sent = new Map<string, SentBatch>()
  const delegate = (chain: BatchChain): Hex => {
    const d = deps.delegates[chain.chainId]
    if (!d) throw new ProviderRpcError(5710, 'This Wallet does not support the requested chain ID.')
    return d
  }
  const delegated = async (address: string, chain: BatchChain) => String(await deps.anvil('eth_getCode', [address, 'latest'], chain)).toLowerCase() === `0xef0100${delegate(chain).slice(2).toLowerCase()}`

  return {
    async getCapabilities(params: unknown): Promise<Record<string, { atomic: { status: 'supported' | 'ready' } }>> {
      const [address, asked] = (params ?? []) as [string, string[] | undefined]
      await deps.mayUse(address)
      const chains = deps.chains().filter((c) => deps.delegates[c.chainId] && (!asked || asked.some((h) => Number(h) === c.chainId)))
      const out: Record<string, { atomic: { status: 'supported' | 'ready' } }> = {}
      for (const c of chains) out[`0x${c.chainId.toString(16)}`] = { atomic: { status: (await delegated(address, c)) ? 'supported' : 'ready' } }
      return out
    },

    async sendCalls(params: unknown): Promise<{ id: string }> {
      const [request] = (params ?? []) as [{ from?: string; chainId?: string; calls?: { to?: Hex; data?: Hex; value?: Hex }[]; id?: string } | undefined]
      const chain = deps.chain()
      if (!request?.calls?.length || !request.from) throw new ProviderRpcError(-32602, 'Invalid params: from and calls are required')
      if (Number(request.chainId) !== chain.chainId) throw new ProviderRpcError(5710, 'This Wallet does not support the requested chain ID.')
      await deps.mayUse(request.from)
      const upgrade = !(await delegated(request.from, chain))
      await deps.approve(`${upgrade ? 'Upgrade to a smart account and send' : 'Send'} ${request.calls.length} calls at once on chain ${chain.chainId}?`)
      const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: await deps.accountIndex(request.from) })
      const client = createWalletClient({
        account,
        chain: defineChain({ id: chain.chainId, name: `Localnet ${chain.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } }),
        transport: http(chain.rpcUrl),
      })
      const data = encodeFunctionData({ abi: EXECUTE_BATCH, functionName: 'executeBatch', args: [request.calls.map((c) => ({ target: c.to ?? account.address, value: BigInt(c.value ?? '0x0'), data: c.data ?? '0x' }))] })
      // The account calls itself; an executeBatch that reverts uses all its gas, so the gas is set, not estimated.
      const authorizationList = upgrade ? [await client.signAuthorization({ contractAddress: delegate(chain), executor: 'self' })] : undefined
      const hash = await client.sendTransaction({ to: account.address, data, gas: 1_000_000n, ...(authorizationList ? { authorizationList } : {}) })
      const id = request.id ?? hash
      if (sent.has(id)) throw new ProviderRpcError(5720, 'There is already a bundle submitted with this ID.')
      sent.set(id, { chainId: chain.chainId, hash })
      return { id }
    },

    async getCallsStatus(params: unknown): Promise<unknown> {
      const [id] = (params ?? []) as [string]
      const batch = sent.get(id)
      if (!batch) throw new ProviderRpcError(5730, 'This bundle id is unknown / has not been submitted')
      const chain = deps.chains().find((c) => c.chainId === batch.chainId)!
      const receipt = (await deps.anvil('eth_getTransactionReceipt', [batch.hash], chain)) as { status: string; logs: { address: string; data: string; topics: string[] }[]; blockHash: string; blockNumber: string; gasUsed: string; transactionHash: string } | null
      const base = { version: '2.0.0', id, chainId: `0x${batch.chainId.toString(16)}`, atomic: true }
      if (!receipt) return { ...base, status: 100 }
      const { status, logs, blockHash, blockNumber, gasUsed, transactionHash } = receipt
      return { ...base, status: status === '0x1' ? 200 : 500, receipts: [{ status, logs: logs.map(({ address, data, topics }) => ({ address, data, topics })), blockHash, blockNumber, gasUsed, transactionHash }] }
    },
  }
}
