/**
 * The sessions client (src/api/sessions.ts, issue 20) against the blockchain service emulator's
 * sessions store (localnet/services/sessions.ts) over HTTP: sessions added through the test-control
 * path are listed per CAIP-10 account (live ones only), and a revocation is refused unless its
 * signature is the account's personal_sign of the pci, verified on the localnet's anvil chain: an
 * anvil dev account's (EOA), a Safe 1.4.1's before deployment (ERC-6492) and after (EIP-1271). A
 * service of its own (its own store), on the shared chains. Node only: no browser.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicClient, defineChain, http } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { startBlockchainService, type BlockchainService } from '../../localnet/services/blockchain.js'
import { SESSION_REFUSALS } from '../../localnet/services/sessions.js'
import { freePort } from '../../localnet/ports.js'
import { deploySafeContracts, safeAccount, type SafeContracts } from '../../localnet/safe.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'
import { sessionsClient, type SessionsClient } from '../../src/api/sessions.js'

const chain = defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [inject('rpcUrl')] } } })
const pub = createPublicClient({ chain, transport: http() })

/** Anvil's dev accounts 2 and 3 (the "test … junk" mnemonic), by their well-known private keys. */
const DEV_2 = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const DEV_3 = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const MNEMONIC = 'test test test test test test test test test test test junk'

let service: BlockchainService
let sessions: SessionsClient
let contracts: SafeContracts

beforeAll(async () => {
  service = await startBlockchainService({ port: await freePort(), chains: [{ chainId: 31337, rpcUrl: inject('rpcUrl') }, { chainId: 31338, rpcUrl: inject('rpcUrl2') }] })
  sessions = sessionsClient(createServiceFetch({ services: { blockchain: service.url }, projectId: 'gangway-test' }))
  contracts = await deploySafeContracts(chain)
})
afterAll(async () => {
  await service?.stop()
})

/** Adds a session for `account` through the test-control path; resolves its pci. */
async function addSession(account: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await fetch(`${service.url}/localnet/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account, ...extra }) })
  expect(r.status).toBe(200)
  return ((await r.json()) as { pci: string }).pci
}

/** Revokes `pci` of `account` with `signature`; resolves 'revoked' or the error's message. */
const revoke = (account: string, pci: string, signature: string) => sessions.revokeSession(account, { pci, signature }).then(() => 'revoked', (e: Error) => e.message)
const pcis = async (account: string) => (await sessions.getSessions(account)).map((s) => s.pci)

describe('sessions service on the localnet', () => {
  it('the dev keys are anvil dev accounts 2 and 3', () => {
    expect(DEV_2.address).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: 2 }).address)
    expect(DEV_3.address).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: 3 }).address)
  })

  it("lists an account's live sessions, per CAIP-10 account, reduced to what a view shows", async () => {
    const account = `eip155:31337:${DEV_2.address}`
    const now = Math.floor(Date.now() / 1000)
    const permissions = [{ type: 'contract-call', data: { address: inject('tokenAddress'), functions: [{ functionName: 'transfer' }] } }]
    const live = await addSession(account, { expiry: now + 600, createdAt: now, project: { id: 'harbour', name: 'Harbour Dapp' }, permissions, policies: [{ type: 'usage-limit', data: { limit: 3 } }] })
    await addSession(account, { expiry: now - 1 })
    const other = await addSession(`eip155:31338:${DEV_2.address}`)
    expect(await sessions.getSessions(account.toLowerCase())).toEqual([
      { pci: live, expiry: now + 600, createdAt: now, project: { id: 'harbour', name: 'Harbour Dapp' }, permissions: [{ type: 'contract-call', contract: inject('tokenAddress'), functions: ['transfer'] }], policies: ['usage-limit'] },
    ])
    expect(await pcis(`eip155:31338:${DEV_2.address}`)).toEqual([other])
    expect(await pcis(`eip155:31337:${DEV_3.address}`)).toEqual([])
    expect(service.requests.filter((r) => r.path.startsWith('/v1/sessions/')).every((r) => r.query.projectId === 'gangway-test' && r.query.st && r.query.sv)).toBe(true)
  })

  it("revokes with the account's signature of the pci (an anvil dev key's), then the pci is gone", async () => {
    const account = `eip155:31337:${DEV_3.address}`
    const pci = await addSession(account)
    const kept = await addSession(account)
    expect(await revoke(account, pci, await DEV_3.signMessage({ message: pci }))).toBe('revoked')
    expect(await pcis(account)).toEqual([kept])
    expect(await revoke(account, pci, await DEV_3.signMessage({ message: pci }))).toBe(`Permission for PCI is not found: ${pci}`)
  })

  it('refuses a wrong signature with its reason, and keeps the session', async () => {
    const account = `eip155:31337:${DEV_2.address}`
    const pci = await addSession(account)
    expect(await revoke(account, pci, await DEV_3.signMessage({ message: pci }))).toBe(SESSION_REFUSALS.signature)
    expect(await revoke(account, pci, await DEV_2.signMessage({ message: `${pci}x` }))).toBe(SESSION_REFUSALS.signature)
    expect(await pcis(account)).toContain(pci)
  })

  it('refuses an unknown pci, and a pci of another account', async () => {
    const account = `eip155:31337:${DEV_2.address}`
    expect(await revoke(account, 'no-such-pci', await DEV_2.signMessage({ message: 'no-such-pci' }))).toBe('Permission for PCI is not found: no-such-pci')
    const theirs = await addSession(`eip155:31337:${DEV_3.address}`)
    expect(await revoke(account, theirs, await DEV_2.signMessage({ message: theirs }))).toBe(`Permission for PCI is not found: ${theirs}`)
    expect(await pcis(`eip155:31337:${DEV_3.address}`)).toContain(theirs)
  })

  it("verifies a Safe on the chain: ERC-6492 before it is deployed, EIP-1271 after; refuses its owner's plain signature for it", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    await pub.request({ method: 'anvil_setBalance' as never, params: [owner.address, '0xde0b6b3a7640000'] as never })
    const safe = safeAccount(owner, contracts, chain)
    const account = `eip155:31337:${safe.address}`
    const early = await addSession(account)
    const later = await addSession(account)
    expect(await safe.deployed()).toBe(false)
    expect(await revoke(account, early, await safe.signMessage(early))).toBe('revoked')
    expect(await safe.deploy()).toBe(true)
    expect(await revoke(account, later, await owner.signMessage({ message: later }))).toBe(SESSION_REFUSALS.signature)
    expect(await revoke(account, later, await safe.signMessage(later))).toBe('revoked')
    expect(await pcis(account)).toEqual([])
  })
})
