import { describe, expect, it } from 'vitest'
import { selectOrKeep, withCheckedImages } from './view-values.js'

const SERVICE = 'http://127.0.0.1:5175'

describe('the last pass over view values', () => {
  it('checks every image URL, at any depth, and leaves the rest as it is', () => {
    const view = {
      rows: [
        { id: 'a', name: 'A', imageUrl: 'http://127.0.0.2:9/pixel.gif', wallet: { id: 'a', name: 'A', imageUrl: 'javascript:alert(1)', mobileLink: 'a://' } },
        { id: 'b', name: 'B', imageUrl: `${SERVICE}/getWalletImage/b` },
        { id: 'c', name: 'C', imageUrl: 'data:image/png;base64,AAAA' },
      ],
      profileImage: 'http://192.168.1.1/router.png',
      tokens: [{ iconUrl: 'https://cdn.example/t.png', symbol: 'T' }],
    }
    expect(withCheckedImages(view, [SERVICE])).toEqual({
      rows: [
        { id: 'a', name: 'A', wallet: { id: 'a', name: 'A', mobileLink: 'a://' } },
        { id: 'b', name: 'B', imageUrl: `${SERVICE}/getWalletImage/b` },
        { id: 'c', name: 'C', imageUrl: 'data:image/png;base64,AAAA' },
      ],
      tokens: [{ iconUrl: 'https://cdn.example/t.png', symbol: 'T' }],
    })
    expect(view.rows[0]!.imageUrl).toBe('http://127.0.0.2:9/pixel.gif')
  })

  it('returns the same object when nothing changes', () => {
    const view = { rows: [{ imageUrl: 'https://cdn.example/w.png' }], n: 1 }
    expect(withCheckedImages(view, [])).toBe(view)
  })

  it('keeps the last value of a selector that throws, and reports it', () => {
    const errors: unknown[] = []
    const select = (s: { raw: string }) => BigInt(s.raw).toString()
    expect(selectOrKeep(select, { raw: '12' }, '0', (e) => errors.push(e))).toBe('12')
    expect(selectOrKeep(select, { raw: 'zz' }, '12', (e) => errors.push(e))).toBe('12')
    expect(errors).toHaveLength(1)
  })
})

describe('service image references', () => {
  const serviceImage = (kind: string, id: string) => `${SERVICE}/public/get${kind}/${encodeURIComponent(id)}?projectId=p`
  it('become the service URL, then pass the URL validator like any other', () => {
    const view = { groups: [{ networks: [{ name: 'Localnet', imageUrl: 'service-image:asset/eip155%3A31337' }] }], tokens: [{ symbol: 'ETH', iconUrl: 'service-image:token/ETH' }] }
    expect(withCheckedImages(view, [SERVICE], undefined, serviceImage)).toEqual({
      groups: [{ networks: [{ name: 'Localnet', imageUrl: `${SERVICE}/public/getasset/eip155%3A31337?projectId=p` }] }],
      tokens: [{ symbol: 'ETH', iconUrl: `${SERVICE}/public/gettoken/ETH?projectId=p` }],
    })
    // A service on an origin the validator does not allow gives no image.
    expect(withCheckedImages(view, [], undefined, serviceImage)).toEqual({ groups: [{ networks: [{ name: 'Localnet' }] }], tokens: [{ symbol: 'ETH' }] })
  })

  it('are removed when there is no wallet/config service, and never reach a view as they are', () => {
    const view = { rows: [{ name: 'A', imageUrl: 'service-image:token/A' }, { name: 'B', imageUrl: 'service-image:bogus/B' }] }
    expect(withCheckedImages(view, [SERVICE], undefined, () => undefined)).toEqual({ rows: [{ name: 'A' }, { name: 'B' }] })
    expect(withCheckedImages(view, [SERVICE])).toEqual({ rows: [{ name: 'A' }, { name: 'B' }] })
  })
})
