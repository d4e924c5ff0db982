import { describe, expect, it } from 'vitest'
import { p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { bitcoinAddress, DUST_SATOSHIS, isDust } from './address.js'
import { BITCOIN_NETWORKS, bitcoinNetworkParams } from './networks.js'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const key = new Uint8Array(32).fill(3)
const pub = secp256k1.getPublicKey(key, true)
/** Each address type on the network `id`. */
const addressesOn = (id: keyof typeof BITCOIN_NETWORKS) => {
  const params = BITCOIN_NETWORKS[id].params
  return { p2wpkh: p2wpkh(pub, params).address!, p2tr: p2tr(schnorr.getPublicKey(key), undefined, params).address!, p2sh: p2sh(p2wpkh(pub, params), params).address!, p2pkh: p2pkh(pub, params).address! }
}

describe('Bitcoin networks and addresses (docs/behaviour.md §5 Bitcoin)', () => {
  it('names mainnet, testnet, signet and regtest by their genesis hashes, and nothing else', () => {
    expect(Object.keys(BITCOIN_NETWORKS)).toEqual([MAINNET, TESTNET, 'bip122:00000008819873e925422c1ff0f99f7c', REGTEST])
    expect(bitcoinNetworkParams(MAINNET)?.bech32).toBe('bc')
    expect(bitcoinNetworkParams(REGTEST)?.bech32).toBe('bcrt')
    // Litecoin's genesis, another namespace, and an inherited property name.
    for (const other of ['bip122:12a765e31ffd4059bada1e25190f6e98', 'eip155:1', 'toString']) expect(bitcoinNetworkParams(other)).toBeUndefined()
  })

  it('tells each address type on its network, BIP-173’s vector included', () => {
    expect(bitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', MAINNET).type).toBe('p2wpkh')
    for (const id of [MAINNET, TESTNET, REGTEST] as const) for (const [type, address] of Object.entries(addressesOn(id))) expect(bitcoinAddress(address, id).type).toBe(type)
    expect(bitcoinAddress(addressesOn(REGTEST).p2tr, REGTEST).script).toEqual(p2tr(schnorr.getPublicKey(key), undefined, BITCOIN_NETWORKS[REGTEST].params).script)
  })

  it('refuses a bad checksum, another network’s address (saying whose), an unknown network and no address, as an invalid receiver', () => {
    const refusal = (address: string, network: string) => {
      try {
        bitcoinAddress(address, network)
      } catch (error) {
        return { message: (error as Error).message, details: (error as { details?: string }).details }
      }
      throw new Error('accepted')
    }
    const { p2wpkh: segwit, p2tr: taproot, p2pkh: legacy } = addressesOn(MAINNET)
    const flipped = (a: string) => a.slice(0, -1) + (a.endsWith('q') ? 'p' : 'q')
    for (const bad of [flipped(segwit), flipped(taproot), flipped(legacy)]) expect(refusal(bad, MAINNET)).toEqual({ message: 'Invalid receiver address', details: 'not an address of the network (checksum, length or prefix)' })
    expect(refusal(segwit, REGTEST)).toEqual({ message: 'Invalid receiver address', details: 'an address of Bitcoin, not of Bitcoin Regtest' })
    expect(refusal(addressesOn(TESTNET).p2tr, MAINNET)).toEqual({ message: 'Invalid receiver address', details: 'an address of Bitcoin Testnet, not of Bitcoin' })
    expect(refusal(segwit, 'bip122:12a765e31ffd4059bada1e25190f6e98').details).toBe('bip122:12a765e31ffd4059bada1e25190f6e98 is no Bitcoin network Gangway knows')
    expect(refusal('', MAINNET).details).toBe('not an address')
    expect(refusal('0x'.padEnd(42, 'a'), MAINNET).message).toBe('Invalid receiver address')
  })

  it('calls an amount under the receiver type’s dust threshold dust', () => {
    expect(DUST_SATOSHIS).toEqual({ p2wpkh: 294n, p2wsh: 330n, p2tr: 330n, p2sh: 540n, p2pkh: 546n })
    expect([isDust(329n, 'p2tr'), isDust(330n, 'p2tr'), isDust(293n, 'p2wpkh'), isDust(545n, 'p2pkh')]).toEqual([true, false, true, true])
  })
})
