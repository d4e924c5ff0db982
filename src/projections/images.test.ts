import { describe, expect, it } from 'vitest'
import { networkImage, withTokenImage } from './images.js'

describe('the images view models name', () => {
  it('networks: their own image URL, else the service image of their image id, else none', () => {
    expect(networkImage({ assets: { imageUrl: 'https://cdn.example/n.png', imageId: 'n' } })).toBe('https://cdn.example/n.png')
    expect(networkImage({ assets: { imageId: 'eip155:31337' } })).toBe('service-image:asset/eip155%3A31337')
    expect(networkImage({})).toBeUndefined()
    expect(networkImage({ assets: {} })).toBeUndefined()
  })

  it("networks the hosted service knows: its image id of them (AppKit's ids), unless the site names its own", () => {
    expect(networkImage({ caipNetworkId: 'eip155:1' })).toBe('service-image:asset/ba0ba0cd-17c6-4806-ad93-f9d174f17900')
    expect(networkImage({ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toBe('service-image:asset/a1b58899-f671-4276-6a5e-56ca5bd59700')
    expect(networkImage({ caipNetworkId: 'eip155:1', assets: { imageId: 'own' } })).toBe('service-image:asset/own')
    // A chain it does not know, and a key that is no chain, draw a generated icon.
    expect(networkImage({ caipNetworkId: 'eip155:31337' })).toBeUndefined()
    expect(networkImage({ caipNetworkId: 'toString' })).toBeUndefined()
  })

  it('tokens: their own icon, else the service image of their symbol', () => {
    const own = { symbol: 'ETH', iconUrl: 'https://cdn.example/eth.png' }
    expect(withTokenImage(own)).toBe(own)
    expect(withTokenImage({ symbol: 'HBD', name: 'Harbour Dollar' })).toEqual({ symbol: 'HBD', name: 'Harbour Dollar', iconUrl: 'service-image:token/HBD' })
    expect(withTokenImage({ symbol: '' })).toEqual({ symbol: '' })
  })
})
