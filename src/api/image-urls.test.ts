import { describe, expect, it } from 'vitest'
import { parseServiceImageRef, serviceImageRef } from '../events/service-images.js'
import { createServiceFetch } from './service-fetch.js'
import { serviceImageUrl, serviceImageUrls } from './image-urls.js'
import { SDK_TYPE, SDK_VERSION } from './version.js'

const BASE = 'http://127.0.0.1:5190'
const api = createServiceFetch({ services: { walletConfig: BASE }, projectId: 'p1' })

describe('wallet/config service image URLs (docs/behaviour.md §7)', () => {
  it('builds each kind on its path, the id encoded, with projectId, st and sv', () => {
    const q = `projectId=p1&st=${SDK_TYPE}&sv=${encodeURIComponent(SDK_VERSION)}`
    expect(serviceImageUrl(api, 'wallet', 'abc')).toBe(`${BASE}/getWalletImage/abc?${q}`)
    expect(serviceImageUrl(api, 'asset', 'eip155:31337')).toBe(`${BASE}/public/getAssetImage/eip155%3A31337?${q}`)
    expect(serviceImageUrl(api, 'token', 'ETH')).toBe(`${BASE}/public/getTokenImage/ETH?${q}`)
    expect(serviceImageUrl(api, 'currency', 'USD')).toBe(`${BASE}/public/getCurrencyImage/USD?${q}`)
    expect(serviceImageUrl(api, 'token', '../a b?c')).toBe(`${BASE}/public/getTokenImage/..%2Fa%20b%3Fc?${q}`)
  })

  it('gives none without a wallet/config service, and throws when asked straight', () => {
    const bare = createServiceFetch({ services: {}, projectId: 'p1' })
    expect(serviceImageUrls(bare, undefined)('token', 'ETH')).toBeUndefined()
    expect(() => serviceImageUrl(bare, 'token', 'ETH')).toThrow('Service not configured: walletConfig')
    expect(serviceImageUrls(api, BASE)('token', 'ETH')).toBe(serviceImageUrl(api, 'token', 'ETH'))
  })

  it('references round-trip any id, and nothing else reads as one', () => {
    for (const id of ['eip155:31337', 'ETH', 'a/b c%', 'solana:GangwayLocaLnet11111111111111111']) {
      expect(parseServiceImageRef(serviceImageRef('asset', id))).toEqual({ kind: 'asset', id })
    }
    expect(serviceImageRef('token', 'a/b')).toBe('service-image:token/a%2Fb')
    for (const v of ['https://a/x.png', 'service-image:other/x', 'service-image:token/', 'service-image:token/%E0%A4%A', 42, undefined]) {
      expect(parseServiceImageRef(v)).toBeUndefined()
    }
  })
})
