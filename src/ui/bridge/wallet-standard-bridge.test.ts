// The Wallet Standard bridge's SIWX calls: solana:signIn passed to a wallet that has it
// (only the sign-in input's known fields), its output read back as text and base64 and bounded;
// 4200 for a wallet without it, so the engine falls back to solana:signMessage; 4100 for an
// account that is not the wallet's; a refusal typed. Wallets are registered straight into
// @wallet-standard/app's registry (in Node it has no window to listen on).
import { BITCOIN_STANDARD_CONNECTOR_PREFIX } from '../../events/kernel/page-kernel.js'
import { describe, expect, it } from 'vitest'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { createSiwsMessage, type SolanaSignInFields } from '../../siwx/solana-message.js'
import { rejection } from '../../../tests/unit/error-fields.js'
import { createWalletStandardBridge } from './wallet-standard-bridge.js'

const seed = Uint8Array.from({ length: 32 }, (_, i) => 200 - i)
const address = base58.encode(ed25519.getPublicKey(seed))
const account: WalletAccount = { address, publicKey: base58.decode(address), chains: ['solana:localnet'], features: ['solana:signMessage', 'solana:signIn'] }

type SignIn = (input: Record<string, unknown>) => Promise<unknown> | unknown
let registered = 0

/** Registers a wallet (a fresh name each time) with `signIn` as its solana:signIn, or without the feature; gives the bridge's connector id, and the inputs the wallet was given. */
function wallet(signIn?: SignIn) {
  const name = `Test Wallet ${++registered}`
  const inputs: Record<string, unknown>[] = []
  const signed: Uint8Array[] = []
  const features: Record<string, unknown> = {
    'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: async ({ message }: { message: Uint8Array }) => {
        signed.push(message)
        return [{ signedMessage: message, signature: ed25519.sign(message, seed) }]
      },
    },
    ...(signIn
      ? {
          'solana:signIn': {
            version: '1.0.0',
            signIn: async (...given: Record<string, unknown>[]) => {
              inputs.push(...given)
              return [await signIn(given[0]!)]
            },
          },
        }
      : {}),
  }
  const w: Wallet = { version: '1.0.0', name, icon: 'data:image/svg+xml;base64,PHN2Zy8+', chains: ['solana:localnet'], accounts: [account], features: features as Wallet['features'] }
  getWallets().register(w)
  const bridge = createWalletStandardBridge(() => undefined, () => undefined)
  return { id: `wallet-standard:${name}`, bridge, inputs, signed }
}

/** A wallet's honest sign-in: the SIWS text of the input's fields, signed. */
const honest: SignIn = (input) => {
  const signedMessage = new TextEncoder().encode(createSiwsMessage(input as unknown as SolanaSignInFields))
  return { account, signedMessage, signature: ed25519.sign(signedMessage, seed) }
}

const fields = { domain: 'shop.example', address, statement: 'Sign in to Harbour Coffee', uri: 'https://shop.example/', version: '1', chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', nonce: 'k7Qz8mN3pL2x', issuedAt: '2030-01-01T00:00:00.000Z', resources: ['https://shop.example/terms'] }

describe('Wallet Standard bridge: solana:signIn (SIWX)', () => {
  it('passes the sign-in input (its known fields only) to a wallet that has the feature, and answers the text it signed and the signature in base64', async () => {
    const { id, bridge, inputs, signed } = wallet(honest)
    const answer = (await bridge.request(id, { method: 'solana:signIn', params: [{ ...fields, extra: 'dropped', nonce2: 1, resources: [...fields.resources, 42] }] })) as { address: string; signedMessage: string; signature: string }
    expect(inputs).toEqual([fields])
    expect(signed).toEqual([])
    expect(answer.address).toBe(address)
    expect(answer.signedMessage).toBe(createSiwsMessage(fields))
    expect(ed25519.verify(base64.decode(answer.signature), new TextEncoder().encode(answer.signedMessage), base58.decode(address))).toBe(true)
    bridge.close()
  })

  it("a wallet without solana:signIn: ProviderRequestError 4200 'Unsupported method: solana:signIn' (the engine's cue to sign the text with solana:signMessage)", async () => {
    const { id, bridge, signed } = wallet()
    expect(await rejection(bridge.request(id, { method: 'solana:signIn', params: [fields] }))).toEqual({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code: 4200, message: 'Unsupported method: solana:signIn' })
    const answer = (await bridge.request(id, { method: 'solana:signMessage', params: ['hello', address] })) as { signature: string }
    expect(ed25519.verify(base64.decode(answer.signature), new TextEncoder().encode('hello'), base58.decode(address))).toBe(true)
    expect(signed).toHaveLength(1)
    bridge.close()
  })

  it("an address that is not the wallet's: 4100 'Unauthorized', the wallet not asked; the visitor's refusal arrives as a UserRejectedError", async () => {
    const refusing = wallet(() => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })))
    const other = base58.encode(ed25519.getPublicKey(new Uint8Array(32)))
    expect(await rejection(refusing.bridge.request(refusing.id, { method: 'solana:signIn', params: [{ ...fields, address: other }] }))).toMatchObject({ name: 'ProviderRequestError', code: 4100, message: 'Unauthorized' })
    expect(refusing.inputs).toEqual([])
    expect(await rejection(refusing.bridge.request(refusing.id, { method: 'solana:signIn', params: [fields] }))).toMatchObject({ name: 'UserRejectedError', code: 4001, message: 'User rejected the request.' })
    refusing.bridge.close()
  })

  it("an output that is not { account, signedMessage: UTF-8 of at most 32 KiB, signature: 64 bytes }: 'The wallet returned no signed sign-in'", async () => {
    const text = new TextEncoder().encode(createSiwsMessage(fields))
    const outputs: unknown[] = [
      undefined,
      { signedMessage: text, signature: ed25519.sign(text, seed) },
      { account, signedMessage: createSiwsMessage(fields), signature: ed25519.sign(text, seed) },
      { account, signedMessage: text, signature: ed25519.sign(text, seed).slice(0, 63) },
      { account, signedMessage: Uint8Array.of(0xff, 0xfe), signature: new Uint8Array(64) },
      { account, signedMessage: new Uint8Array(32 * 1024 + 1).fill(0x61), signature: new Uint8Array(64) },
    ]
    for (const output of outputs) {
      const { id, bridge } = wallet(() => output)
      expect(await rejection(bridge.request(id, { method: 'solana:signIn', params: [fields] }))).toMatchObject({ name: 'GangwayError', category: 'API_ERROR', message: 'The wallet returned no signed sign-in' })
      bridge.close()
    }
  })
})

describe('Wallet Standard bridge: Bitcoin wallets', () => {
  it("reports a wallet with bitcoin:connect as a bip122 connector 'wallet-standard-bitcoin:<name>' beside its Solana one, and routes its bitcoin: calls", async () => {
    const name = `Test Wallet ${++registered}`
    const bitcoinAccount = { address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', publicKey: new Uint8Array(33), chains: ['bitcoin:regtest'], features: [], purpose: 'payment' } as WalletAccount
    const connects: unknown[] = []
    const w: Wallet = {
      version: '1.0.0',
      name,
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      chains: ['solana:localnet', 'bitcoin:regtest'],
      accounts: [account, bitcoinAccount],
      features: {
        'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
        'bitcoin:connect': { version: '1.0.0', connect: async (input: unknown) => (connects.push(input), { accounts: [bitcoinAccount] }) },
      } as Wallet['features'],
    }
    const off = getWallets().register(w)
    const reports: { id: string; chain: string; type: string; name: string; imageUrl?: string }[][] = []
    const bridge = createWalletStandardBridge(() => undefined, (connectors) => void reports.push(connectors as never))
    expect(reports.at(-1)).toEqual(
      expect.arrayContaining([
        { id: `wallet-standard:${name}`, type: 'ANNOUNCED', name, chain: 'solana', imageUrl: w.icon },
        { id: `${BITCOIN_STANDARD_CONNECTOR_PREFIX}${name}`, type: 'ANNOUNCED', name, chain: 'bip122', imageUrl: w.icon },
      ]),
    )
    expect(bridge.owns(`wallet-standard-bitcoin:${name}`)).toBe(true)
    expect(await bridge.request(`wallet-standard-bitcoin:${name}`, { method: 'bitcoin:connect', params: [{ purposes: ['payment'] }] })).toEqual([bitcoinAccount.address])
    expect(connects).toEqual([{ purposes: ['payment'] }])
    // The Solana connector of the same wallet answers its Solana account only.
    expect(await bridge.request(`wallet-standard:${name}`, { method: 'standard:connect', params: [] })).toEqual([address])
    // Unregistered: no longer reported.
    off()
    expect(reports.at(-1)!.some((c) => c.id.endsWith(name))).toBe(false)
    bridge.close()
  })
})
