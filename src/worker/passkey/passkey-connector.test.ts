import { describe, expect, it } from 'vitest'
import type { Bridge } from '../../contract.js'
import { PASSKEY_CALLS, PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import { project, type State } from '../../projections/state.js'
import { LOCALNET, log, started, type Item } from '../../../tests/unit/fixtures.js'
import type { ChainAccess } from '../chain-access.js'
import { createPasskeyConnector } from './passkey-connector.js'
import { passkeyRequests, type PasskeyOperations } from './passkey-requests.js'

const ACCOUNT = '0x2222222222222222222222222222222222222222'
const CREDENTIAL = { id: 'Y3JlZA', publicKey: `0x${'ab'.repeat(64)}` as const }

/** The state after a start with passkeys on the localnet chain, and `items`. */
const stateAfter = (...items: Item[]): State => project(log(...started({ passkeys: { networks: [LOCALNET.caipNetworkId], sponsored: [] } }), ...items))
const connected: Item[] = [
  ['passkey/credential-known', { ...CREDENTIAL, address: ACCOUNT }],
  ['connect/succeeded', { connectorId: PASSKEY_CONNECTOR_ID, namespace: 'eip155', caipAddress: `eip155:31337:${ACCOUNT}`, via: 'prompt', accounts: [ACCOUNT], mode: 'replace' }],
]

/** A connector over `state`, whose code is `code` (what a test needs of it), recording what the page and the code were asked. */
function connectorOver(state: State, code: Partial<PasskeyOperations> = {}) {
  const asked: { page: unknown[]; code: unknown[] } = { page: [], code: [] }
  const page: Bridge = { request: async (id, args) => void asked.page.push([id, args.method]), watch: () => undefined }
  const connector = createPasskeyConnector({
    page,
    state: () => state,
    chains: () => ({ evmClient: () => ({ request: async () => null }) }) as unknown as ChainAccess,
    options: () => ({ bundlerUrls: { 'eip155:31337': 'http://bundler.test' } }),
    site: () => ({ origin: 'https://shop.example', name: 'Shop' }),
    load: async () => ({ requestsOver: (deps) => passkeyRequests(deps, code as PasskeyOperations) }),
  })
  return { connector, asked }
}

describe('the passkey connector (docs/behaviour.md §2 Passkey)', () => {
  it('answers the account and the network from the state, loading no code', async () => {
    let loads = 0
    const { connector } = connectorOver(stateAfter(...connected))
    const counted = createPasskeyConnector({ page: { request: async () => null, watch: () => undefined }, state: () => stateAfter(...connected), chains: () => ({}) as ChainAccess, options: () => undefined, site: () => ({}), load: async () => (loads++, { requestsOver: () => ({}) as never }) })
    expect(await connector.request({ method: 'eth_accounts' })).toEqual([ACCOUNT])
    expect(await connector.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await counted.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT])
    // A method it does not serve is refused without its code either.
    await expect(counted.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200 })
    expect(loads).toBe(0)
    // Not connected: no accounts.
    expect(await connectorOver(stateAfter()).connector.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('switches only to a network with a bundler, and refuses what it does not serve with 4200', async () => {
    const { connector } = connectorOver(stateAfter(...connected))
    expect(await connector.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull()
    await expect(connector.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4901, message: 'Smart account not available on this network' })
    await expect(connector.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200, details: 'eth_sign' })
    expect(await connector.request({ method: 'wallet_getCapabilities', params: [ACCOUNT] })).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
  })

  it('signs with the connected passkey on the active network, the relying party the page’s host', async () => {
    const { connector, asked } = connectorOver(stateAfter(...connected), {
      signMessage: async (deps, credential, caipNetworkId, data) => (asked.code.push([deps.rpId, credential, caipNetworkId, data]), '0x1234'),
    })
    expect(await connector.request({ method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] })).toBe('0x1234')
    expect(asked.code).toEqual([['shop.example', CREDENTIAL, 'eip155:31337', '0x68656c6c6f']])
    await expect(connector.request({ method: 'personal_sign', params: ['hello', ACCOUNT] })).rejects.toMatchObject({ code: -32602 })
    // Without a passkey connection there is nothing to sign with.
    await expect(connectorOver(stateAfter()).connector.request({ method: 'personal_sign', params: ['0x00', ACCOUNT] })).rejects.toMatchObject({ code: 4100, message: 'Not connected' })
  })

  it('sends a transaction as one user operation and answers its transaction hash; a reverted operation is the call’s revert', async () => {
    let success = true
    const { connector } = connectorOver(stateAfter(...connected), {
      sendCalls: async (_deps, _credential, _network, calls) => {
        expect(calls).toEqual([{ to: ACCOUNT, value: 10n ** 16n }])
        return { userOperationHash: '0xaa', transactionHash: '0xbb', success }
      },
    })
    expect(await connector.request({ method: 'eth_sendTransaction', params: [{ to: ACCOUNT, value: '0x2386f26fc10000' }] })).toBe('0xbb')
    success = false
    await expect(connector.request({ method: 'eth_sendTransaction', params: [{ to: ACCOUNT, value: '0x2386f26fc10000' }] })).rejects.toMatchObject({ message: 'Transaction reverted' })
  })

  it('creates a passkey through the page’s ceremony, named after the site', async () => {
    const { connector } = connectorOver(stateAfter(), {
      newPasskey: async (deps, { rpName, userName, caipNetworkId }) => {
        expect([deps.rpId, rpName, userName, caipNetworkId]).toEqual(['shop.example', 'Shop', 'Shop account', 'eip155:31337'])
        await deps.ceremonies.create({} as never)
        return { credential: CREDENTIAL, address: ACCOUNT }
      },
    })
    const { connector: plain, asked } = connectorOver(stateAfter(), { newPasskey: async (deps) => (await deps.ceremonies.create({} as never), { credential: CREDENTIAL, address: ACCOUNT }) })
    expect(await connector.create()).toEqual({ credential: CREDENTIAL, address: ACCOUNT, caipNetworkId: 'eip155:31337' })
    await plain.create()
    expect(asked.page).toEqual([[PASSKEY_CONNECTOR_ID, PASSKEY_CALLS.create]])
  })
})

describe('a passkey added to the account (docs/behaviour.md §2 Passkey)', () => {
  const SIGNER = '0x3333333333333333333333333333333333333333'
  it('adds one with the passkey in use, named after the site', async () => {
    const { connector } = connectorOver(stateAfter(...connected), {
      addPasskey: async (deps, current, caipNetworkId, names) => {
        expect([deps.rpId, current, caipNetworkId, names]).toEqual(['shop.example', CREDENTIAL, 'eip155:31337', { rpName: 'Shop', userName: 'Shop account' }])
        return { credential: { id: 'YWRkZWQ', publicKey: CREDENTIAL.publicKey, addedOwner: { account: ACCOUNT, signer: SIGNER } }, transactionHash: `0x${'12'.repeat(32)}` }
      },
    })
    expect((await connector.add()).credential.addedOwner).toEqual({ account: ACCOUNT, signer: SIGNER })
    // Not connected with a passkey: nothing to add to.
    await expect(connectorOver(stateAfter()).connector.add()).rejects.toMatchObject({ code: 4100 })
  })

  it('signs with an added passkey through its own signer contract', async () => {
    const asked: unknown[] = []
    const { connector } = connectorOver(
      stateAfter(['passkey/credential-known', { ...CREDENTIAL, address: ACCOUNT, signer: SIGNER }], connected[1]!),
      { signMessage: async (_deps, credential) => (asked.push(credential), '0x1234') },
    )
    await connector.request({ method: 'personal_sign', params: ['0x00', ACCOUNT] })
    expect(asked).toEqual([{ ...CREDENTIAL, addedOwner: { account: ACCOUNT, signer: SIGNER } }])
  })
})
