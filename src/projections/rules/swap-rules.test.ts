// Swap rules (docs/behaviour.md §4, §9): the swap networks, the minimum received at 1 %, and the native source that leaves room for gas.
import { describe, expect, it } from 'vitest'
import { DEFAULT_SWAP_NETWORKS, isSwapNetwork, minimumReceived, nativeAmountAfterGas } from './swap-rules.js'

describe('swap rules', () => {
  it('swaps are offered on the §9 networks by default, and on the site’s list when it gives one', () => {
    expect(DEFAULT_SWAP_NETWORKS).toHaveLength(12)
    expect(isSwapNetwork('eip155:8453')).toBe(true)
    expect(isSwapNetwork('eip155:31337')).toBe(false)
    expect(isSwapNetwork('eip155:31337', ['eip155:31337'])).toBe(true)
    expect(isSwapNetwork('eip155:1', ['eip155:31337'])).toBe(false)
    expect(isSwapNetwork(undefined)).toBe(false)
  })

  it('the minimum received is the quote less 1 %, rounded down, in base units', () => {
    expect(minimumReceived(1_000_000n)).toBe(990_000n)
    expect(minimumReceived(999n)).toBe(989n)
    expect(minimumReceived(10n ** 30n, 1)).toBe(99n * 10n ** 28n)
    expect(minimumReceived(1000n, 0)).toBe(1000n)
  })

  it('a native amount that leaves no room for the gas becomes the balance less the gas; nothing when the gas alone does not fit', () => {
    const gas = 21_000n * 2_000_000_000n
    expect(nativeAmountAfterGas({ amount: 10n ** 18n, balance: 2n * 10n ** 18n, gas })).toBe(10n ** 18n)
    expect(nativeAmountAfterGas({ amount: 10n ** 18n, balance: 10n ** 18n + gas, gas })).toBe(10n ** 18n)
    expect(nativeAmountAfterGas({ amount: 10n ** 18n, balance: 10n ** 18n, gas })).toBe(10n ** 18n - gas)
    expect(nativeAmountAfterGas({ amount: 5n, balance: gas, gas })).toBeUndefined()
    expect(nativeAmountAfterGas({ amount: 5n, balance: gas - 1n, gas })).toBeUndefined()
  })
})
