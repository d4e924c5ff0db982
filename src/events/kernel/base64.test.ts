import { describe, expect, it } from 'vitest'
import { fromBase64, toBase64 } from './base64.js'

describe('base64', () => {
  it('round-trips bytes of every size, a signed PSBT of 300 KB included (no call takes them all as arguments)', () => {
    for (const size of [0, 1, 2, 3, 8191, 8192, 8193, 300_000]) {
      const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 31 + 7) % 256)
      const b64 = toBase64(bytes)
      expect(b64).toBe(Buffer.from(bytes).toString('base64'))
      expect(fromBase64(b64)).toEqual(bytes)
    }
  })
})
