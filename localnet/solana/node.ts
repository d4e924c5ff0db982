/**
 * A Solana localnet: litesvm (the SPL Token, Token-2022, Associated Token and Memo programs are
 * preloaded) behind the JSON-RPC methods web3.js 1.x uses, on 127.0.0.1, with its websocket on
 * port + 1 (web3.js confirms transactions through signatureSubscribe there).
 * A new blockhash is issued after each landed transaction (so a resent identical transaction gets a
 * new one), and, as on a real chain, any of the last 150 is accepted: litesvm itself would accept
 * only its latest, which breaks web3.js's blockhash cache.
 * Demo and test tooling only.
 */
import { address as toAddress, getBase58Decoder, getBase58Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder, lamports as toLamports, type Address } from '@solana/kit'
import { unpackAccount, unpackMint, TOKEN_PROGRAM_ID } from '@solana/spl-token'
import { PublicKey } from '@solana/web3.js'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { readBody } from '../http.js'
import { createServer, type Server } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'

/** The localnet's genesis hash (fixed, so its CAIP-2 id `solana:<first 32 chars>` is stable). */
export const SOLANA_GENESIS_HASH = 'GangwayLocaLnet11111111111111111111111111111'
/** How many recent blockhashes a transaction may use (Solana's ~150 blocks). */
const BLOCKHASH_WINDOW = 150

/** CAIP-2 id of the Solana localnet. */
export const SOLANA_LOCALNET_CAIP2 = `solana:${SOLANA_GENESIS_HASH.slice(0, 32)}`

export interface SolanaNode {
  /** HTTP JSON-RPC URL. */
  url: string
  /** Websocket URL (port + 1). */
  wsUrl: string
  svm: LiteSVM
  stop(): Promise<void>
}

interface RpcRequest {
  id: number | string
  method: string
  params?: unknown[]
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const base58 = { encode: (bytes: Uint8Array) => getBase58Decoder().decode(bytes), decode: (s: string) => getBase58Encoder().encode(s) }


/** Starts the node on `port` (HTTP) and `port + 1` (websocket). */
export async function startSolanaNode({ port }: { port: number }): Promise<SolanaNode> {
  const svm = new LiteSVM().withBlockhashCheck(false)
  let slot = 1n
  /** Blockhashes issued, newest last; a transaction must use one of the last BLOCKHASH_WINDOW. */
  const recent: string[] = [svm.latestBlockhash()]
  const statuses = new Map<string, { slot: bigint; err: unknown }>()
  const watchers = new Map<string, Set<() => void>>()
  const context = () => ({ slot: Number(slot) })

  const accountInfo = (pubkey: string, encoding = 'base64') => {
    const a = svm.getAccount(toAddress(pubkey))
    if (!a.exists) return null
    const data = Buffer.from(a.data as Uint8Array)
    const info = { executable: a.executable, lamports: Number(a.lamports), owner: a.programAddress, rentEpoch: 0, space: data.length }
    if (encoding === 'jsonParsed' && a.programAddress === TOKEN_PROGRAM_ID.toBase58()) return { ...info, data: parsedToken(pubkey, data) }
    return { ...info, data: [data.toString('base64'), 'base64'] }
  }

  const parsedToken = (pubkey: string, data: Buffer) => {
    const key = new PublicKey(pubkey)
    const owner = TOKEN_PROGRAM_ID
    if (data.length === 82) {
      const m = unpackMint(key, { data, owner, lamports: 0, executable: false })
      return { program: 'spl-token', parsed: { type: 'mint', info: { decimals: m.decimals, supply: m.supply.toString(), isInitialized: m.isInitialized } }, space: data.length }
    }
    const t = unpackAccount(key, { data, owner, lamports: 0, executable: false })
    const mintData = svm.getAccount(toAddress(t.mint.toBase58()))
    const decimals = mintData.exists ? unpackMint(t.mint, { data: Buffer.from(mintData.data as Uint8Array), owner, lamports: 0, executable: false }).decimals : 0
    const amount = t.amount.toString()
    const ui = Number(amount) / 10 ** decimals
    return {
      program: 'spl-token',
      parsed: { type: 'account', info: { mint: t.mint.toBase58(), owner: t.owner.toBase58(), state: 'initialized', tokenAmount: { amount, decimals, uiAmount: ui, uiAmountString: String(ui) } } },
      space: data.length,
    }
  }

  /** Records a landed transaction: its status, a new slot and blockhash, and wakes its subscribers. */
  const landed = (signature: string, err: unknown) => {
    statuses.set(signature, { slot, err })
    slot++
    svm.expireBlockhash()
    recent.push(svm.latestBlockhash())
    if (recent.length > BLOCKHASH_WINDOW) recent.shift()
    for (const wake of watchers.get(signature) ?? []) wake()
    watchers.delete(signature)
  }

  const send = (b64: string, skipPreflight: boolean) => {
    const tx = getTransactionDecoder().decode(Buffer.from(b64, 'base64'))
    const { lifetimeToken } = getCompiledTransactionMessageDecoder().decode(tx.messageBytes)
    if (!recent.includes(lifetimeToken)) throw new RpcError(-32002, 'Transaction simulation failed: Blockhash not found', { err: 'BlockhashNotFound', logs: [] })
    if (!skipPreflight) {
      const sim = svm.simulateTransaction(tx)
      if (sim instanceof FailedTransactionMetadata) {
        throw new RpcError(-32002, `Transaction simulation failed: ${sim.toString()}`, { err: sim.toString(), logs: sim.meta().logs(), accounts: null, unitsConsumed: 0 })
      }
    }
    const result = svm.sendTransaction(tx)
    if (result instanceof FailedTransactionMetadata) throw new RpcError(-32002, `Transaction failed: ${result.toString()}`, { err: result.toString(), logs: result.meta().logs() })
    const signature = base58.encode(result.signature())
    landed(signature, null)
    return signature
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getVersion: () => ({ 'solana-core': '2.0.0-litesvm', 'feature-set': 0 }),
    getGenesisHash: () => SOLANA_GENESIS_HASH,
    getHealth: () => 'ok',
    getSlot: () => Number(slot),
    getBlockHeight: () => Number(slot),
    getEpochInfo: () => ({ absoluteSlot: Number(slot), blockHeight: Number(slot), epoch: 0, slotIndex: Number(slot), slotsInEpoch: 432000, transactionCount: statuses.size }),
    getLatestBlockhash: () => ({ context: context(), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: Number(slot) + 150 } }),
    getRecentBlockhash: () => ({ context: context(), value: { blockhash: svm.latestBlockhash(), feeCalculator: { lamportsPerSignature: 5000 } } }),
    isBlockhashValid: ([hash]) => ({ context: context(), value: recent.includes(String(hash)) }),
    getFeeForMessage: () => ({ context: context(), value: 5000 }),
    getMinimumBalanceForRentExemption: ([len]) => Number(svm.minimumBalanceForRentExemption(BigInt(Number(len)))),
    getBalance: ([pubkey]) => ({ context: context(), value: Number(svm.getBalance(toAddress(String(pubkey))) ?? 0n) }),
    getAccountInfo: ([pubkey, config]) => ({ context: context(), value: accountInfo(String(pubkey), (config as { encoding?: string } | undefined)?.encoding) }),
    getMultipleAccounts: ([keys, config]) => ({ context: context(), value: (keys as string[]).map((k) => accountInfo(k, (config as { encoding?: string } | undefined)?.encoding)) }),
    getTokenAccountBalance: ([pubkey]) => {
      const a = svm.getAccount(toAddress(String(pubkey)))
      if (!a.exists) throw new RpcError(-32602, 'Invalid param: could not find account')
      const parsed = parsedToken(String(pubkey), Buffer.from(a.data as Uint8Array)) as { parsed: { info: { tokenAmount?: unknown } } }
      if (!parsed.parsed.info.tokenAmount) throw new RpcError(-32602, 'Invalid param: not a token account')
      return { context: context(), value: parsed.parsed.info.tokenAmount }
    },
    getTokenAccountsByOwner: ([owner, filter, config]) => {
      const f = filter as { mint?: string; programId?: string }
      const encoding = (config as { encoding?: string } | undefined)?.encoding ?? 'base64'
      const value = svm
        .getProgramAccounts(toAddress(TOKEN_PROGRAM_ID.toBase58()))
        .filter((a) => (a.data as Uint8Array).length === 165)
        .map((a) => ({ pubkey: a.address as string, account: unpackAccount(new PublicKey(a.address), { data: Buffer.from(a.data as Uint8Array), owner: TOKEN_PROGRAM_ID, lamports: 0, executable: false }) }))
        .filter(({ account }) => account.owner.toBase58() === owner && (!f.mint || account.mint.toBase58() === f.mint))
        .map(({ pubkey }) => ({ pubkey, account: accountInfo(pubkey, encoding) }))
      return { context: context(), value }
    },
    requestAirdrop: ([pubkey, amount]) => {
      const result = svm.airdrop(toAddress(String(pubkey)), toLamports(BigInt(Number(amount))))
      if (!result || result instanceof FailedTransactionMetadata) throw new RpcError(-32603, `airdrop failed: ${result?.toString()}`)
      const signature = base58.encode(result.signature())
      landed(signature, null)
      return signature
    },
    sendTransaction: ([tx, config]) => send(String(tx), Boolean((config as { skipPreflight?: boolean } | undefined)?.skipPreflight)),
    simulateTransaction: ([tx]) => {
      const sim = svm.simulateTransaction(getTransactionDecoder().decode(Buffer.from(String(tx), 'base64')))
      if (sim instanceof FailedTransactionMetadata) return { context: context(), value: { err: sim.toString(), logs: sim.meta().logs(), accounts: null, unitsConsumed: 0 } }
      return { context: context(), value: { err: null, logs: sim.meta().logs(), accounts: null, unitsConsumed: Number(sim.meta().computeUnitsConsumed()) } }
    },
    getSignatureStatuses: ([sigs]) => ({
      context: context(),
      value: (sigs as string[]).map((sig) => {
        const s = statuses.get(sig)
        return s ? { slot: Number(s.slot), confirmations: null, err: s.err, status: s.err ? { Err: s.err } : { Ok: null }, confirmationStatus: 'finalized' } : null
      }),
    }),
  }

  const answer = (req: RpcRequest) => {
    const method = methods[req.method]
    if (!method) return { jsonrpc: '2.0', id: req.id, error: { code: -32601, message: `Method not found: ${req.method}` } }
    try {
      return { jsonrpc: '2.0', id: req.id, result: method(req.params ?? []) }
    } catch (error) {
      const e = error instanceof RpcError ? error : new RpcError(-32603, String((error as Error)?.message ?? error))
      return { jsonrpc: '2.0', id: req.id, error: { code: e.code, message: e.message, ...(e.data ? { data: e.data } : {}) } }
    }
  }

  const http: Server = createServer(async (req, res) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, OPTIONS' }
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end()
    let body: unknown
    try {
      body = JSON.parse(await readBody(req))
    } catch {
      return void res.writeHead(200, headers).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
    }
    const out = Array.isArray(body) ? body.map((r) => answer(r as RpcRequest)) : answer(body as RpcRequest)
    res.writeHead(200, headers).end(JSON.stringify(out))
  })

  // The websocket: signatureSubscribe notifies once the signature has landed (at once if it has).
  const ws = new WebSocketServer({ host: '127.0.0.1', port: port + 1 })
  let nextSubscription = 1
  ws.on('connection', (socket: WebSocket) => {
    socket.on('message', (raw) => {
      let req: RpcRequest
      try {
        req = JSON.parse(String(raw)) as RpcRequest
      } catch {
        return
      }
      const reply = (result: unknown) => socket.send(JSON.stringify({ jsonrpc: '2.0', id: req.id, result }))
      if (req.method.endsWith('Unsubscribe')) return reply(true)
      if (!req.method.endsWith('Subscribe')) return socket.send(JSON.stringify(answer(req)))
      const subscription = nextSubscription++
      reply(subscription)
      if (req.method !== 'signatureSubscribe') return
      const signature = String(req.params?.[0])
      const notify = () => {
        const s = statuses.get(signature)
        if (socket.readyState !== socket.OPEN) return
        socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot: Number(s?.slot ?? slot) }, value: { err: s?.err ?? null } }, subscription } }))
      }
      if (statuses.has(signature)) setTimeout(notify, 0)
      else {
        const set = watchers.get(signature) ?? new Set()
        set.add(notify)
        watchers.set(signature, set)
      }
    })
  })

  await new Promise<void>((r) => http.listen(port, '127.0.0.1', () => r()))
  await new Promise<void>((r) => (ws.address() ? r() : ws.once('listening', () => r())))
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port + 1}`,
    svm,
    stop: async () => {
      for (const client of ws.clients) client.terminate()
      await Promise.all([new Promise<void>((r) => ws.close(() => r())), new Promise<void>((r) => (http.closeAllConnections(), http.close(() => r())))])
    },
  }
}

export type { Address }
