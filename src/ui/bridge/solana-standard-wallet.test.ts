// Gangway's Wallet Standard registration of a Solana connection no page wallet provides:
// the wallet "Gangway" with the connection's account on its cluster; its signTransaction and
// signMessage go through the modal's provider (base64 wire transactions; a signature in base58 or
// base64 read back to 64 bytes); text only for messages; another account refused; disconnect goes
// to the modal; change events; gone once unregistered; the modal's own Wallet Standard bridge never
// lists it. Announced as the Wallet Standard's window protocol does, to a fake window here (Node
// has none): an app already listening, Gangway's own registry among them, gets it at once.
import { describe, expect, it, vi } from 'vitest'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { base58, base64 } from '@scure/base'
import { registerGangwayWallet, type SolanaConnection } from './solana-standard-wallet.js'
import { createWalletStandardBridge } from './wallet-standard-bridge.js'

const ADDRESS = 'CKt9rdNYXhWUUdNNrzEcn6kT7pJfH5TB6cEXxBSLMYA5'
const LOCALNET = 'solana:Gj4x7Tpr6C1FBzPhdSmNTNBmoNZ7Ce4A'
const signature = Uint8Array.from({ length: 64 }, (_, i) => i)

type Features = {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }
  'standard:disconnect': { disconnect(): Promise<void> }
  'standard:events': { on(e: 'change', l: (p: { accounts?: readonly WalletAccount[] }) => void): () => void }
  'solana:signTransaction': { signTransaction(...i: { transaction: Uint8Array; account: WalletAccount }[]): Promise<{ signedTransaction: Uint8Array }[]> }
  'solana:signMessage': { signMessage(...i: { message: Uint8Array; account: WalletAccount }[]): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]> }
}

/** A page's window with one Wallet Standard app on it, which keeps what is registered (and what later apps would be told). */
function page() {
  const target = new EventTarget()
  const registered = new Set<Wallet>()
  const app = { register: (...wallets: Wallet[]) => (wallets.forEach((w) => registered.add(w)), () => wallets.forEach((w) => registered.delete(w))) }
  target.addEventListener('wallet-standard:register-wallet', (e) => (e as CustomEvent<(api: typeof app) => void>).detail(app))
  return { target, registered, app }
}

function setup(encoding: 'base58' | 'base64' = 'base58', on = page()) {
  let connection: SolanaConnection | undefined = { address: ADDRESS, caipNetworkId: LOCALNET }
  const request = vi.fn(async (method: string, params: unknown[]) => {
    if (method === 'solana:signTransaction') return base64.encode(Uint8Array.from([...base64.decode(params[0] as string), 9]))
    return { signature: encoding === 'base58' ? base58.encode(signature) : base64.encode(signature) }
  })
  const disconnect = vi.fn(async () => void (connection = undefined))
  const registration = registerGangwayWallet({ connection: () => connection, request, disconnect }, on.target)
  const wallet = [...on.registered].find((w) => w.name === 'Gangway') as Wallet
  return { wallet, features: wallet.features as unknown as Features, request, disconnect, registration, page: on, set: (c: SolanaConnection | undefined) => (connection = c) }
}

describe('the Gangway Wallet Standard wallet', () => {
  it("has the connection's account on its cluster, and signs through the modal's provider", async () => {
    const { wallet, features, request, registration } = setup()
    const { accounts } = await features['standard:connect'].connect()
    expect(accounts.map((a) => [a.address, a.chains, [...a.publicKey]])).toEqual([[ADDRESS, ['solana:localnet'], [...base58.decode(ADDRESS)]]])
    expect(wallet.accounts).toHaveLength(1)

    const [signedTx] = await features['solana:signTransaction'].signTransaction({ transaction: Uint8Array.from([1, 2, 3]), account: accounts[0]! })
    expect([...signedTx!.signedTransaction]).toEqual([1, 2, 3, 9])
    expect(request).toHaveBeenCalledWith('solana:signTransaction', ['AQID', ADDRESS])

    const message = new TextEncoder().encode('Hello from Solana')
    const [signed] = await features['solana:signMessage'].signMessage({ message, account: accounts[0]! })
    expect([[...signed!.signature], signed!.signedMessage]).toEqual([[...signature], message])
    expect(request).toHaveBeenLastCalledWith('solana:signMessage', ['Hello from Solana', ADDRESS])
    registration.unregister()
  })

  it('reads a base64 signature too; refuses bytes that are not UTF-8 text and an account that is not the connection’s', async () => {
    const { features, registration } = setup('base64')
    const { accounts } = await features['standard:connect'].connect()
    const [signed] = await features['solana:signMessage'].signMessage({ message: new TextEncoder().encode('hi'), account: accounts[0]! })
    expect([...signed!.signature]).toEqual([...signature])
    await expect(features['solana:signMessage'].signMessage({ message: Uint8Array.from([0xff, 0xfe]), account: accounts[0]! })).rejects.toThrow('Gangway signs UTF-8 text messages only')
    await expect(features['solana:signTransaction'].signTransaction({ transaction: Uint8Array.from([1]), account: { ...accounts[0]!, address: 'So11111111111111111111111111111111111111112' } })).rejects.toThrow('Not connected with this account')
    registration.unregister()
  })

  it('refuses a message with a C0 control other than tab, line feed and carriage return, or DEL; signs text with them', async () => {
    const { features, request, registration } = setup()
    const { accounts } = await features['standard:connect'].connect()
    const account = accounts[0]!
    for (const control of [0x00, 0x01, 0x08, 0x0b, 0x1b, 0x1f, 0x7f]) {
      const message = Uint8Array.from([0x68, 0x69, control, 0x21])
      await expect(features['solana:signMessage'].signMessage({ message, account }), `0x${control.toString(16)}`).rejects.toThrow('Gangway signs UTF-8 text messages only')
    }
    // A legacy transaction message's first bytes are its signer counts: one required signature, none read-only.
    await expect(features['solana:signMessage'].signMessage({ message: Uint8Array.from([1, 0, 1, ...new TextEncoder().encode('abc')]), account })).rejects.toThrow('Gangway signs UTF-8 text messages only')
    expect(request).not.toHaveBeenCalled()

    const text = 'Sign in\n\tto the dapp\r\nat 12:00'
    const [signed] = await features['solana:signMessage'].signMessage({ message: new TextEncoder().encode(text), account })
    expect([...signed!.signature]).toEqual([...signature])
    expect(request).toHaveBeenCalledWith('solana:signMessage', [text, ADDRESS])
    registration.unregister()
  })

  it('disconnect goes to the modal; an account change is an event; an app that loads later gets it; unregistered, it is gone from every app', async () => {
    const { features, disconnect, registration, set, page: on } = setup()
    // A second app on the page, loading after the registration: it says it is ready, and is given the wallet.
    const later = new Set<Wallet>()
    on.target.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register: (...w: Wallet[]) => (w.forEach((x) => later.add(x)), () => w.forEach((x) => later.delete(x))) } }))
    expect([...later].map((w) => w.name)).toEqual(['Gangway'])
    const seen: (readonly WalletAccount[] | undefined)[] = []
    features['standard:events'].on('change', ({ accounts }) => seen.push(accounts))
    set({ address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    registration.changed()
    expect(seen.at(-1)?.map((a) => [a.address, a.chains])).toEqual([['4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', ['solana:mainnet']]])
    await features['standard:disconnect'].disconnect()
    expect(disconnect).toHaveBeenCalled()
    // No connection: a silent connect finds no account, and a connect is refused.
    set(undefined)
    expect(await features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    await expect(features['standard:connect'].connect()).rejects.toThrow('Not connected: connect in the modal first')
    registration.unregister()
    expect(seen.at(-1)).toEqual([])
    expect([on.registered.size, later.size]).toEqual([0, 0])
  })

  it("is not among the modal's own Wallet Standard connectors, though Gangway's registry has it", () => {
    // Gangway's own copy of @wallet-standard/app as the app on the page.
    const registry = getWallets()
    const target = new EventTarget()
    target.addEventListener('wallet-standard:register-wallet', (e) => (e as CustomEvent<(api: typeof registry) => void>).detail(registry))
    const registration = registerGangwayWallet({ connection: () => ({ address: ADDRESS, caipNetworkId: LOCALNET }), request: async () => null, disconnect: async () => undefined }, target)
    expect(registry.get().some((w) => w.name === 'Gangway')).toBe(true)
    const reported: string[][] = []
    const bridge = createWalletStandardBridge(() => undefined, (connectors) => reported.push(connectors.map((c) => c.name)))
    expect(reported.at(-1)).not.toContain('Gangway')
    bridge.close()
    registration.unregister()
    expect(registry.get().some((w) => w.name === 'Gangway')).toBe(false)
  })
})
