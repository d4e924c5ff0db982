// gangway/wagmi with @wagmi/core 3's own config and actions, over a fake modal whose
// account and state the test sets as the engine would: wagmi's connect opens the modal and
// resolves with the visitor's connection; a modal closed without one is a UserRejectedRequestError;
// a disconnect, a connect, an account or a network change on either side reaches the other; a
// reload's reconnect waits for the engine to restore the stored connection.
import { connect, createConfig, disconnect, getConnection, reconnect, switchChain } from '@wagmi/core'
import { defineChain, http, UserRejectedRequestError } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import type { GangwayModal } from '#loader'
import type { AccountModel } from '../contract.js'
import { gangway } from './index.js'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const chain = (id: number) => defineChain({ id, name: `Localnet ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } })
const chains = [chain(31337), chain(31338)] as const

const disconnected: AccountModel = { status: 'disconnected', isConnected: false, balanceLoading: false, byNamespace: {} }
const connectedAs = (address: string, chainId = 31337): AccountModel => {
  const evm: AccountModel = { namespace: 'eip155', status: 'connected', isConnected: true, balanceLoading: false, address, caipAddress: `eip155:${chainId}:${address}` }
  return { ...evm, byNamespace: { eip155: evm } }
}

/** A modal as the loader gives it, driven by the test: `set` is what the engine would deliver. */
function fakeModal(first: AccountModel = disconnected, engine?: 'worker') {
  let account = first
  let state = { open: false, view: 'Connect', canGoBack: false, loading: false, shake: false, ...(engine ? { engine } : {}) }
  const accountCbs = new Set<(a: AccountModel) => void>()
  const stateCbs = new Set<(s: typeof state) => void>()
  const modal = {
    getAccount: (ns?: string) => (ns ? account.byNamespace?.[ns as 'eip155'] : account),
    getState: () => state,
    getNetwork: () => ({ caipNetworkId: account.caipAddress?.split(':').slice(0, 2).join(':') }),
    subscribeAccount: (cb: (a: AccountModel) => void) => (accountCbs.add(cb), () => accountCbs.delete(cb)),
    subscribeState: (cb: (s: typeof state) => void) => (stateCbs.add(cb), () => stateCbs.delete(cb)),
    open: vi.fn(async () => setState({ open: true })),
    close: vi.fn(async () => setState({ open: false })),
    disconnect: vi.fn(async () => setAccount(disconnected)),
    switchNetwork: vi.fn(async (id: string) => setAccount(connectedAs(account.address!, Number(id.split(':')[1])))),
    warm: vi.fn(),
    getWalletProvider: () => ({ request: async () => null }),
  }
  const setAccount = (a: AccountModel) => {
    account = a
    for (const cb of [...accountCbs]) cb(a)
  }
  const setState = (s: Partial<typeof state>) => {
    state = { ...state, ...s }
    for (const cb of [...stateCbs]) cb(state)
  }
  return { modal: modal as unknown as GangwayModal, fake: modal, setAccount, setState }
}

const configFor = (modal: GangwayModal) => createConfig({ chains, connectors: [gangway({ modal, restoreTimeoutMs: 2000 })], transports: { 31337: http(), 31338: http() }, storage: null })

describe('gangway/wagmi', () => {
  it("wagmi's connect opens the modal and resolves with the visitor's connection; wagmi's disconnect disconnects the modal", async () => {
    const { modal, fake, setAccount, setState } = fakeModal(disconnected, 'worker')
    const config = configFor(modal)
    const connecting = connect(config, { connector: config.connectors[0]! })
    await vi.waitFor(() => expect(fake.open).toHaveBeenCalledWith({ namespace: 'eip155' }))
    setAccount(connectedAs(A))
    expect(await connecting).toEqual({ accounts: [A], chainId: 31337 })
    // Connected: the connector closes the modal it opened.
    expect(fake.close).toHaveBeenCalled()
    expect([getConnection(config).status, getConnection(config).address]).toEqual(['connected', A])

    await disconnect(config)
    expect(fake.disconnect).toHaveBeenCalledWith('eip155')
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('a modal closed with no connection rejects the connect with UserRejectedRequestError', async () => {
    const { modal, fake, setState } = fakeModal(disconnected, 'worker')
    const config = configFor(modal)
    const connecting = connect(config, { connector: config.connectors[0]! })
    await vi.waitFor(() => expect(fake.open).toHaveBeenCalled())
    setState({ open: false })
    await expect(connecting).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('what the visitor does in the modal reaches wagmi: a connect, an account change, a network change, a disconnect', async () => {
    const { modal, setAccount } = fakeModal(disconnected, 'worker')
    const config = configFor(modal)
    await vi.waitFor(() => expect(config.connectors).toHaveLength(1))
    setAccount(connectedAs(A))
    expect([getConnection(config).status, getConnection(config).address, getConnection(config).chainId]).toEqual(['connected', A, 31337])
    setAccount(connectedAs(B))
    expect(getConnection(config).address).toBe(B)
    setAccount(connectedAs(B, 31338))
    expect(getConnection(config).chainId).toBe(31338)
    setAccount(disconnected)
    expect(getConnection(config).status).toBe('disconnected')
  })

  it("wagmi's switchChain switches the modal's network; a chain wagmi does not list is refused", async () => {
    const { modal, fake, setAccount } = fakeModal(disconnected, 'worker')
    const config = configFor(modal)
    setAccount(connectedAs(A))
    expect(((await switchChain(config, { chainId: 31338 })) as { id: number }).id).toBe(31338)
    expect(fake.switchNetwork).toHaveBeenCalledWith('eip155:31338')
    expect(getConnection(config).chainId).toBe(31338)
    await expect(switchChain(config, { chainId: 1 as 31337 })).rejects.toThrow()
  })

  it("a reload: wagmi's reconnect waits for the engine to restore the stored connection (the loader's chip), and finds none without one", async () => {
    const chip: AccountModel = { status: 'connected', isConnected: true, balanceLoading: false, address: A }
    const { modal, fake, setAccount, setState } = fakeModal(chip)
    const config = configFor(modal)
    const reconnecting = reconnect(config)
    await vi.waitFor(() => expect(fake.warm).toHaveBeenCalled())
    setState({ engine: 'worker' })
    setAccount(connectedAs(A))
    expect((await reconnecting).map((c) => [c.accounts, c.chainId])).toEqual([[[A], 31337]])
    expect(getConnection(config).status).toBe('connected')

    const none = fakeModal(disconnected)
    const fresh = configFor(none.modal)
    expect(await reconnect(fresh)).toEqual([])
    expect(none.fake.warm).not.toHaveBeenCalled()
  })
})
