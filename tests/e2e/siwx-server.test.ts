/**
 * `gangway/siwx-server` (issue 20) signs in contract accounts against the chain: a Safe 1.4.1 on
 * the localnet's anvil (localnet/safe.ts, the secure-site emulator's smart accounts) signs an
 * EIP-4361 message written by Gangway's writer, and the built server helper (dist/siwx-server.js,
 * imported by its package name as a host's backend does) verifies it through EIP-1271 once the
 * Safe is deployed and through ERC-6492 before. Node only: no browser.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicClient, defineChain, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { deploySafeContracts, safeAccount, type SafeContracts } from '../../localnet/safe.js'
import { siwxMessageText } from '../../src/siwx/message.js'
import { GangwayError as SourceGangwayError } from '../../src/events/kernel/errors.js'

type ServerModule = typeof import('../../src/siwx-server/index.js')

const chain = defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [inject('rpcUrl')] } } })
const CHAIN_ID = 'eip155:31337'
const DOMAIN = 'localhost:5173'
const URI = 'http://localhost:5173'
const ERC6492_SUFFIX = '6492649264926492649264926492649264926492649264926492649264926492'

let server: ServerModule
let contracts: SafeContracts
const pub = createPublicClient({ chain, transport: http() })

beforeAll(async () => {
  // The package's own name, resolved through package.json "exports" to the built file.
  const specifier = 'gangway/siwx-server'
  server = (await import(/* @vite-ignore */ specifier)) as ServerModule
  // The built file bundles its own copy of the error class: proof that dist/ is what runs here.
  expect(server.GangwayError).not.toBe(SourceGangwayError)
  contracts = await deploySafeContracts(chain)
})

/** A fresh Safe (its owner funded for the deployment's gas). */
async function newSafe() {
  const owner = privateKeyToAccount(generatePrivateKey())
  await pub.request({ method: 'anvil_setBalance' as never, params: [owner.address, '0xde0b6b3a7640000'] as never })
  return { owner, safe: safeAccount(owner, contracts, chain) }
}

/** The message text for `address` with a nonce from `siwx`. */
async function messageFor(siwx: ReturnType<ServerModule['createSiwxServer']>, address: string, statement = 'Sign in to the demo'): Promise<string> {
  const { nonce } = await siwx.issueNonce()
  return siwxMessageText({ accountAddress: address, chainId: CHAIN_ID, domain: DOMAIN, uri: URI, version: '1', nonce, statement, issuedAt: new Date().toISOString() })
}

/** The message of a refused verify. */
async function refusal(siwx: ReturnType<ServerModule['createSiwxServer']>, input: { message: string; signature: string }): Promise<string> {
  try {
    await siwx.verify(input)
  } catch (error) {
    expect(error).toBeInstanceOf(server.GangwayError)
    return (error as Error).message
  }
  return 'accepted'
}

describe('gangway/siwx-server with contract accounts on anvil', () => {
  it('gangway/siwx-server/redis throws the very error classes gangway/siwx-server exports (their shared chunk)', async () => {
    const specifier = 'gangway/siwx-server/redis'
    const redis = (await import(/* @vite-ignore */ specifier)) as typeof import('../../src/siwx-server/redis-store.js')
    expect(() => redis.createRedisStore({ client: undefined as never })).toThrow(server.InvalidOptionError)
  })

  it('signs in a deployed Safe through EIP-1271, and refuses the owner\'s own signature, a tampered text and a reused nonce', async () => {
    const siwx = server.createSiwxServer({ domain: DOMAIN, uri: URI, chains: { [CHAIN_ID]: inject('rpcUrl') } })
    const { owner, safe } = await newSafe()
    expect(await safe.deploy()).toBe(true)

    const message = await messageFor(siwx, safe.address)
    const signature = await safe.signMessage(message)
    expect(signature.endsWith(ERC6492_SUFFIX)).toBe(false)
    const session = await siwx.verify({ message, signature })
    expect(session.caipAddress).toBe(`${CHAIN_ID}:${safe.address}`)
    expect(await siwx.getSession(session.id)).toEqual(session)
    expect(await refusal(siwx, { message, signature })).toBe('Unknown or used nonce')

    // The owner's EOA signature is not the Safe's.
    const second = await messageFor(siwx, safe.address)
    expect(await refusal(siwx, { message: second, signature: await owner.signMessage({ message: second }) })).toBe('Invalid signature')

    // A text other than the one the Safe signed.
    const third = await messageFor(siwx, safe.address, 'Sign in to the demo')
    const thirdSignature = await safe.signMessage(third)
    expect(await refusal(siwx, { message: third.replace('Sign in to the demo', 'Sign in to the dem0'), signature: thirdSignature })).toBe('Invalid signature')
  })

  it('signs in a Safe that is not deployed yet through ERC-6492, and leaves it undeployed', async () => {
    const siwx = server.createSiwxServer({ domain: DOMAIN, uri: URI, chains: { [CHAIN_ID]: inject('rpcUrl') } })
    const { safe } = await newSafe()
    expect(await safe.deployed()).toBe(false)

    const message = await messageFor(siwx, safe.address)
    const signature = await safe.signMessage(message)
    expect(signature.endsWith(ERC6492_SUFFIX)).toBe(true)
    const session = await siwx.verify({ message, signature })
    expect(session.caipAddress).toBe(`${CHAIN_ID}:${safe.address}`)
    expect(await safe.deployed()).toBe(false)

    // Another undeployed Safe's signature does not sign for this one.
    const { safe: stranger } = await newSafe()
    const next = await messageFor(siwx, safe.address)
    expect(await refusal(siwx, { message: next, signature: await stranger.signMessage(next) })).toBe('Invalid signature')
  })
})
