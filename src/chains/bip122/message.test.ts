import { describe, expect, it } from 'vitest'
import { p2tr, p2wpkh, RawWitness } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { stringToBytes } from 'viem'
import * as Base64 from 'ox/Base64'
import { bip322ToSign, verifyBitcoinMessage } from './message.js'
import { BITCOIN_NETWORKS } from './networks.js'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const verify = (address: string, message: string, signature: string, caipNetworkId = MAINNET) => verifyBitcoinMessage({ address, message, signature, caipNetworkId })

/** BIP-322's own test vectors (bitcoin/bips bip-0322.mediawiki, "Test vectors"). */
const VECTORS = {
  p2wpkh: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
  empty: 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  hello: 'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  p2tr: 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
  p2trHello: 'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
}

/**
 * Made outside Gangway, for a regtest key (32 bytes of 7): BIP-322 by bip322-js 3.0.0 (on
 * bitcoinjs-lib 6.1.7), legacy by bitcoinjs-message 2.2.0 (BIP-137 headers for P2WPKH and
 * P2SH-P2WPKH); each verified there before it was written here.
 */
const MADE_ELSEWHERE = {
  message: 'example.com wants you to sign in with your Bitcoin account',
  p2wpkh: 'bcrt1q50rtrmj2f8vl9tem8qpfw36ylw5jg9j2dkku3w',
  p2tr: 'bcrt1pw53jtgez0wf69n06fchp0ctk48620zdscnrj8heh86wykp9mv20q7vd3gm',
  p2shP2wpkh: '2MwJZGrrQQko1S69xSeZt2bRmCSompaJ7in',
  bip322P2wpkh: 'AkcwRAIga74cfQPextY8w6a9WRokn1ndAhM97iBa9Un4R7PvhMECIErANssJrwO1+GNq4KQBi07V/m5TngPbje1rgutiEQguASECmJwLdstWOXH9yb7zHsBsNWDzJJ1u6eXYPFdiVZbgX28=',
  bip322P2tr: 'AUH6GvwdCgENkW0srdNjVD362hzMirJ+/XBGQE6VbY6X6hO3tiRAu1BppXt1BuHK/NDdf1zQT6kRnsRmfhsplaowAQ==',
  legacyP2wpkh: 'KDiNWbnIxBM2BrIvJl98outp1T2sn2oS/teX6rNDKzMnNoRb7WjW8r69H+9YgO0vzPLH8IhDjcSIqvOdJ01yREY=',
  legacyP2shP2wpkh: 'JDiNWbnIxBM2BrIvJl98outp1T2sn2oS/teX6rNDKzMnNoRb7WjW8r69H+9YgO0vzPLH8IhDjcSIqvOdJ01yREY=',
}

describe('Bitcoin signed messages (docs/behaviour.md §5 Bitcoin)', () => {
  it('verifies BIP-322’s test vectors, and only for their message and address', () => {
    expect(verify(VECTORS.p2wpkh, '', VECTORS.empty)).toBe(true)
    expect(verify(VECTORS.p2wpkh, 'Hello World', VECTORS.hello)).toBe(true)
    expect(verify(VECTORS.p2tr, 'Hello World', VECTORS.p2trHello)).toBe(true)
    expect(verify(VECTORS.p2wpkh, 'Hello World', VECTORS.empty)).toBe(false)
    expect(verify(VECTORS.p2wpkh, 'Hello World!', VECTORS.hello)).toBe(false)
    expect(verify(VECTORS.p2tr, 'Hello World', VECTORS.hello)).toBe(false)
    // The same address on another network's id: no address of it.
    expect(verify(VECTORS.p2wpkh, 'Hello World', VECTORS.hello, REGTEST)).toBe(false)
  })

  it('verifies signatures other software made on regtest: BIP-322 for P2WPKH and P2TR, legacy for P2WPKH and P2SH-P2WPKH', () => {
    const m = MADE_ELSEWHERE
    expect(verify(m.p2wpkh, m.message, m.bip322P2wpkh, REGTEST)).toBe(true)
    expect(verify(m.p2tr, m.message, m.bip322P2tr, REGTEST)).toBe(true)
    expect(verify(m.p2wpkh, m.message, m.legacyP2wpkh, REGTEST)).toBe(true)
    expect(verify(m.p2shP2wpkh, m.message, m.legacyP2shP2wpkh, REGTEST)).toBe(true)
    // bitcoinjs-message's own example: a P2PKH address, an uncompressed-key header.
    expect(verify('1F3sAm6ZtwLAUnj7d38pGFxtP3RVEvtsbV', 'This is an example of a signed message.', 'H9L5yLFjti0QTHhPyFrZCT1V/MMnBtXKmoiKDZ78NDBjERki6ZTQZdSMCtkgoNmp17By9ItJr8o7ChX0XxY91nk=')).toBe(true)
    expect(verify(m.p2wpkh, `${m.message}.`, m.legacyP2wpkh, REGTEST)).toBe(false)
  })

  it('refuses a tampered signature, a signature that is no base64 or too long, and an unknown network', () => {
    const m = MADE_ELSEWHERE
    for (const signature of [m.bip322P2wpkh, m.bip322P2tr, m.legacyP2wpkh]) {
      const bytes = Base64.toBytes(signature)
      bytes[10]! ^= 0x01
      expect(verify(signature === m.bip322P2tr ? m.p2tr : m.p2wpkh, m.message, Base64.fromBytes(bytes), REGTEST)).toBe(false)
    }
    expect(verify(m.p2wpkh, m.message, '***', REGTEST)).toBe(false)
    expect(verify(m.p2wpkh, m.message, 'A'.repeat(4000), REGTEST)).toBe(false)
    expect(verify(m.p2wpkh, m.message, m.bip322P2wpkh, 'bip122:12a765e31ffd4059bada1e25190f6e98')).toBe(false)
  })

  it('gives a wallet the to_sign transaction to sign: its signature verifies (P2WPKH and P2TR key path)', () => {
    const key = new Uint8Array(32).fill(9)
    const params = BITCOIN_NETWORKS[REGTEST].params
    for (const payment of [p2wpkh(secp256k1.getPublicKey(key, true), params), p2tr(schnorr.getPublicKey(key), undefined, params)]) {
      const toSign = bip322ToSign(stringToBytes('sign me'), payment.script)
      if (payment.type === 'tr') toSign.updateInput(0, { tapInternalKey: schnorr.getPublicKey(key) })
      toSign.signIdx(key, 0)
      toSign.finalizeIdx(0)
      const signature = Base64.fromBytes(RawWitness.encode(toSign.getInput(0).finalScriptWitness!))
      expect(verify(payment.address!, 'sign me', signature, REGTEST)).toBe(true)
      expect(verify(payment.address!, 'sign you', signature, REGTEST)).toBe(false)
    }
  })
})
