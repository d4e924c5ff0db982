// A Wallet Standard Bitcoin connector's calls (bitcoin-standard-requests.ts) to a fake wallet whose
// features record their inputs: bitcoin:connect by purpose (and silent, without a prompt),
// bitcoin:signTransaction (the PSBT as bytes, the signer's account and indexes; the signed one as
// base64), bitcoin:signMessage (the text as UTF-8; the signature as base64); a signer that is not
// the wallet's is 4100, a method it does not serve 4200, an answer that is not bytes refused.
import { describe, expect, it } from 'vitest'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { base64 } from '@scure/base'
import { rejection } from '../../../tests/unit/error-fields.js'
import { bitcoinStandardRequest } from './bitcoin-standard-requests.js'

type Account = WalletAccount & { purpose?: 'payment' | 'ordinals' }
const account = (address: string, purpose: Account['purpose'], chains: `${string}:${string}`[] = ['bitcoin:regtest']): Account => ({
  address,
  publicKey: new Uint8Array(33).fill(2),
  chains,
  features: ['bitcoin:signTransaction', 'bitcoin:signMessage'],
  ...(purpose ? { purpose } : {}),
})
const payment = account('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', 'payment')
const ordinals = account('bcrt1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'ordinals')
const mainnetPayment = account('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'payment', ['bitcoin:mainnet'])
const unlabelled = account('bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf3w3z', undefined)
const solanaAccount = account('So11111111111111111111111111111111111111112', 'payment', ['solana:localnet'])

/** A signed PSBT as a wallet answers it (any bytes: nothing here reads them). */
const SIGNED = Uint8Array.from({ length: 120 }, (_, i) => (i * 7) % 256)
const SIGNATURE = Uint8Array.from({ length: 65 }, (_, i) => 255 - i)

interface Answers {
  connected?: readonly Account[]
  signedPsbt?: unknown
  signature?: unknown
  fail?: unknown
}

/** A fake Bitcoin wallet exposing `exposed`, with the features of `features` (default all), recording what each was given. */
function wallet(exposed: readonly Account[], answers: Answers = {}, features: string[] = ['bitcoin:connect', 'bitcoin:signTransaction', 'bitcoin:signMessage']) {
  const calls: { feature: string; inputs: unknown[] }[] = []
  const all: Record<string, unknown> = {
    'bitcoin:connect': {
      version: '1.0.0',
      connect: async (...inputs: unknown[]) => (calls.push({ feature: 'bitcoin:connect', inputs }), { accounts: answers.connected ?? exposed }),
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      signTransaction: async (...inputs: unknown[]) => {
        calls.push({ feature: 'bitcoin:signTransaction', inputs })
        if (answers.fail) throw answers.fail
        return 'signedPsbt' in answers ? (answers.signedPsbt === undefined ? [] : [{ signedPsbt: answers.signedPsbt }]) : [{ signedPsbt: SIGNED }]
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: unknown[]) => {
        calls.push({ feature: 'bitcoin:signMessage', inputs })
        if (answers.fail) throw answers.fail
        const signature = 'signature' in answers ? answers.signature : SIGNATURE
        return [{ signedMessage: (inputs[0] as { message: Uint8Array }).message, signature }]
      },
    },
  }
  const w: Wallet = {
    version: '1.0.0',
    name: 'Test Bitcoin Wallet',
    icon: 'data:image/svg+xml;base64,PHN2Zy8+',
    chains: ['bitcoin:regtest', 'bitcoin:mainnet'],
    accounts: exposed,
    features: Object.fromEntries(features.map((f) => [f, all[f]])) as Wallet['features'],
  }
  return { wallet: w, calls }
}

describe('bitcoin:connect', () => {
  it("asks the wallet for the purposes given and answers the addresses of those purposes on a Bitcoin chain (one with no purpose kept)", async () => {
    const { wallet: w, calls } = wallet([], { connected: [payment, ordinals, mainnetPayment, unlabelled, solanaAccount] })
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:connect', params: [{ purposes: ['payment'] }] })).toEqual([payment.address, mainnetPayment.address, unlabelled.address])
    expect(calls).toEqual([{ feature: 'bitcoin:connect', inputs: [{ purposes: ['payment'] }] }])
  })

  it('asks for payment by default, passes only the purposes it knows, and answers ordinals when asked for them', async () => {
    const { wallet: w, calls } = wallet([], { connected: [payment, ordinals] })
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:connect' })).toEqual([payment.address])
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:connect', params: [{}] })).toEqual([payment.address])
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:connect', params: [{ purposes: ['ordinals', 'stacks', 7] }] })).toEqual([ordinals.address])
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:connect', params: [{ purposes: ['payment', 'ordinals'] }] })).toEqual([payment.address, ordinals.address])
    expect(calls.map((c) => c.inputs)).toEqual([[{ purposes: ['payment'] }], [{ purposes: ['payment'] }], [{ purposes: ['ordinals'] }], [{ purposes: ['payment', 'ordinals'] }]])
  })

  it('with silent: true, asks the wallet nothing and answers the accounts it already exposes', async () => {
    const { wallet: w, calls } = wallet([payment, ordinals, solanaAccount], { connected: [mainnetPayment] })
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:connect', params: [{ purposes: ['payment'], silent: true }] })).toEqual([payment.address])
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:connect', params: [{ silent: true, purposes: ['ordinals'] }] })).toEqual([ordinals.address])
    expect(await bitcoinStandardRequest(wallet([]).wallet, { method: 'bitcoin:connect', params: [{ silent: true }] })).toEqual([])
    expect(calls).toEqual([])
    // Only true is silent.
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:connect', params: [{ silent: 'yes' }] })).toEqual([mainnetPayment.address])
    expect(calls).toHaveLength(1)
  })
})

describe('bitcoin:signTransaction', () => {
  const psbt = Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00, 0x80)

  it("passes the PSBT as bytes with the signer's account and signing indexes, and answers the signed PSBT as base64", async () => {
    const { wallet: w, calls } = wallet([payment, ordinals])
    const answer = await bitcoinStandardRequest(w, { method: 'bitcoin:signTransaction', params: [base64.encode(psbt), payment.address, [0, 2]] })
    expect(answer).toBe(base64.encode(SIGNED))
    expect(calls).toEqual([{ feature: 'bitcoin:signTransaction', inputs: [{ psbt, inputsToSign: [{ account: payment, signingIndexes: [0, 2] }] }] }])
    expect((calls[0]!.inputs[0] as { psbt: unknown }).psbt).toBeInstanceOf(Uint8Array)
  })

  it('passes on only whole indexes at or above 0, and none when the list is missing', async () => {
    const { wallet: w, calls } = wallet([payment, ordinals])
    await bitcoinStandardRequest(w, { method: 'bitcoin:signTransaction', params: [base64.encode(psbt), ordinals.address, [1, -1, 1.5, '2', null, 3]] })
    await bitcoinStandardRequest(w, { method: 'bitcoin:signTransaction', params: [base64.encode(psbt), ordinals.address] })
    expect(calls.map((c) => (c.inputs[0] as { inputsToSign: unknown }).inputsToSign)).toEqual([[{ account: ordinals, signingIndexes: [1, 3] }], [{ account: ordinals, signingIndexes: [] }]])
  })

  it("refuses a signer that is not one of the wallet's Bitcoin accounts with 4100 'Unauthorized', the wallet not asked", async () => {
    const { wallet: w, calls } = wallet([payment, solanaAccount])
    for (const signer of [ordinals.address, solanaAccount.address, undefined, 42]) {
      expect(await rejection(bitcoinStandardRequest(w, { method: 'bitcoin:signTransaction', params: [base64.encode(psbt), signer, [0]] }))).toMatchObject({
        name: 'ProviderRequestError',
        code: 4100,
        message: 'Unauthorized',
        details: `${String(signer)} is not an account of Test Bitcoin Wallet that can sign`,
      })
    }
    expect(calls).toEqual([])
  })

  it("refuses with 4100 'Unauthorized' on a wallet without the feature", async () => {
    const { wallet: w } = wallet([payment], {}, ['bitcoin:connect', 'bitcoin:signMessage'])
    expect(await rejection(bitcoinStandardRequest(w, { method: 'bitcoin:signTransaction', params: [base64.encode(psbt), payment.address, [0]] }))).toMatchObject({ name: 'ProviderRequestError', code: 4100, message: 'Unauthorized' })
  })

  it("refuses an answer that is not bytes, empty bytes or more than 256 KiB: 'The wallet returned no signature'", async () => {
    for (const signedPsbt of [new Uint8Array(0), base64.encode(SIGNED), [...SIGNED], SIGNED.buffer, null, undefined, new Uint8Array(256 * 1024 + 1)]) {
      const { wallet: w } = wallet([payment], { signedPsbt })
      expect(await rejection(bitcoinStandardRequest(w, { method: 'bitcoin:signTransaction', params: [base64.encode(psbt), payment.address, [0]] }))).toEqual({ name: 'GangwayError', category: 'API_ERROR', message: 'The wallet returned no signature' })
    }
  })

  it("throws the wallet's own error as it is (the bridge types it)", async () => {
    const refusal = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const { wallet: w } = wallet([payment], { fail: refusal })
    await expect(bitcoinStandardRequest(w, { method: 'bitcoin:signTransaction', params: [base64.encode(psbt), payment.address, [0]] })).rejects.toBe(refusal)
  })
})

describe('bitcoin:signMessage', () => {
  it("passes the text as UTF-8 with the signer's account, and answers { signature } in base64", async () => {
    const { wallet: w, calls } = wallet([payment, ordinals])
    const text = 'shop.example wants you to sign in with your Bitcoin account: ₿ ✓ é'
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:signMessage', params: [text, ordinals.address] })).toEqual({ signature: base64.encode(SIGNATURE) })
    expect(calls).toEqual([{ feature: 'bitcoin:signMessage', inputs: [{ account: ordinals, message: new TextEncoder().encode(text) }] }])
    expect(new TextDecoder().decode((calls[0]!.inputs[0] as { message: Uint8Array }).message)).toBe(text)
  })

  it("refuses a signer not of the wallet (4100), and an answer that is not a signature's bytes", async () => {
    const { wallet: w, calls } = wallet([payment])
    expect(await rejection(bitcoinStandardRequest(w, { method: 'bitcoin:signMessage', params: ['hello', mainnetPayment.address] }))).toMatchObject({ name: 'ProviderRequestError', code: 4100, message: 'Unauthorized' })
    expect(calls).toEqual([])
    for (const signature of [new Uint8Array(0), base64.encode(SIGNATURE), undefined]) {
      const empty = wallet([payment], { signature })
      expect(await rejection(bitcoinStandardRequest(empty.wallet, { method: 'bitcoin:signMessage', params: ['hello', payment.address] }))).toEqual({ name: 'GangwayError', category: 'API_ERROR', message: 'The wallet returned no signature' })
    }
  })
})

describe('bitcoin:getPublicKey', () => {
  it("answers the wallet's public key of that Bitcoin account in hex, asking the wallet nothing; null for an address not its or a key of another size", async () => {
    const taproot = { ...ordinals, publicKey: Uint8Array.from({ length: 32 }, (_, i) => i) }
    const odd = { ...unlabelled, publicKey: new Uint8Array(20) }
    const { wallet: w, calls } = wallet([payment, taproot, odd, solanaAccount])
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:getPublicKey', params: [taproot.address] })).toBe('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f')
    expect(await bitcoinStandardRequest(w, { method: 'bitcoin:getPublicKey', params: [payment.address] })).toBe('02'.repeat(33))
    for (const address of [odd.address, solanaAccount.address, mainnetPayment.address, undefined]) expect(await bitcoinStandardRequest(w, { method: 'bitcoin:getPublicKey', params: [address] })).toBeNull()
    expect(calls).toEqual([])
  })
})

describe('other methods', () => {
  it("refuses a method a Bitcoin connector does not serve with 4200 'Unsupported method: {method}', the wallet not asked", async () => {
    const { wallet: w, calls } = wallet([payment])
    for (const method of ['bitcoin:getAccounts', 'standard:connect', 'solana:signMessage', 'eth_sendTransaction']) {
      expect(await rejection(bitcoinStandardRequest(w, { method, params: ['hello', payment.address] }))).toEqual({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code: 4200, message: `Unsupported method: ${method}` })
    }
    expect(calls).toEqual([])
  })
})
