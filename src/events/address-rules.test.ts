// The address rules of docs/behaviour.md §5 for Bitcoin (bip122): the form only, segwit (bech32 in
// one case) and legacy (base58); the checksum and the network are the transfer's business.
import { describe, expect, it } from 'vitest'
import { isAddressOf, isBitcoinAddress } from './address-rules.js'

const SEGWIT = [
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // P2WPKH, mainnet (BIP-173)
  'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', // P2TR, mainnet
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', // P2WSH, testnet
  'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', // P2WPKH, regtest
]
const LEGACY = [
  '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // P2PKH, mainnet
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH, mainnet
  'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', // P2PKH, testnet
  'n3GNqMveyvaPvUbH469vDRadqpJMPc84JA', // P2PKH, testnet
  '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', // P2SH, testnet
]

describe('Bitcoin address rules (bip122)', () => {
  it('accepts segwit addresses of bc, tb and bcrt, all lowercase or all uppercase', () => {
    for (const a of SEGWIT) {
      expect(isBitcoinAddress(a), a).toBe(true)
      expect(isBitcoinAddress(a.toUpperCase()), a.toUpperCase()).toBe(true)
      expect(isAddressOf('bip122', a), a).toBe(true)
      expect(isAddressOf('bip122', a.toUpperCase()), a).toBe(true)
    }
  })

  it('accepts legacy base58 addresses starting 1, 3, m, n or 2', () => {
    for (const a of LEGACY) {
      expect(isBitcoinAddress(a), a).toBe(true)
      expect(isAddressOf('bip122', a), a).toBe(true)
    }
  })

  it('refuses a segwit address in mixed case', () => {
    expect(isBitcoinAddress('bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false)
    expect(isBitcoinAddress('BC1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false)
    expect(isBitcoinAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygT080')).toBe(false)
    expect(isAddressOf('bip122', 'bcrt1QW508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe(false)
  })

  it('refuses an EVM or Solana address, another prefix, and characters bech32 or base58 does not have', () => {
    const refused = [
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '70997970c51812dc3a010c7d01b50e0d17dc79c8',
      'So11111111111111111111111111111111111111112',
      'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc2qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb', // b is not bech32
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3ti', // nor i
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3to', // nor o
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0', // 0 is not base58
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVNl', // nor l
      '4BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', // no legacy address starts 4
    ]
    for (const a of refused) {
      expect(isBitcoinAddress(a), a).toBe(false)
      expect(isAddressOf('bip122', a), a).toBe(false)
    }
  })

  it('refuses one too short or too long', () => {
    expect(isBitcoinAddress('bc1qw508d6q')).toBe(true) // 8 characters after the separator: the shortest form taken
    expect(isBitcoinAddress('bc1qw508d6')).toBe(false)
    expect(isBitcoinAddress(`bc1${'q'.repeat(87)}`)).toBe(true)
    expect(isBitcoinAddress(`bc1${'q'.repeat(88)}`)).toBe(false)
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GF')).toBe(false) // 25
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg')).toBe(true) // 26
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2a')).toBe(true) // 35
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2ab')).toBe(false) // 36
    for (const a of ['', 'bc1', 'm']) expect(isAddressOf('bip122', a), a).toBe(false)
  })

  it('refuses a CAIP-10 id or a URI (a colon), whitespace, and what is not a string', () => {
    const address = SEGWIT[3]!
    expect(isAddressOf('bip122', `bip122:0f9188f13cb7b2c71f2a335e3a4fc328:${address}`)).toBe(false)
    expect(isAddressOf('bip122', `bitcoin:${address}`)).toBe(false)
    expect(isBitcoinAddress(`bitcoin:${address}`)).toBe(false)
    expect(isAddressOf('bip122', ` ${address}`)).toBe(false)
    expect(isAddressOf('bip122', `${address}\n`)).toBe(false)
    for (const v of [undefined, null, 42, ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'], { address }]) expect(isAddressOf('bip122', v)).toBe(false)
  })

  it('keeps each namespace to its own rule', () => {
    expect(isAddressOf('eip155', SEGWIT[0])).toBe(false)
    expect(isAddressOf('solana', SEGWIT[0])).toBe(false)
    expect(isAddressOf('eip155', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
    expect(isAddressOf('bip122', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  })
})
