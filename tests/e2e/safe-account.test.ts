/**
 * The secure-site emulator's smart accounts (issue 19, localnet/safe.ts) on the localnet's anvils:
 * Safe 1.4.1 from its published artifacts at the same addresses on both chains; a user's Safe
 * signs before it exists (ERC-6492, verified by viem against the chain), its first send deploys it
 * and executes through execTransaction, and then it signs through EIP-1271.
 */
import { describe, expect, inject, it } from 'vitest'
import { createPublicClient, defineChain, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { deploySafeContracts, safeAccount } from '../../localnet/safe.js'

const chainAt = (id: number, url: string) => defineChain({ id, name: `Localnet ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
const chain = chainAt(31337, inject('rpcUrl'))
const chain2 = chainAt(31338, inject('rpcUrl2'))
const ERC6492_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492'

describe('Safe smart accounts on the localnet', () => {
  it('deploys the Safe contracts once, at the same addresses on both chains; a Safe signs before it exists (ERC-6492), deploys on its first send, then signs through EIP-1271', async () => {
    const contracts = await deploySafeContracts(chain)
    expect(await deploySafeContracts(chain)).toEqual(contracts)
    expect(await deploySafeContracts(chain2)).toEqual(contracts)

    const pub = createPublicClient({ chain, transport: http() })
    const owner = privateKeyToAccount(generatePrivateKey())
    const safe = safeAccount(owner, contracts, chain)
    expect(safeAccount(owner, contracts, chain2).address).toBe(safe.address)
    expect(await safe.deployed()).toBe(false)

    // Counterfactual: the signature carries the factory call, and the chain checks it without the Safe existing.
    const early = await safe.signMessage('hello from a safe')
    expect(early.endsWith(ERC6492_SUFFIX)).toBe(true)
    expect(await pub.verifyMessage({ address: safe.address, message: 'hello from a safe', signature: early })).toBe(true)
    expect(await pub.verifyMessage({ address: safe.address, message: 'another message', signature: early })).toBe(false)
    expect(await safe.deployed()).toBe(false)

    // The first send deploys it (the owner pays the gas), then executes 0.1 ETH from the Safe.
    for (const address of [owner.address, safe.address]) await pub.request({ method: 'anvil_setBalance' as never, params: [address, '0xde0b6b3a7640000'] as never })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const hash = await safe.sendTransaction({ to: receiver, value: parseEther('0.1') })
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await pub.getBalance({ address: receiver })).toBe(parseEther('0.1'))
    expect(await pub.getBalance({ address: safe.address })).toBe(parseEther('0.9'))
    expect(await safe.deployed()).toBe(true)

    // Deployed: a plain signature, checked through the Safe's isValidSignature.
    const late: Hex = await safe.signMessage('hello from a safe')
    expect(late.endsWith(ERC6492_SUFFIX)).toBe(false)
    expect(await pub.verifyMessage({ address: safe.address, message: 'hello from a safe', signature: late })).toBe(true)
    expect(await pub.verifyMessage({ address: safe.address, message: 'hello from a safe', signature: early })).toBe(true)
    expect(await pub.verifyMessage({ address: safe.address, message: 'hello from a safe', signature: await owner.signMessage({ message: 'hello from a safe' }) })).toBe(false)
  })
})
