/**
 * The localnet's ERC-4337 stack (localnet/erc4337.ts, localnet/bundler.ts) on an anvil of its own:
 * the contracts from published artifacts at their canonical addresses, alto as the bundler, and a
 * Safe 1.4.1 smart account built by permissionless' `toSafeSmartAccount` (its owner a test key, so
 * the account and the bundler are what is under test here; passkey owners sign in the browser), and
 * the verifying paymaster with its ERC-7677 policy service (localnet/paymaster.ts) through viem's
 * paymaster client.
 * Node only: no browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, defineChain, http, parseEther, type Hex } from 'viem'
import { createBundlerClient, createPaymasterClient, entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { rpc, startAnvil, type Anvil } from '../../localnet/anvil.js'
import { startBundler, type Bundler } from '../../localnet/bundler.js'
import { deployErc4337, ENTRY_POINT_07, type Erc4337Contracts } from '../../localnet/erc4337.js'
import { startPaymaster, type Paymaster, REFUSED } from '../../localnet/paymaster.js'
import { freePort } from '../../localnet/ports.js'
import { labelledKey } from '../../localnet/test-keys.js'

/** How often a receipt is asked for (viem's default, 4 s, is for real chains; anvil mines at once). */
const POLL_MS = 100

let anvil: Anvil
let bundler: Bundler
let contracts: Erc4337Contracts
let paymaster: Paymaster

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() })
  contracts = await deployErc4337(anvil.url)
  bundler = await startBundler({ rpcUrl: anvil.url, port: await freePort() })
  paymaster = await startPaymaster({ rpcUrl: anvil.url, port: await freePort() })
})

afterAll(async () => {
  await paymaster?.stop()
  await bundler?.stop()
  await anvil?.stop()
})

/** A client of the test's anvil, a Safe of `owner` on it funded with 1 ETH, and a bundler client for it. */
async function safeOf(owner: Hex) {
  const chain = defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } })
  const client = createPublicClient({ chain, transport: http() })
  const account = await toSafeSmartAccount({ client, owners: [privateKeyToAccount(owner)], version: '1.4.1', entryPoint: { address: entryPoint07Address, version: '0.7' } })
  await rpc(anvil.url, 'anvil_setBalance', [account.address, `0x${parseEther('1').toString(16)}`])
  const gas = await rpc<{ fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }>(bundler.url, 'pimlico_getUserOperationGasPrice')
  const fees = { maxFeePerGas: BigInt(gas.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(gas.fast.maxPriorityFeePerGas) }
  return { client, account, fees, bundlerClient: createBundlerClient({ account, client, transport: http(bundler.url), pollingInterval: POLL_MS }) }
}

describe('the localnet bundler', () => {
  it('has the contracts at the addresses the clients expect, and serves EntryPoint v0.7', async () => {
    expect(contracts.entryPoint).toBe(entryPoint07Address)
    expect(await rpc<Hex[]>(bundler.url, 'eth_supportedEntryPoints')).toEqual([ENTRY_POINT_07])
    const { account } = await safeOf(labelledKey('canonical owner'))
    // permissionless builds the Safe on its defaults: the canonical Safe 1.4.1, 4337 module and module setup.
    const { factory } = await account.getFactoryArgs()
    expect(factory).toBe(contracts.safeProxyFactory)
    for (const address of Object.values(contracts)) expect(await rpc<Hex>(anvil.url, 'eth_getCode', [address, 'latest'])).not.toBe('0x')
  })

  it('bundles a Safe’s first user operation: the account is deployed and the receiver gets exactly the value, once', async () => {
    const { client, account, fees, bundlerClient } = await safeOf(labelledKey('first operation owner'))
    const receiver = privateKeyToAccount(labelledKey('first operation receiver')).address
    expect(await client.getCode({ address: account.address })).toBeUndefined()
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: receiver, value: parseEther('0.01') }], ...fees })
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
    expect(receipt.success).toBe(true)
    expect(await client.getCode({ address: account.address })).not.toBeUndefined()
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
  })

  it('sponsors an account’s first operation: its ETH pays only the value, the paymaster’s deposit the gas; the policy refuses the second', async () => {
    const { client, account, fees } = await safeOf(labelledKey('sponsored owner'))
    const sponsored = createBundlerClient({ account, client, transport: http(bundler.url), pollingInterval: POLL_MS, paymaster: createPaymasterClient({ transport: http(paymaster.url) }) })
    const receiver = privateKeyToAccount(labelledKey('sponsored receiver')).address
    const [balance, deposit] = [await client.getBalance({ address: account.address }), await paymaster.deposit()]
    const hash = await sponsored.sendUserOperation({ calls: [{ to: receiver, value: parseEther('0.01') }], ...fees })
    expect((await sponsored.waitForUserOperationReceipt({ hash })).success).toBe(true)
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: account.address })).toBe(balance - parseEther('0.01'))
    expect(await paymaster.deposit()).toBeLessThan(deposit)

    await expect(sponsored.sendUserOperation({ calls: [{ to: receiver, value: parseEther('0.01') }], ...fees })).rejects.toThrow(REFUSED)
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))
  })

  it('refuses a user operation signed by a key that does not own the account, and nothing is sent', async () => {
    const { client, account, fees, bundlerClient } = await safeOf(labelledKey('refused owner'))
    const stranger = await toSafeSmartAccount({ client, owners: [privateKeyToAccount(labelledKey('stranger'))], version: '1.4.1', entryPoint: { address: entryPoint07Address, version: '0.7' } })
    const receiver = privateKeyToAccount(labelledKey('refused receiver')).address
    const operation = await bundlerClient.prepareUserOperation({ calls: [{ to: receiver, value: parseEther('0.01') }], ...fees })
    // The stranger signs the account's operation: a valid Safe signature by a key that is no owner.
    const signature = await stranger.signUserOperation({ ...operation, sender: account.address })
    await expect(bundlerClient.sendUserOperation({ ...operation, signature })).rejects.toThrow(/AA24 signature error/)
    expect(await client.getBalance({ address: receiver })).toBe(0n)
  })
})
