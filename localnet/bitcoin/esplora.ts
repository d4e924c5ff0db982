/**
 * The Bitcoin regtest stand-in behind Esplora's REST API (Blockstream/electrs `src/rest.rs`, branch
 * new-index; `v1_p2tr` as mempool/electrs `src/rest.rs` names it; docs/services.md "Bitcoin"),
 * on 127.0.0.1: the paths, JSON fields, plain-text answers and plain-text errors a client of a real
 * Esplora reads. Beside them, one route of its own, as anvil's `evm_mine` is: `POST /regtest/mine`
 * `{ blocks, address }` mines blocks to `address` (the stand-in also mines one block `autoMineMs`
 * after a transaction enters its mempool, when given). Demo and test tooling only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Address, NETWORK, Script, TEST_NETWORK } from '@scure/btc-signer'
import { bytesToHex } from '@noble/hashes/utils'
import { listenOnLoopback, readBody } from '../http.js'
import { addressOf, createRegtestChain, REGTEST, RegtestRejection, type ChainTx, type RegtestChain, type TxOutput } from './regtest-chain.js'

/** Esplora's page sizes (electrs `src/rest.rs`): mempool transactions first, then chain ones. */
const MAX_MEMPOOL_TXS = 50
const CHAIN_TXS_PER_PAGE = 25
/** The confirmation targets Esplora answers fee estimates for (electrs `src/new_index/query.rs` CONF_TARGETS). */
const CONF_TARGETS = [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008]
/** The largest body `POST /tx` takes: a 400 kWU transaction in hex, with room. */
const MAX_TX_BODY = 1_000_000

/** A script as rust-bitcoin's `asm` writes it (what Esplora's `*_asm` fields carry). */
export function scriptAsm(script: Uint8Array): string {
  let ops
  try {
    ops = Script.decode(script)
  } catch {
    return '<push past end>'
  }
  return ops
    .map((op) => {
      if (op instanceof Uint8Array) {
        const n = op.length
        const push = n <= 75 ? `OP_PUSHBYTES_${n}` : n <= 0xff ? 'OP_PUSHDATA1' : n <= 0xffff ? 'OP_PUSHDATA2' : 'OP_PUSHDATA4'
        return n === 0 ? 'OP_0' : `${push} ${bytesToHex(op)}`
      }
      if (typeof op === 'number') return op === 0 ? 'OP_0' : op === -1 ? 'OP_PUSHNUM_NEG1' : `OP_PUSHNUM_${op}`
      return `OP_${op}`
    })
    .join(' ')
}

/** An output script's `scriptpubkey_type` (electrs `src/rest.rs`, with mempool/electrs' `v1_p2tr`). */
export function scriptType(script: Uint8Array): string {
  const b = script
  if (b.length === 0) return 'empty'
  if (b[0] === 0x6a) return 'op_return'
  if (b.length === 22 && b[0] === 0x00 && b[1] === 0x14) return 'v0_p2wpkh'
  if (b.length === 34 && b[0] === 0x00 && b[1] === 0x20) return 'v0_p2wsh'
  if (b.length === 34 && b[0] === 0x51 && b[1] === 0x20) return 'v1_p2tr'
  if (b.length === 25 && b[0] === 0x76 && b[1] === 0xa9 && b[2] === 0x14 && b[23] === 0x88 && b[24] === 0xac) return 'p2pkh'
  if (b.length === 23 && b[0] === 0xa9 && b[1] === 0x14 && b[22] === 0x87) return 'p2sh'
  if ((b.length === 35 || b.length === 67) && b[b.length - 1] === 0xac) return 'p2pk'
  return 'unknown'
}

const txOut = (o: TxOutput) => {
  const address = addressOf(o.script)
  return { scriptpubkey: bytesToHex(o.script), scriptpubkey_asm: scriptAsm(o.script), scriptpubkey_type: scriptType(o.script), ...(address ? { scriptpubkey_address: address } : {}), value: Number(o.value) }
}

/** A transaction's status (electrs `TransactionStatus`): `{ confirmed: false }` in the mempool. */
const statusOf = (t: ChainTx | undefined) => (t?.block ? { confirmed: true, block_height: t.block.height, block_hash: t.block.hash, block_time: t.block.time } : { confirmed: false })

/** A transaction as `GET /tx/:txid` gives it (electrs `TransactionValue`). */
export function txJson(t: ChainTx) {
  return {
    txid: t.txid,
    version: t.version,
    locktime: t.locktime,
    vin: t.inputs.map((i) => ({
      txid: i.txid,
      vout: i.vout,
      prevout: i.prevout ? txOut(i.prevout) : null,
      scriptsig: bytesToHex(i.scriptSig),
      scriptsig_asm: scriptAsm(i.scriptSig),
      ...(i.witness.length ? { witness: i.witness.map(bytesToHex) } : {}),
      is_coinbase: t.coinbase,
      sequence: i.sequence,
    })),
    vout: t.outputs.map(txOut),
    size: t.size,
    weight: t.weight,
    fee: Number(t.fee),
    status: statusOf(t),
  }
}

/** Esplora's address stats (electrs `ScriptStats`) of `address`, on chain and in the mempool. */
function addressStats(chain: RegtestChain, address: string) {
  const stats = (confirmed: boolean) => {
    let tx_count = 0
    let funded_txo_count = 0
    let funded_txo_sum = 0
    let spent_txo_count = 0
    let spent_txo_sum = 0
    for (const t of chain.txsOf(address)) {
      if (!!t.block !== confirmed) continue
      tx_count++
      for (const o of t.outputs) if (addressOf(o.script) === address) (funded_txo_count++, (funded_txo_sum += Number(o.value)))
      for (const i of t.inputs) if (i.prevout && addressOf(i.prevout.script) === address) (spent_txo_count++, (spent_txo_sum += Number(i.prevout.value)))
    }
    return { funded_txo_count, funded_txo_sum, spent_txo_count, spent_txo_sum, tx_count }
  }
  return { address, chain_stats: stats(true), mempool_stats: stats(false) }
}

/**
 * Whether `address` is a regtest address: undefined when it is, else Esplora's 400 message
 * ('Invalid Bitcoin address', or 'Address on invalid network' for another network's).
 */
function addressProblem(address: string): string | undefined {
  const on = (network: typeof NETWORK) => {
    try {
      Address(network).decode(address)
      return true
    } catch {
      return false
    }
  }
  if (on(REGTEST)) return undefined
  return on(NETWORK) || on(TEST_NETWORK) ? 'Address on invalid network' : 'Invalid Bitcoin address'
}

export interface Esplora {
  /** The Esplora base URL (`http://127.0.0.1:<port>`), as a site gives it in `services.bitcoin`. */
  url: string
  chain: RegtestChain
  stop(): Promise<void>
}

/**
 * Starts the stand-in on `port` (0: a free one) over `chain` (a new regtest chain by default).
 * `autoMineMs`: mine one block to `minerAddress` that long after a transaction enters the mempool.
 * @example const esplora = await startEsplora({ port: 0 }); esplora.chain.mine(101, address)
 */
export async function startEsplora({ port = 0, chain = createRegtestChain(), autoMineMs, minerAddress }: { port?: number; chain?: RegtestChain; autoMineMs?: number; minerAddress?: string } = {}): Promise<Esplora> {
  let autoMine: ReturnType<typeof setTimeout> | undefined
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const headers = { 'access-control-allow-origin': '*' }
    const text = (status: number, body: string, maxAge = 10) => void res.writeHead(status, { ...headers, 'content-type': 'text/plain', 'cache-control': `public, max-age=${maxAge}` }).end(body)
    const json = (body: unknown, maxAge = 10) => void res.writeHead(200, { ...headers, 'content-type': 'application/json', 'cache-control': `public, max-age=${maxAge}` }).end(JSON.stringify(body))
    if (req.method === 'OPTIONS') return void res.writeHead(204, { ...headers, 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS' }).end()
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const parts = path.split('/').filter(Boolean)
    const route = async () => {
      if (req.method === 'POST' && path === '/tx') {
        const body = await readBody(req)
        if (body.length > MAX_TX_BODY) return text(400, 'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}')
        try {
          const txid = chain.accept(body)
          if (autoMineMs !== undefined && minerAddress && !autoMine) autoMine = setTimeout(() => ((autoMine = undefined), chain.mine(1, minerAddress)), autoMineMs)
          return text(200, txid, 0)
        } catch (error) {
          if (!(error instanceof RegtestRejection)) throw error
          return text(400, `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.message })}`)
        }
      }
      if (req.method === 'POST' && path === '/regtest/mine') {
        const { blocks, address } = JSON.parse((await readBody(req)).slice(0, 10_000) || '{}') as { blocks?: unknown; address?: unknown }
        if (typeof address !== 'string' || addressProblem(address)) return text(400, 'Invalid Bitcoin address')
        const count = Number.isSafeInteger(blocks) && (blocks as number) > 0 && (blocks as number) <= 1000 ? (blocks as number) : 1
        return json(chain.mine(count, address), 0)
      }
      if (req.method !== 'GET') return text(404, `endpoint does not exist ${JSON.stringify(path)}`)
      if (path === '/blocks/tip/height') return text(200, String(chain.tip().height), 0)
      if (path === '/blocks/tip/hash') return text(200, chain.tip().hash, 0)
      if (parts[0] === 'block-height' && parts.length === 2) {
        const block = /^\d{1,10}$/.test(parts[1]!) ? chain.block(Number(parts[1])) : undefined
        return block ? text(200, block.hash) : text(404, 'Block not found')
      }
      if (path === '/fee-estimates') return json(Object.fromEntries(CONF_TARGETS.map((target) => [String(target), target === 1 ? 2 : 1])))
      if (parts[0] === 'address' && parts.length >= 2) {
        const address = decodeURIComponent(parts[1]!)
        const problem = addressProblem(address)
        if (problem) return text(400, problem)
        const rest = parts.slice(2).join('/')
        if (rest === '') return json(addressStats(chain, address), 0)
        if (rest === 'utxo') return json(chain.utxosOf(address).map((u) => ({ txid: u.txid, vout: u.vout, status: statusOf(chain.tx(u.txid)), value: Number(u.value) })), 0)
        const all = chain.txsOf(address)
        const mempool = all.filter((t) => !t.block).slice(0, MAX_MEMPOOL_TXS)
        const confirmed = all.filter((t) => t.block)
        if (rest === 'txs') return json([...mempool, ...confirmed.slice(0, CHAIN_TXS_PER_PAGE)].map(txJson), 0)
        if (rest === 'txs/mempool') return json(mempool.map(txJson), 0)
        if (parts[2] === 'txs' && parts[3] === 'chain' && parts.length <= 5) {
          const after = parts[4]
          if (after !== undefined && !/^[0-9a-f]{64}$/.test(after)) return text(400, 'Invalid hex string')
          const start = after === undefined ? 0 : confirmed.findIndex((t) => t.txid === after) + 1
          return json((after !== undefined && start === 0 ? [] : confirmed.slice(start, start + CHAIN_TXS_PER_PAGE)).map(txJson), 0)
        }
      }
      if (parts[0] === 'tx' && parts.length >= 2) {
        if (!/^[0-9a-f]{64}$/.test(parts[1]!)) return text(400, 'Invalid hex string')
        const t = chain.tx(parts[1]!)
        if (parts.length === 3 && parts[2] === 'status') return json(statusOf(t), 0)
        if (!t) return text(404, 'Transaction not found')
        if (parts.length === 2) return json(txJson(t), 0)
        if (parts.length === 3 && parts[2] === 'hex') return text(200, bytesToHex(t.raw))
      }
      return text(404, `endpoint does not exist ${JSON.stringify(path)}`)
    }
    route().catch((error: unknown) => {
      if (!res.headersSent) text(400, String((error as Error)?.message ?? error).slice(0, 200))
    })
  }
  const server = await listenOnLoopback(handler, port)
  return {
    url: `http://127.0.0.1:${server.port}`,
    chain,
    stop: async () => {
      clearTimeout(autoMine)
      await server.stop()
    },
  }
}
