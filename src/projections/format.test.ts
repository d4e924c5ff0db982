import { describe, expect, it } from 'vitest'
import { floorUnits, floorUsd } from './format.js'
import { avatarColors, shortenAddress } from './format-address.js'

describe('display rules (docs/behaviour.md §9)', () => {
  it('floors balances to 3 decimals, never rounds up', () => {
    expect(floorUnits('1999999999999999999', 18)).toBe('1.999')
    expect(floorUnits('10000000000000000000000', 18)).toBe('10000')
    expect(floorUnits('1234567', 6)).toBe('1.234')
    expect(floorUnits('999', 18)).toBe('0')
    expect(floorUnits(123n, 2)).toBe('1.23')
  })
  it('floors USD to 2 decimals', () => {
    expect(floorUsd(12.349)).toBe('12.34')
    expect(floorUsd(0.1 + 0.2)).toBe('0.30')
    expect(floorUsd(5)).toBe('5.00')
  })
  it('shortens addresses to the first 6 and last 4 characters', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(shortenAddress('short')).toBe('short')
  })
  it('derives avatar colours from the first 6 hex digits of the address', () => {
    expect(avatarColors('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({ base: '#f39fd6', tint: '#f9cfeb' })
    expect(avatarColors('0x70997970C51812dc3A010C7d01b50e0d17dc79C8').base).toBe('#709979')
  })
})
