import { describe, expect, it } from 'vitest'
import { networkImage, withTokenImage } from './images.js'

describe('the images view models name (issue 16)', () => {
  it('networks: their own image URL, else the service image of their image id, else none', () => {
    expect(networkImage({ assets: { imageUrl: 'https://cdn.example/n.png', imageId: 'n' } })).toBe('https://cdn.example/n.png')
    expect(networkImage({ assets: { imageId: 'eip155:31337' } })).toBe('service-image:asset/eip155%3A31337')
    expect(networkImage({})).toBeUndefined()
    expect(networkImage({ assets: {} })).toBeUndefined()
  })

  it('tokens: their own icon, else the service image of their symbol', () => {
    const own = { symbol: 'ETH', iconUrl: 'https://cdn.example/eth.png' }
    expect(withTokenImage(own)).toBe(own)
    expect(withTokenImage({ symbol: 'HBD', name: 'Harbour Dollar' })).toEqual({ symbol: 'HBD', name: 'Harbour Dollar', iconUrl: 'service-image:token/HBD' })
    expect(withTokenImage({ symbol: '' })).toEqual({ symbol: '' })
  })
})
