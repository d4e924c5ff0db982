/**
 * A Bitcoin regtest stand-in's chain (no `bitcoind` ships on npm or in Debian): a real UTXO set,
 * blocks mined on demand, and a mempool that takes a transaction only when every input is one it
 * can check and every input's signature verifies. The checks are @scure/btc-signer's sighashes (BIP-143
 * for P2WPKH, BIP-341 for P2TR key-path spends) verified with @noble/curves' secp256k1 ECDSA and
 * Schnorr; any other input type is refused, as are double spends, spends of immature coinbase
 * outputs, outputs worth more than the inputs, fees under the minimum relay fee (1 sat/vB) and dust
 * outputs. Refusals carry bitcoind's reject reasons and codes (what Esplora relays), the stand-in's
 * own words where bitcoind has no such check. What it does not do: proof of work, scripts other
 * than those two, relative and absolute time locks, reorganisations, RBF. Demo and test tooling only.
 */
import { Address, OutScript, RawTx, Transaction, type NETWORK } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { ripemd160 } from '@noble/hashes/legacy'
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils'
import { BITCOIN_NETWORKS } from '../../src/chains/bip122/networks.js'

/** Regtest's address prefixes (bitcoind's chainparams), as Gangway's network list has them. */
export const REGTEST: typeof NETWORK = BITCOIN_NETWORKS['bip122:0f9188f13cb7b2c71f2a335e3a4fc328'].params
/** Regtest's genesis block hash: its CAIP-2 id is `bip122:` and the first 32 hex characters. */
export const REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'
/** Blocks before a coinbase output may be spent. */
export const COINBASE_MATURITY = 100
/** The minimum relay fee, sat/vB. */
const MIN_RELAY_FEE_RATE = 1n

/** A refusal of `sendrawtransaction`: bitcoind's RPC error code and reject reason. */
export class RegtestRejection extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'RegtestRejection'
  }
}

/** An output: its amount in satoshis and its locking script. */
export interface TxOutput {
  value: bigint
  script: Uint8Array
}

/** A spendable output, with where and when it was made. */
export interface Utxo extends TxOutput {
  txid: string
  vout: number
  /** The block it was mined in; undefined while in the mempool. */
  height?: number
  coinbase: boolean
}

/** A transaction the chain holds, with what Esplora reports of it. */
export interface ChainTx {
  txid: string
  raw: Uint8Array
  version: number
  locktime: number
  inputs: { txid: string; vout: number; sequence: number; scriptSig: Uint8Array; witness: Uint8Array[]; prevout?: TxOutput }[]
  outputs: TxOutput[]
  coinbase: boolean
  /** Satoshis (0 for a coinbase). */
  fee: bigint
  size: number
  weight: number
  /** Mined in this block; undefined in the mempool. */
  block?: { height: number; hash: string; time: number }
}

/** One block: its height, hash, time (Unix s) and transactions, coinbase first. */
export interface Block {
  height: number
  hash: string
  time: number
  txids: string[]
}

const sha256d = (b: Uint8Array) => sha256(sha256(b))
const reversedHex = (b: Uint8Array) => bytesToHex(Uint8Array.from(b).reverse())
const key = (txid: string, vout: number) => `${txid}:${vout}`

/** The block subsidy at `height` in satoshis: 50 BTC halving every 150 blocks (regtest). */
export const subsidy = (height: number): bigint => (height / 150 >= 64 ? 0n : (50n * 100_000_000n) >> BigInt(Math.floor(height / 150)))

/** The dust threshold of an output script at 3 sat/vB (bitcoind's GetDustThreshold). */
function dustThreshold(script: Uint8Array): bigint {
  const type = safeDecode(script)?.type
  if (type === 'wpkh') return 294n
  if (type === 'tr' || type === 'wsh') return 330n
  if (type === 'sh') return 540n
  if (type === 'pkh') return 546n
  return 0n
}

const safeDecode = (script: Uint8Array) => {
  try {
    return OutScript.decode(script)
  } catch {
    return undefined
  }
}

/** `script`'s address on regtest, or undefined (an OP_RETURN, a bare script). */
export function addressOf(script: Uint8Array): string | undefined {
  const decoded = safeDecode(script)
  if (!decoded || decoded.type === 'unknown' || decoded.type === 'ms' || decoded.type === 'pk' || decoded.type === 'tr_ms' || decoded.type === 'tr_ns') return undefined
  try {
    return Address(REGTEST).encode(decoded)
  } catch {
    return undefined
  }
}

/** `address` (regtest) as its output script. @throws Error from btc-signer for an address of another network or none. */
export const scriptOf = (address: string): Uint8Array => OutScript.encode(Address(REGTEST).decode(address))

/**
 * Whether input `idx` of `tx` is signed by the owner of `prevouts[idx]`: a P2WPKH key (witness
 * [DER signature ‖ sighash type, compressed key]) or a P2TR output key (witness [Schnorr signature,
 * its sighash type appended unless default]). `prevouts`: every input's spent output, as BIP-341 signs them all.
 * @throws RegtestRejection for another input type or a failed check.
 */
function verifyInput(tx: Transaction, idx: number, prevouts: TxOutput[]): void {
  const prevout = prevouts[idx]!
  const decoded = safeDecode(prevout.script)
  const witness = tx.getInput(idx).finalScriptWitness ?? []
  const failed = (why: string) => new RegtestRejection(-26, `mandatory-script-verify-flag-failed (${why})`)
  if (decoded?.type === 'wpkh') {
    if (witness.length !== 2) throw failed('Witness program hash mismatch')
    const [sig, pubkey] = witness as [Uint8Array, Uint8Array]
    if (pubkey.length !== 33 || bytesToHex(ripemd160(sha256(pubkey))) !== bytesToHex(decoded.hash)) throw failed('Witness program hash mismatch')
    if (sig.length < 9) throw failed('Non-canonical DER signature')
    const hashType = sig[sig.length - 1]!
    let signature
    try {
      signature = secp256k1.Signature.fromDER(sig.subarray(0, -1))
    } catch {
      throw failed('Non-canonical DER signature')
    }
    const digest = tx.preimageWitnessV0(idx, OutScript.encode({ type: 'pkh', hash: decoded.hash }), hashType, prevout.value)
    if (!secp256k1.verify(signature, digest, pubkey, { lowS: false, prehash: false })) throw failed('Signature must be zero for failed CHECK(MULTI)SIG operation')
    return
  }
  if (decoded?.type === 'tr') {
    if (witness.length !== 1) throw new RegtestRejection(-26, `the stand-in checks taproot key-path spends only (input ${idx} has ${witness.length} witness items)`)
    const sig = witness[0]!
    if (sig.length !== 64 && sig.length !== 65) throw failed('Invalid Schnorr signature size')
    const hashType = sig.length === 65 ? sig[64]! : 0
    if (sig.length === 65 && hashType === 0) throw failed('Invalid Schnorr signature hash type')
    const digest = tx.preimageWitnessV1(idx, prevouts.map((p) => p.script), hashType, prevouts.map((p) => p.value))
    if (!schnorr.verify(sig.subarray(0, 64), digest, decoded.pubkey)) throw failed('Invalid Schnorr signature')
    return
  }
  throw new RegtestRejection(-26, `the stand-in checks P2WPKH and P2TR key-path inputs only (input ${idx} spends a ${decoded?.type ?? 'non-standard'} output)`)
}

/** The regtest chain: see the module comment. `now` gives block times in Unix s. */
export function createRegtestChain({ now = () => Math.floor(Date.now() / 1000) }: { now?: () => number } = {}) {
  const utxos = new Map<string, Utxo>()
  /** Outpoints a mempool transaction spends, and which. */
  const spentInMempool = new Map<string, string>()
  const txs = new Map<string, ChainTx>()
  const mempool: string[] = []
  const blocks: Block[] = [{ height: 0, hash: REGTEST_GENESIS_HASH, time: now(), txids: [] }]

  const tip = () => blocks[blocks.length - 1]!

  /** Takes `rawHex` into the mempool. @returns its txid. @throws RegtestRejection (see the module comment). */
  function accept(rawHex: string): string {
    let raw: Uint8Array
    let tx: Transaction
    try {
      raw = hexToBytes(rawHex.trim())
      tx = Transaction.fromRaw(raw, { allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
    } catch {
      throw new RegtestRejection(-22, 'TX decode failed')
    }
    const txid = tx.id
    const known = txs.get(txid)
    if (known?.block) throw new RegtestRejection(-27, 'Transaction outputs already in utxo set')
    if (known) return txid
    if (tx.inputsLength === 0 || tx.outputsLength === 0) throw new RegtestRejection(-26, tx.inputsLength === 0 ? 'bad-txns-vin-empty' : 'bad-txns-vout-empty')
    // bitcoind's order: the outputs' standardness (dust), the inputs (present, unspent, mature), the
    // amounts, the fee, then the signatures.
    const outputs: TxOutput[] = []
    for (let i = 0; i < tx.outputsLength; i++) {
      const { amount, script } = tx.getOutput(i)
      outputs.push({ value: amount!, script: script! })
    }
    if (outputs.some((o) => o.value < dustThreshold(o.script))) throw new RegtestRejection(-26, 'dust')
    const nextHeight = tip().height + 1
    const seen = new Set<string>()
    const prevouts: Utxo[] = []
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i)
      const outpoint = key(bytesToHex(input.txid!), input.index!)
      if (seen.has(outpoint)) throw new RegtestRejection(-26, 'bad-txns-inputs-duplicate')
      seen.add(outpoint)
      if (spentInMempool.has(outpoint)) throw new RegtestRejection(-26, 'txn-mempool-conflict')
      const utxo = utxos.get(outpoint)
      if (!utxo) throw new RegtestRejection(-25, 'bad-txns-inputs-missingorspent')
      if (utxo.coinbase && nextHeight - utxo.height! < COINBASE_MATURITY) throw new RegtestRejection(-26, `bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth ${nextHeight - utxo.height!}`)
      prevouts.push(utxo)
    }
    const valueIn = prevouts.reduce((sum, p) => sum + p.value, 0n)
    const valueOut = outputs.reduce((sum, o) => sum + o.value, 0n)
    const btc = (sats: bigint) => `${sats / 100_000_000n}.${(sats % 100_000_000n).toString().padStart(8, '0')}`
    if (valueIn < valueOut) throw new RegtestRejection(-26, `bad-txns-in-belowout, value in (${btc(valueIn)}) < value out (${btc(valueOut)})`)
    const fee = valueIn - valueOut
    const minFee = BigInt(tx.vsize) * MIN_RELAY_FEE_RATE
    if (fee < minFee) throw new RegtestRejection(-26, `min relay fee not met, ${fee} < ${minFee}`)
    // Last, as bitcoind runs them: each input's signature.
    for (let i = 0; i < tx.inputsLength; i++) verifyInput(tx, i, prevouts)

    const inputs = prevouts.map((p, i) => {
      const input = tx.getInput(i)
      return { txid: p.txid, vout: p.vout, sequence: input.sequence ?? 0xffffffff, scriptSig: input.finalScriptSig ?? new Uint8Array(), witness: input.finalScriptWitness ?? [], prevout: { value: p.value, script: p.script } }
    })
    for (const p of prevouts) {
      utxos.delete(key(p.txid, p.vout))
      spentInMempool.set(key(p.txid, p.vout), txid)
    }
    outputs.forEach((o, vout) => utxos.set(key(txid, vout), { txid, vout, ...o, coinbase: false }))
    txs.set(txid, { txid, raw, version: tx.version, locktime: tx.lockTime, inputs, outputs, coinbase: false, fee, size: raw.length, weight: tx.weight })
    mempool.push(txid)
    return txid
  }

  /** Mines `count` blocks (at least 1), each with the whole mempool and a coinbase paying its subsidy and fees to `address`. @returns the new blocks' hashes. */
  function mine(count: number, address: string): string[] {
    const script = scriptOf(address)
    const hashes: string[] = []
    for (let n = 0; n < Math.max(1, count); n++) {
      const height = tip().height + 1
      const included = mempool.splice(0)
      const fees = included.reduce((sum, id) => sum + txs.get(id)!.fee, 0n)
      // BIP-34: the coinbase's scriptSig starts with the height.
      const heightPush = concatBytes(Uint8Array.of(4), new Uint8Array(new Uint32Array([height]).buffer))
      const coinbaseRaw = RawTx.encode({ version: 2, segwitFlag: false, inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: heightPush, sequence: 0xffffffff }], outputs: [{ amount: subsidy(height) + fees, script }], witnesses: [], lockTime: 0 })
      const coinbaseId = reversedHex(sha256d(coinbaseRaw))
      const time = Math.max(now(), tip().time + 1)
      const txids = [coinbaseId, ...included]
      const hash = reversedHex(sha256d(concatBytes(hexToBytes(tip().hash), ...txids.map(hexToBytes), new Uint8Array(new Uint32Array([height, time]).buffer))))
      const block = { height, hash, time }
      txs.set(coinbaseId, { txid: coinbaseId, raw: coinbaseRaw, version: 2, locktime: 0, inputs: [{ txid: '0'.repeat(64), vout: 0xffffffff, sequence: 0xffffffff, scriptSig: heightPush, witness: [] }], outputs: [{ value: subsidy(height) + fees, script }], coinbase: true, fee: 0n, size: coinbaseRaw.length, weight: coinbaseRaw.length * 4, block })
      utxos.set(key(coinbaseId, 0), { txid: coinbaseId, vout: 0, value: subsidy(height) + fees, script, height, coinbase: true })
      for (const id of included) {
        const t = txs.get(id)!
        t.block = block
        for (const input of t.inputs) spentInMempool.delete(key(input.txid, input.vout))
        t.outputs.forEach((_, vout) => {
          const u = utxos.get(key(id, vout))
          if (u) u.height = height
        })
      }
      blocks.push({ height, hash, time, txids })
      hashes.push(hash)
    }
    return hashes
  }

  return {
    accept,
    mine,
    /** The tip block. */
    tip,
    /** The block at `height`, or undefined. */
    block: (height: number): Block | undefined => blocks[height],
    /** The block of `hash`, or undefined. */
    blockByHash: (hash: string): Block | undefined => blocks.find((b) => b.hash === hash),
    /** A transaction the chain or the mempool holds, or undefined. */
    tx: (txid: string): ChainTx | undefined => txs.get(txid),
    /** Transactions in the mempool, oldest first. */
    mempool: (): ChainTx[] => mempool.map((id) => txs.get(id)!),
    /** Unspent outputs paying `address` (mempool ones included, mempool spends left out). */
    utxosOf: (address: string): Utxo[] => [...utxos.values()].filter((u) => addressOf(u.script) === address),
    /** Every transaction that pays or spends `address`: the mempool's newest first, then the chain's newest first. */
    txsOf: (address: string): ChainTx[] => {
      const touches = (t: ChainTx) => t.outputs.some((o) => addressOf(o.script) === address) || t.inputs.some((i) => i.prevout && addressOf(i.prevout.script) === address)
      const unconfirmed = mempool.map((id) => txs.get(id)!).filter(touches).reverse()
      const confirmed = [...blocks].reverse().flatMap((b) => [...b.txids].reverse().map((id) => txs.get(id)!)).filter(touches)
      return [...unconfirmed, ...confirmed]
    },
  }
}

/** A regtest chain (createRegtestChain). */
export type RegtestChain = ReturnType<typeof createRegtestChain>
