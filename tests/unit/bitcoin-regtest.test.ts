/**
 * The Bitcoin regtest stand-in's chain (localnet/bitcoin/regtest-chain.ts): transactions built and
 * signed by @scure/btc-signer as a wallet would, checked by the chain's own verification.
 */
import { describe, expect, it } from 'vitest'
import { p2pkh, p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { COINBASE_MATURITY, createRegtestChain, REGTEST, RegtestRejection, subsidy, type RegtestChain } from '../../localnet/bitcoin/regtest-chain.js'

/** A key pair from `label`, and its P2WPKH, P2TR and P2PKH payments on regtest. */
function keyOf(label: string) {
  const privateKey = sha256(utf8ToBytes(`gangway regtest test ${label}`))
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const xOnly = schnorr.getPublicKey(privateKey)
  return { privateKey, wpkh: p2wpkh(publicKey, REGTEST), tr: p2tr(xOnly, undefined, REGTEST), pkh: p2pkh(publicKey, REGTEST) }
}
const alice = keyOf('alice')
const bob = keyOf('bob')
const burn = keyOf('burn')

/** A chain where alice's first coinbase (50 BTC, P2WPKH) is spendable. */
function funded(): { chain: RegtestChain; coinbase: { txid: string; value: bigint } } {
  const chain = createRegtestChain({ now: () => 1_700_000_000 })
  chain.mine(1, alice.wpkh.address!)
  chain.mine(COINBASE_MATURITY, burn.wpkh.address!)
  const [utxo] = chain.utxosOf(alice.wpkh.address!)
  return { chain, coinbase: { txid: utxo!.txid, value: utxo!.value } }
}

type Spent = { txid: string; vout: number; value: bigint; script: Uint8Array; tapInternalKey?: Uint8Array; nonWitnessUtxo?: Uint8Array }
/** A transaction spending `inputs` to `outputs`, signed with `privateKey` (each input's amount as `signedValues` says, default the real one). */
function spend(inputs: Spent[], outputs: { address: string; value: bigint }[], privateKey: Uint8Array, signedValues?: bigint[]): Transaction {
  const tx = new Transaction({ allowLegacyWitnessUtxo: true })
  inputs.forEach((i, n) =>
    tx.addInput({
      txid: i.txid,
      index: i.vout,
      ...(i.nonWitnessUtxo ? { nonWitnessUtxo: i.nonWitnessUtxo } : { witnessUtxo: { script: i.script, amount: signedValues?.[n] ?? i.value } }),
      ...(i.tapInternalKey ? { tapInternalKey: i.tapInternalKey } : {}),
    }),
  )
  for (const o of outputs) tx.addOutputAddress(o.address, o.value, REGTEST)
  tx.sign(privateKey)
  tx.finalize()
  return tx
}
const rejection = (f: () => unknown) => {
  try {
    f()
  } catch (error) {
    if (error instanceof RegtestRejection) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('accepted')
}

describe('the regtest stand-in chain', () => {
  it('mines coinbases that mature after 100 blocks, takes a signed P2WPKH spend and a P2TR key-path spend, and keeps the UTXO set exact', () => {
    const chain = createRegtestChain({ now: () => 1_700_000_000 })
    chain.mine(1, alice.wpkh.address!)
    const [young] = chain.utxosOf(alice.wpkh.address!)
    expect(young).toMatchObject({ value: subsidy(1), height: 1, coinbase: true })
    const early = spend([{ ...young!, script: alice.wpkh.script }], [{ address: bob.tr.address!, value: 100_000n }], alice.privateKey)
    expect(rejection(() => chain.accept(early.hex))).toEqual({ code: -26, message: 'bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1' })
    chain.mine(COINBASE_MATURITY - 1, burn.wpkh.address!)
    const txid = chain.accept(spend([{ ...young!, script: alice.wpkh.script }], [{ address: bob.tr.address!, value: 100_000n }, { address: alice.wpkh.address!, value: young!.value - 100_000n - 1_000n }], alice.privateKey).hex)
    // In the mempool: bob's output is there unconfirmed, alice's coinbase is spent.
    expect(chain.utxosOf(bob.tr.address!)).toEqual([expect.objectContaining({ txid, vout: 0, value: 100_000n })])
    expect(chain.utxosOf(bob.tr.address!)[0]!.height).toBeUndefined()
    expect(chain.utxosOf(alice.wpkh.address!).map((u) => u.value)).toEqual([young!.value - 101_000n])
    expect(chain.tx(txid)!.fee).toBe(1_000n)
    expect(chain.tx(txid)!.block).toBeUndefined()
    const [hash] = chain.mine(1, burn.wpkh.address!)
    expect(chain.tx(txid)!.block).toMatchObject({ height: COINBASE_MATURITY + 1, hash })
    // The miner's coinbase took the fee.
    expect(chain.utxosOf(burn.wpkh.address!).find((u) => u.height === COINBASE_MATURITY + 1)!.value).toBe(subsidy(COINBASE_MATURITY + 1) + 1_000n)

    // Bob spends his P2TR output on the key path.
    const [bobs] = chain.utxosOf(bob.tr.address!)
    const again = spend([{ ...bobs!, script: bob.tr.script, tapInternalKey: bob.tr.tapInternalKey }], [{ address: alice.wpkh.address!, value: 90_000n }], bob.privateKey)
    chain.accept(again.hex)
    expect(chain.utxosOf(bob.tr.address!)).toEqual([])
    expect(chain.txsOf(bob.tr.address!).map((t) => t.txid)).toEqual([again.id, txid])
  })

  it('refuses a flipped signature byte (P2WPKH and P2TR) and a signature over a wrong prevout amount', () => {
    const { chain, coinbase } = funded()
    const input = { ...coinbase, vout: 0, script: alice.wpkh.script }
    const good = spend([input], [{ address: bob.tr.address!, value: 100_000n }, { address: alice.wpkh.address!, value: coinbase.value - 101_000n }], alice.privateKey)
    // The DER signature's last byte of s (before the sighash type byte).
    const witness = good.getInput(0).finalScriptWitness!
    const flipped = Uint8Array.from(witness[0]!)
    flipped[flipped.length - 2]! ^= 0x01
    const tampered = Transaction.fromRaw(good.toBytes(true, true), { allowUnknownOutputs: true })
    tampered.updateInput(0, { finalScriptWitness: [flipped, witness[1]!] }, true)
    expect(rejection(() => chain.accept(tampered.hex))).toEqual({ code: -26, message: 'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)' })
    // Signed as if the coinbase held 1 sat more: BIP-143 commits to the amount, so the signature fails.
    const wrongAmount = spend([input], [{ address: bob.tr.address!, value: 100_000n }, { address: alice.wpkh.address!, value: coinbase.value - 101_000n }], alice.privateKey, [coinbase.value + 1n])
    expect(rejection(() => chain.accept(wrongAmount.hex))).toMatchObject({ code: -26, message: expect.stringMatching(/^mandatory-script-verify-flag-failed/) })
    expect(chain.mempool()).toEqual([])

    chain.accept(good.hex)
    chain.mine(1, burn.wpkh.address!)
    const [bobs] = chain.utxosOf(bob.tr.address!)
    const bobSpend = spend([{ ...bobs!, script: bob.tr.script, tapInternalKey: bob.tr.tapInternalKey }], [{ address: alice.wpkh.address!, value: 90_000n }], bob.privateKey)
    const schnorrSig = Uint8Array.from(bobSpend.getInput(0).finalScriptWitness![0]!)
    schnorrSig[10]! ^= 0x80
    const badTaproot = Transaction.fromRaw(bobSpend.toBytes(true, true), { allowUnknownOutputs: true })
    badTaproot.updateInput(0, { finalScriptWitness: [schnorrSig] }, true)
    expect(rejection(() => chain.accept(badTaproot.hex))).toEqual({ code: -26, message: 'mandatory-script-verify-flag-failed (Invalid Schnorr signature)' })
    expect(chain.utxosOf(bob.tr.address!)).toHaveLength(1)
  })

  it('refuses a double spend, in the mempool and once mined, and a transaction paying no fee or more than it spends', () => {
    const { chain, coinbase } = funded()
    const input = { ...coinbase, vout: 0, script: alice.wpkh.script }
    const first = spend([input], [{ address: bob.wpkh.address!, value: coinbase.value - 1_000n }], alice.privateKey)
    const second = spend([input], [{ address: alice.tr.address!, value: coinbase.value - 2_000n }], alice.privateKey)
    expect(rejection(() => chain.accept(spend([input], [{ address: bob.wpkh.address!, value: coinbase.value }], alice.privateKey).hex))).toEqual({ code: -26, message: expect.stringMatching(/^min relay fee not met, 0 < \d+$/) })
    // Signed as if the input held 1 sat more than it does (btc-signer itself refuses to sign outputs above the inputs).
    expect(rejection(() => chain.accept(spend([input], [{ address: bob.wpkh.address!, value: coinbase.value + 1n }], alice.privateKey, [coinbase.value + 1n]).hex))).toEqual({ code: -26, message: 'bad-txns-in-belowout, value in (50.00000000) < value out (50.00000001)' })
    chain.accept(first.hex)
    expect(rejection(() => chain.accept(second.hex))).toEqual({ code: -26, message: 'txn-mempool-conflict' })
    chain.mine(1, burn.wpkh.address!)
    expect(rejection(() => chain.accept(second.hex))).toEqual({ code: -25, message: 'bad-txns-inputs-missingorspent' })
    expect(chain.utxosOf(bob.wpkh.address!).map((u) => u.value)).toEqual([coinbase.value - 1_000n])
    expect(chain.utxosOf(alice.tr.address!)).toEqual([])
  })

  it('refuses inputs it cannot check (a P2PKH spend), dust outputs and bytes that are no transaction', () => {
    const { chain, coinbase } = funded()
    const toLegacy = spend([{ ...coinbase, vout: 0, script: alice.wpkh.script }], [{ address: alice.pkh.address!, value: 1_000_000n }, { address: alice.wpkh.address!, value: coinbase.value - 1_002_000n }], alice.privateKey)
    chain.accept(toLegacy.hex)
    chain.mine(1, burn.wpkh.address!)
    const legacy = spend([{ txid: toLegacy.id, vout: 0, value: 1_000_000n, script: alice.pkh.script, nonWitnessUtxo: toLegacy.toBytes(true, true) }], [{ address: bob.wpkh.address!, value: 990_000n }], alice.privateKey)
    expect(rejection(() => chain.accept(legacy.hex))).toEqual({ code: -26, message: 'the stand-in checks P2WPKH and P2TR key-path inputs only (input 0 spends a pkh output)' })
    const [change] = chain.utxosOf(alice.wpkh.address!)
    expect(rejection(() => chain.accept(spend([{ ...change!, script: alice.wpkh.script }], [{ address: bob.wpkh.address!, value: 293n }, { address: alice.wpkh.address!, value: change!.value - 2_000n }], alice.privateKey).hex))).toEqual({ code: -26, message: 'dust' })
    expect(rejection(() => chain.accept('00'))).toEqual({ code: -22, message: 'TX decode failed' })
  })
})
