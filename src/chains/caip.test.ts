import { describe, expect, it } from 'vitest'
import { namespaceOf, parseCaipAddress, parseCaipNetworkId, readCaipAddress, readCaipNetworkId, toCaipAddress } from './caip.js'
import { isEvmAddress } from '../events/address-rules.js'
import { caipAddressOf } from './eip155/accounts.js'

describe('CAIP ids (docs/behaviour.md §5)', () => {
  it('parses a CAIP-2 network id of exactly 2 parts', () => {
    expect(parseCaipNetworkId('eip155:31337')).toEqual({ namespace: 'eip155', reference: '31337' })
    for (const bad of ['eip155', 'eip155:1:2', ':1', 'eip155:', '']) expect(() => parseCaipNetworkId(bad)).toThrow('Invalid CAIP-2 network id')
  })
  it('parses a CAIP-10 address of exactly 3 parts', () => {
    expect(parseCaipAddress('eip155:1:0xabc')).toEqual({ namespace: 'eip155', reference: '1', address: '0xabc', caipNetworkId: 'eip155:1' })
    for (const bad of ['eip155:1', 'eip155:1:0xabc:x', 'eip155::0xabc']) expect(() => parseCaipAddress(bad)).toThrow('Invalid CAIP-10 address')
  })
  it('reads the same ids without throwing: undefined for a malformed one', () => {
    expect(readCaipNetworkId('solana:5eykt')).toEqual({ namespace: 'solana', reference: '5eykt' })
    expect(readCaipAddress('eip155:1:0xabc')).toEqual(parseCaipAddress('eip155:1:0xabc'))
    for (const bad of ['eip155', 'eip155:1:2', ':1', 'eip155:', '', undefined, 42]) expect(readCaipNetworkId(bad)).toBeUndefined()
    for (const bad of ['eip155:1', 'eip155:1:0xabc:x', 'eip155::0xabc', null]) expect(readCaipAddress(bad)).toBeUndefined()
  })
  it('names the namespace of a CAIP-2 or CAIP-10 id Gangway knows, else undefined', () => {
    expect(namespaceOf('eip155:31337')).toBe('eip155')
    expect(namespaceOf('solana:5eykt:9xQe')).toBe('solana')
    expect(namespaceOf('bip122:000000000019d6689c085ae165831e93')).toBe('bip122')
    for (const other of ['cosmos:cosmoshub-4', 'eip155', 'eip155:1:0xabc:x', ':1', '', undefined]) expect(namespaceOf(other)).toBeUndefined()
  })
  it('joins and checksums', () => {
    expect(toCaipAddress('eip155:1', '0xabc')).toBe('eip155:1:0xabc')
    expect(caipAddressOf('0x7a69', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe('eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })
  it('EVM address: optional 0x plus 40 hex characters', () => {
    expect(isEvmAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true)
    expect(isEvmAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true)
    expect(isEvmAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226')).toBe(false)
    expect(isEvmAddress('0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(false)
  })
})
