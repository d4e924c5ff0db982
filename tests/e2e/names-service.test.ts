/**
 * The name client (src/api/names.ts, issue 20) against the blockchain service emulator's name
 * registry (localnet/services/names.ts) over HTTP, verifying on the localnet's anvil chains: an EOA's
 * EIP-191 signature, a Safe 1.4.1's before deployment (ERC-6492) and after (EIP-1271); the identity
 * answer names an address by its registered name. A service of its own (its own registry), on the
 * shared chains. Node only: no browser.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicClient, defineChain, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startBlockchainService, type BlockchainService } from '../../localnet/services/blockchain.js'
import { NAME_REFUSALS } from '../../localnet/services/names.js'
import { freePort } from '../../localnet/ports.js'
import { deploySafeContracts, safeAccount, type SafeContracts } from '../../localnet/safe.js'
import { blockchainClient } from '../../src/api/blockchain.js'
import { nameClient, nameCoinType, nameRegistrationMessage } from '../../src/api/names.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'

const chain = defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [inject('rpcUrl')] } } })
const pub = createPublicClient({ chain, transport: http() })

let service: BlockchainService
let names: ReturnType<typeof nameClient>
let identity: ReturnType<typeof blockchainClient>
let contracts: SafeContracts

beforeAll(async () => {
  service = await startBlockchainService({ port: await freePort(), chains: [{ chainId: 31337, rpcUrl: inject('rpcUrl') }, { chainId: 31338, rpcUrl: inject('rpcUrl2') }] })
  const api = createServiceFetch({ services: { blockchain: service.url }, projectId: 'gangway-test' })
  names = nameClient(api)
  identity = blockchainClient(api)
  contracts = await deploySafeContracts(chain)
})
afterAll(async () => {
  await service?.stop()
})

/** The message of `label` signed now by `sign`, registered for `address` on `chainId`; resolves 'registered' or the error's message. */
async function register(label: string, address: string, sign: (message: string) => Promise<string>, chainId = 31337): Promise<string> {
  const message = nameRegistrationMessage(label, Math.floor(Date.now() / 1000))
  const registration = { coinType: nameCoinType(chainId), address, message, signature: await sign(message) }
  return names.registerName(registration).then(() => 'registered', (e: Error) => e.message)
}

/** A fresh Safe (its owner funded for the deployment's gas). */
async function newSafe() {
  const owner = privateKeyToAccount(generatePrivateKey())
  await pub.request({ method: 'anvil_setBalance' as never, params: [owner.address, '0xde0b6b3a7640000'] as never })
  return { owner, safe: safeAccount(owner, contracts, chain) }
}

describe('name service on the localnet', () => {
  it('registers an EOA-signed name on either chain; lookup, reverse lookup, suggestions and identity show it', async () => {
    const eoa = privateKeyToAccount(generatePrivateKey())
    expect(await register('Deck-Hand', eoa.address, (message) => eoa.signMessage({ message }))).toBe('registered')
    expect(await names.lookupName('deck-hand.reown.id')).toEqual({ name: 'deck-hand.reown.id', addresses: { [String(nameCoinType(31337))]: eoa.address }, attributes: {} })
    expect(await names.reverseLookup(eoa.address)).toEqual(['deck-hand.reown.id'])
    expect((await names.suggestNames('deck-hand'))[0]).toEqual({ name: 'deck-hand.reown.id', registered: true })
    expect(await identity.getIdentity(eoa.address)).toEqual({ name: 'deck-hand.reown.id' })
    expect(await register('deck-hand-2', eoa.address, (message) => eoa.signMessage({ message }), 31338)).toBe('registered')
    expect(await identity.getIdentity(eoa.address.toLowerCase())).toEqual({ name: 'deck-hand-2.reown.id' })
    // Taken, whoever asks; a coin type of a chain not served (mainnet's 60).
    const other = privateKeyToAccount(generatePrivateKey())
    expect(await register('deck-hand', other.address, (message) => other.signMessage({ message }))).toBe(NAME_REFUSALS.taken('deck-hand.reown.id').description)
    expect(await register('mainnet-name', other.address, (message) => other.signMessage({ message }), 1)).toBe(NAME_REFUSALS.coinType(60).description)
    await expect(names.lookupName('nobody-here.reown.id')).rejects.toThrow('Name not found')
    expect(service.requests.filter((r) => r.path.startsWith('/v1/profile/')).every((r) => r.query.projectId === 'gangway-test' && r.query.st && r.query.sv)).toBe(true)
  })

  it('verifies a Safe on the chain: ERC-6492 before it is deployed, EIP-1271 after; refuses its owner\'s plain signature for it', async () => {
    const { owner, safe } = await newSafe()
    expect(await safe.deployed()).toBe(false)
    expect(await register('safe-early', safe.address, (message) => safe.signMessage(message))).toBe('registered')
    expect(await safe.deploy()).toBe(true)
    expect(await register('safe-later', safe.address, (message) => safe.signMessage(message))).toBe('registered')
    expect(await register('safe-owner', safe.address, (message) => owner.signMessage({ message }))).toBe(NAME_REFUSALS.signature().description)
    expect(await names.reverseLookup(safe.address)).toEqual(['safe-later.reown.id', 'safe-early.reown.id'])
  })
})
