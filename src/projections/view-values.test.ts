import { describe, expect, it } from 'vitest'
import { selectOrKeep, withCheckedImages } from './view-values.js'

const SERVICE = 'http://127.0.0.1:5175'

describe('the last pass over view values (issue 13 #8, #10)', () => {
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
