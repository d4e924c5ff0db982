/**
 * Client of a Bitcoin Esplora REST API (`services.bitcoin`, a site's own; docs/services.md
 * "Bitcoin"): an address's UTXOs and history, fee estimates, and a broadcast. Answers are remote
 * data: each entry is checked and reduced to what Gangway uses, malformed ones are dropped, lists
 * are cut (ESPLORA_LIST_MAX entries), amounts must be whole satoshis within Bitcoin's supply.
 * The transport is the caller's (`EsploraTransport`): the engine's service fetch, with its timeout,
 * its size bound and its AbortSignal.
 */
import { GangwayError } from '../events/kernel/errors.js'
import type { ServiceFetch } from './service-fetch.js'

/** How Gangway reaches the Esplora: GET a path's JSON, POST a path with a text body and read its text. */
export interface EsploraTransport {
  getJson(path: string, signal?: AbortSignal): Promise<unknown>
  postText(path: string, body: string, signal?: AbortSignal): Promise<string>
}

/** The most entries of a list read (UTXOs, transactions, inputs or outputs of one). */
export const ESPLORA_LIST_MAX = 500
/** Bitcoin's supply cap in satoshis: no amount is larger. */
const MAX_SATOSHIS = 21_000_000n * 100_000_000n

/** An unspent output: its outpoint, amount in satoshis, and whether it is confirmed. */
export interface EsploraUtxo {
  txid: string
  vout: number
  valueSatoshis: bigint
  confirmed: boolean
}

/** A transaction of an address's history, as the Activity tab shows it. */
export interface EsploraTx {
  txid: string
  confirmed: boolean
  /** Unix s of its block, when confirmed. */
  blockTime?: number
  /** What the address gained (positive) or paid (negative, the fee included), in satoshis. */
  netSatoshis: bigint
  feeSatoshis: bigint
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const txid = (v: unknown): string | undefined => (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v) ? v : undefined)
const satoshis = (v: unknown): bigint | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && BigInt(v) <= MAX_SATOSHIS ? BigInt(v) : undefined)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v.slice(0, ESPLORA_LIST_MAX) : [])
const confirmedOf = (status: unknown) => obj(status)?.confirmed === true

/**
 * `GET /address/:address/utxo`, read: the address's spendable outputs (mempool ones included, as
 * Esplora answers them).
 * @throws what the transport throws (a refused address is its 400).
 * @example const utxos = await esploraUtxos(transport, 'bcrt1q…')
 */
export async function esploraUtxos(transport: EsploraTransport, address: string, signal?: AbortSignal): Promise<EsploraUtxo[]> {
  return readUtxos(await transport.getJson(`/address/${encodeURIComponent(address)}/utxo`, signal))
}

/** An Esplora UTXO list read (see esploraUtxos); malformed entries are dropped. */
export function readUtxos(answer: unknown): EsploraUtxo[] {
  return list(answer).flatMap((v) => {
    const u = obj(v)
    const id = txid(u?.txid)
    const value = satoshis(u?.value)
    const vout = u?.vout
    return id && value !== undefined && typeof vout === 'number' && Number.isSafeInteger(vout) && vout >= 0 ? [{ txid: id, vout, valueSatoshis: value, confirmed: confirmedOf(u!.status) }] : []
  })
}

/** How many confirmed transactions an Esplora lists in one page of an address's history (electrs `CHAIN_TXS_PER_PAGE`). */
export const ESPLORA_CHAIN_PAGE = 25

/**
 * `GET /address/:address/txs` (the mempool's, then the first ESPLORA_CHAIN_PAGE confirmed), or with
 * `afterTxid` (a confirmed txid of the page before, 64 hex) `GET /address/:address/txs/chain/:afterTxid`
 * (the next ESPLORA_CHAIN_PAGE confirmed), read as `address`'s history: for each transaction, what it
 * gained or paid (its outputs to the address less its inputs from it).
 * @throws GangwayError 'Invalid cursor' for an `afterTxid` that is not a txid (nothing is asked).
 * @example const history = await esploraHistory(transport, 'bcrt1q…')
 */
export async function esploraHistory(transport: EsploraTransport, address: string, signal?: AbortSignal, afterTxid?: string): Promise<EsploraTx[]> {
  if (afterTxid !== undefined && !txid(afterTxid)) throw new GangwayError('Invalid cursor', { category: 'DATA_PARSING_ERROR', details: 'not a txid' })
  return readHistory(await transport.getJson(`/address/${encodeURIComponent(address)}/txs${afterTxid ? `/chain/${afterTxid}` : ''}`, signal), address)
}

/** An Esplora transaction list read for `address` (see esploraHistory); malformed entries are dropped. */
export function readHistory(answer: unknown, address: string): EsploraTx[] {
  return list(answer).flatMap((v) => {
    const t = obj(v)
    const id = txid(t?.txid)
    const fee = satoshis(t?.fee)
    if (!t || !id || fee === undefined || !Array.isArray(t.vin) || !Array.isArray(t.vout)) return []
    let net = 0n
    for (const o of list(t.vout)) if (obj(o)?.scriptpubkey_address === address) net += satoshis(obj(o)!.value) ?? 0n
    for (const i of list(t.vin)) {
      const prevout = obj(obj(i)?.prevout)
      if (prevout?.scriptpubkey_address === address) net -= satoshis(prevout.value) ?? 0n
    }
    const status = obj(t.status)
    const blockTime = status?.confirmed === true && typeof status.block_time === 'number' && Number.isSafeInteger(status.block_time) ? status.block_time : undefined
    return [{ txid: id, confirmed: status?.confirmed === true, ...(blockTime !== undefined ? { blockTime } : {}), netSatoshis: net, feeSatoshis: fee }]
  })
}

/**
 * `GET /fee-estimates`, read: the fee rate in sat/vB (rounded up, at least 1) for confirmation within
 * `blocks` blocks: the estimate of the largest target at or under it, else 1 (a fresh regtest node
 * has none).
 * @example await esploraFeeRate(transport, 6) // 3n
 */
export async function esploraFeeRate(transport: EsploraTransport, blocks: number, signal?: AbortSignal): Promise<bigint> {
  return readFeeRate(await transport.getJson('/fee-estimates', signal), blocks)
}

/** An Esplora fee-estimates object read (see esploraFeeRate). */
export function readFeeRate(answer: unknown, blocks: number): bigint {
  const estimates = obj(answer) ?? {}
  const usable = Object.entries(estimates)
    .map(([target, rate]) => [Number(target), rate] as const)
    .filter(([target, rate]) => Number.isSafeInteger(target) && target > 0 && target <= blocks && typeof rate === 'number' && Number.isFinite(rate) && rate > 0 && rate < 100_000)
    .sort((a, b) => b[0] - a[0])
  const rate = usable[0]?.[1] as number | undefined
  return rate === undefined ? 1n : BigInt(Math.max(1, Math.ceil(rate)))
}

/**
 * `POST /tx` with `rawHex`: the transaction broadcast.
 * @returns its txid, as the Esplora answers it.
 * @throws GangwayError 'Invalid transaction hash' when the answer is no txid; what the transport
 *   throws for a refusal (the node's reason in the answer's text).
 * @example const txid = await esploraBroadcast(transport, signed.hex)
 */
export async function esploraBroadcast(transport: EsploraTransport, rawHex: string, signal?: AbortSignal): Promise<string> {
  const answer = (await transport.postText('/tx', rawHex, signal)).trim()
  if (!txid(answer)) throw new GangwayError('Invalid transaction hash', { category: 'API_ERROR', details: answer.slice(0, 80) })
  return answer
}

/**
 * `GET /blocks/tip/height`, read: the height of the chain's tip (the Esplora answers it as plain
 * text, a bare number, which reads as JSON).
 * @throws GangwayError 'Malformed tip height answer' (API_ERROR) for anything but a whole number ≥ 0.
 * @example await esploraTipHeight(transport) // 101
 */
export async function esploraTipHeight(transport: EsploraTransport, signal?: AbortSignal): Promise<number> {
  const height = await transport.getJson('/blocks/tip/height', signal)
  if (typeof height !== 'number' || !Number.isSafeInteger(height) || height < 0) throw new GangwayError('Malformed tip height answer', { category: 'API_ERROR' })
  return height
}

/**
 * `GET /tx/:txid/status`, read: whether the transaction is in a block (an unknown one is not, as
 * the Esplora answers it).
 * @example await esploraTxConfirmed(transport, txid) // true
 */
export async function esploraTxConfirmed(transport: EsploraTransport, id: string, signal?: AbortSignal): Promise<boolean> {
  if (!txid(id)) throw new GangwayError('Invalid transaction hash', { category: 'API_ERROR', details: id.slice(0, 80) })
  return confirmedOf(await transport.getJson(`/tx/${id}/status`, signal))
}

/**
 * The Esplora of `services.bitcoin` over the engine's service fetch (its timeout, size bound and
 * AbortSignal; no Reown query parameters): JSON reads, and text posts answered with text.
 * @example const transport = esploraOver(api); await esploraUtxos(transport, address)
 */
export function esploraOver(api: ServiceFetch): EsploraTransport {
  return {
    getJson: (path, signal) => api.get('bitcoin', path, signal ? { signal } : {}),
    postText: (path, body, signal) => api.post<string>('bitcoin', path, body, { text: true, ...(signal ? { signal } : {}) }),
  }
}
