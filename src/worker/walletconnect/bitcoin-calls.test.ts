// A WalletConnect session's Bitcoin calls (bitcoin-calls.ts) over a fake `forward` that records the
// session requests: signPsbt's params, signMessage's hex signature as base64, and getAccountAddresses
// read for one address's public key (an untrusted answer: only a key's hex is taken).
import { describe, expect, it } from 'vitest'
import type { ProviderRequest } from '../../contract.js'
import { rejection } from '../../../tests/unit/error-fields.js'
import { bitcoinSessionCall } from './bitcoin-calls.js'

const ADDRESS = 'bcrt1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'
const X_ONLY = 'ab'.repeat(32)

/** A session answering `answer` to every request, recording each. */
function session(answer: unknown) {
  const sent: ProviderRequest[] = []
  return { sent, forward: async (request: ProviderRequest) => (sent.push(request), answer) }
}

describe('bitcoinSessionCall', () => {
  it('signs a PSBT with signPsbt, its inputs named by address and index, not broadcast', async () => {
    const s = session({ psbt: 'cHNidP8=' })
    expect(await bitcoinSessionCall({ method: 'bitcoin:signTransaction', params: ['cHNidP8=', ADDRESS, [0, -1, 2.5, 3]] }, s.forward)).toBe('cHNidP8=')
    expect(s.sent).toEqual([{ method: 'signPsbt', params: { account: ADDRESS, psbt: 'cHNidP8=', signInputs: [{ address: ADDRESS, index: 0 }, { address: ADDRESS, index: 3 }], broadcast: false } }])
  })

  it('answers a hex signature of signMessage in base64, and refuses an answer with none', async () => {
    expect(await bitcoinSessionCall({ method: 'bitcoin:signMessage', params: ['hello', ADDRESS] }, session({ signature: '0102ff' }).forward)).toEqual({ signature: 'AQL/' })
    expect(await rejection(bitcoinSessionCall({ method: 'bitcoin:signMessage', params: ['hello', ADDRESS] }, session({}).forward))).toMatchObject({ message: 'The wallet returned no signature' })
  })

  it("reads one address's public key from getAccountAddresses; null when the wallet lists no such address or no key in hex", async () => {
    const listed = [{ address: 'bcrt1qother', publicKey: '02'.repeat(33) }, { address: ADDRESS, publicKey: X_ONLY, path: "m/86'/1'/0'/0/0" }]
    const s = session(listed)
    expect(await bitcoinSessionCall({ method: 'bitcoin:getPublicKey', params: [ADDRESS] }, s.forward)).toBe(X_ONLY)
    expect(s.sent).toEqual([{ method: 'getAccountAddresses', params: { account: ADDRESS } }])
    for (const answer of [[{ address: ADDRESS }], [{ address: ADDRESS, publicKey: '<b>' }], [{ address: ADDRESS, publicKey: 'ab'.repeat(40) }], [null], {}, null, [{ address: 'bcrt1qother', publicKey: X_ONLY }]]) {
      expect(await bitcoinSessionCall({ method: 'bitcoin:getPublicKey', params: [ADDRESS] }, session(answer).forward)).toBeNull()
    }
  })
})
