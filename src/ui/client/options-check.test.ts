import { describe, expect, it, vi } from 'vitest'
import { checkedOptions } from './options-check.js'
import type { GangwayOptions } from '../options.js'

const base: GangwayOptions = { projectId: 'p', networks: [{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://rpc.example'] } } }] }

describe('checkedOptions: views', () => {
  it('takes views: false and true', () => {
    expect(checkedOptions({ ...base, views: false }, undefined).views).toBe(false)
    expect(checkedOptions({ ...base, views: true }, undefined).views).toBe(true)
  })

  it("refuses a views that is not a boolean with 'Invalid option: views must be a boolean'", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => checkedOptions({ ...base, views: 'no' as unknown as boolean }, undefined)).toThrow('Invalid option: views must be a boolean')
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })
})
