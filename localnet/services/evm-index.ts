/**
 * An index of one localnet EVM chain for the blockchain service emulator: every block with its
 * transactions and receipts, read incrementally (blocks never change on anvil), turned into
 * transfers: native value, and the ERC20 / ERC721 `Transfer` logs (ERC721 has the token id as a
 * third indexed topic). Token metadata (name, symbol, decimals) is read from the contracts.
 * Demo and test tooling only.
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi, erc721Abi, type Hex } from 'viem'

/** keccak256('Transfer(address,address,uint256)'). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

export interface IndexedTransfer {
  kind: 'native' | 'erc20' | 'erc721'
  /** The token contract (not for native). */
  contract?: Hex
  from: Hex
  to: Hex
  /** Smallest units (wei, token units); 1 for an ERC721. */
  amount: bigint
  tokenId?: bigint
}

export interface IndexedTx {
  hash: Hex
  blockNumber: number
  /** s since the epoch. */
  timestamp: number
  from: Hex
  to: Hex | null
  nonce: number
  status: 'confirmed' | 'failed'
  transfers: IndexedTransfer[]
}

export interface TokenMeta {
  name: string
  symbol: string
  /** 0 for an ERC721 or a contract without decimals(). */
  decimals: number
}

export interface EvmIndex {
  chainId: number
  rpcUrl: string
  /** Reads the blocks mined since the last sync. */
  sync(): Promise<void>
  /** Transactions touching `address` (as sender, receiver or in a transfer), newest first. */
  transactionsOf(address: string): IndexedTx[]
  /** Token contracts `address` has ever sent or received, with their kind. */
  contractsOf(address: string): { contract: Hex; kind: 'erc20' | 'erc721' }[]
  tokenMeta(contract: Hex): Promise<TokenMeta>
  /** One eth_call; undefined when it reverts. */
  call(to: Hex, data: Hex): Promise<Hex | undefined>
}

interface RpcBlock {
  number: Hex
  timestamp: Hex
  transactions: { hash: Hex; from: Hex; to: Hex | null; value: Hex; nonce: Hex }[]
}
interface RpcReceipt {
  transactionHash: Hex
  status: Hex
  logs: { address: Hex; topics: Hex[]; data: Hex }[]
}

const topicAddress = (t: Hex) => `0x${t.slice(26)}` as Hex
const same = (a: string | null | undefined, b: string) => Boolean(a) && a!.toLowerCase() === b.toLowerCase()

async function batch<T>(url: string, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  if (calls.length === 0) return []
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))) })
  const out = (await res.json()) as { id: number; result?: T; error?: { message: string } }[]
  return calls.map((_, i) => {
    const r = out.find((o) => o.id === i)
    if (!r || r.error) throw new Error(r?.error?.message ?? 'no answer')
    return r.result as T
  })
}

export function createEvmIndex(rpcUrl: string, chainId: number): EvmIndex {
  const txs: IndexedTx[] = []
  const metas = new Map<string, Promise<TokenMeta>>()
  let next = 0
  let syncing: Promise<void> | undefined

  const call = async (to: Hex, data: Hex): Promise<Hex | undefined> => {
    try {
      const [r] = await batch<Hex>(rpcUrl, [{ method: 'eth_call', params: [{ to, data }, 'latest'] }])
      return r && r !== '0x' ? r : undefined
    } catch {
      return undefined
    }
  }

  const readBlocks = async () => {
    const [latestHex] = await batch<Hex>(rpcUrl, [{ method: 'eth_blockNumber', params: [] }])
    const latest = Number(latestHex)
    for (let from = next; from <= latest; from += 50) {
      const numbers = Array.from({ length: Math.min(50, latest - from + 1) }, (_, i) => `0x${(from + i).toString(16)}`)
      const blocks = await batch<RpcBlock>(rpcUrl, numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [n, true] })))
      const receipts = await batch<RpcReceipt[]>(rpcUrl, numbers.map((n) => ({ method: 'eth_getBlockReceipts', params: [n] })))
      blocks.forEach((block, i) => {
        for (const tx of block.transactions) {
          const receipt = receipts[i]!.find((r) => r.transactionHash === tx.hash)
          const transfers: IndexedTransfer[] = []
          const ok = receipt?.status === '0x1'
          if (ok && BigInt(tx.value) > 0n && tx.to) transfers.push({ kind: 'native', from: tx.from, to: tx.to, amount: BigInt(tx.value) })
          for (const log of ok ? receipt!.logs : []) {
            if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length < 3) continue
            const base = { contract: log.address, from: topicAddress(log.topics[1]!), to: topicAddress(log.topics[2]!) }
            if (log.topics.length === 4) transfers.push({ kind: 'erc721', ...base, amount: 1n, tokenId: BigInt(log.topics[3]!) })
            else transfers.push({ kind: 'erc20', ...base, amount: BigInt(log.data) })
          }
          txs.push({ hash: tx.hash, blockNumber: Number(block.number), timestamp: Number(block.timestamp), from: tx.from, to: tx.to, nonce: Number(tx.nonce), status: ok ? 'confirmed' : 'failed', transfers })
        }
      })
      next = from + numbers.length
    }
  }

  return {
    chainId,
    rpcUrl,
    call,
    // Syncs run one at a time; a caller arriving during a sync waits for it, then reads anything newer.
    async sync() {
      while (syncing) await syncing
      syncing = readBlocks().finally(() => (syncing = undefined))
      await syncing
    },
    transactionsOf(address) {
      return txs
        .filter((t) => same(t.from, address) || same(t.to, address) || t.transfers.some((x) => same(x.from, address) || same(x.to, address)))
        .sort((a, b) => b.blockNumber - a.blockNumber || b.nonce - a.nonce)
    },
    contractsOf(address) {
      const seen = new Map<string, { contract: Hex; kind: 'erc20' | 'erc721' }>()
      for (const t of txs) {
        for (const x of t.transfers) {
          if (x.kind !== 'native' && (same(x.from, address) || same(x.to, address))) seen.set(x.contract!.toLowerCase(), { contract: x.contract!, kind: x.kind })
        }
      }
      return [...seen.values()]
    },
    tokenMeta(contract) {
      const key = contract.toLowerCase()
      let meta = metas.get(key)
      if (!meta) {
        const read = async (abi: typeof erc20Abi | typeof erc721Abi, functionName: 'name' | 'symbol' | 'decimals') => {
          const r = await call(contract, encodeFunctionData({ abi: abi as typeof erc20Abi, functionName }))
          return r === undefined ? undefined : decodeFunctionResult({ abi: abi as typeof erc20Abi, functionName, data: r })
        }
        meta = (async () => ({
          name: String((await read(erc20Abi, 'name')) ?? 'Unknown token'),
          symbol: String((await read(erc20Abi, 'symbol')) ?? '???'),
          decimals: Number((await read(erc20Abi, 'decimals')) ?? 0),
        }))()
        metas.set(key, meta)
      }
      return meta
    },
  }
}
