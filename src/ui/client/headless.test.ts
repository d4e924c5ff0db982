/** headless.ts: the reach, the pairing URI a site reads, the tap's deep link, the connect's settling and the event stream. */
import { signal, type Signal } from '@preact/signals-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountModel, ConnectModel, Intent, PairingUri, PublicEvent, WalletItem, WalletListModel } from '../../contract.js'
import { createHeadless } from './headless.js'
import type { ClientSignals } from './signals.js'

/** What the page did, in order: navigations and dispatches. */
let calls: string[]
let listeners: { walletList?: (v: WalletListModel) => void; events?: (e: PublicEvent) => void }
let reach: ReturnType<typeof vi.fn<() => void>>
let s: { pairing: Signal<PairingUri | undefined>; walletConnect: Signal<{ connecting: boolean; preparing?: boolean; pairingError?: string }>; connect: Signal<Partial<ConnectModel>>; account: Signal<Partial<AccountModel>>; connections: Signal<{ activeNamespace?: string }>; networkList: Signal<{ groups: [] }> }

const registryWallet: WalletItem = { id: 'harbor', name: 'Harbor Wallet', connectors: [{ id: 'walletConnect', namespace: 'eip155' }], isInjected: false, isRecent: false, group: 'featured', walletInfo: { deepLink: 'harbor://' } }
const list: WalletListModel = { wallets: [registryWallet], wcWallets: [], page: 0, count: 0, hasMore: false, isFetchingWallets: false }
const pairing = (topic: string, secondsLeft = 240): PairingUri => ({ uri: `wc:${topic}@2?relay-protocol=irn&symKey=ab`, pairingTopic: topic, expiresAt: Math.floor(Date.now() / 1000) + secondsLeft })

const dispatch = (intent: Intent) => (calls.push(`dispatch ${intent.type}`), Promise.resolve())

async function headless() {
  return createHeadless({
    engine: {
      subscribe: ((name: string, cb: (v: WalletListModel) => void) => (name === 'walletList' && ((listeners.walletList = cb), cb(list)), Promise.resolve(1))) as never,
      subscribeEvents: (cb) => ((listeners.events = cb), Promise.resolve(2)),
      dispatch,
    },
    signals: s as unknown as ClientSignals,
    dispatch,
    api: { switchNetwork: async () => void calls.push('switch') },
    reach,
  })
}

beforeEach(() => {
  calls = []
  listeners = {}
  reach = vi.fn<() => void>()
  s = { pairing: signal(undefined), walletConnect: signal({ connecting: false }), connect: signal({ status: 'disconnected' as const }), account: signal({ isConnected: false }), connections: signal({}), networkList: signal({ groups: [] }) }
  const location = {
    set href(v: string) {
      calls.push(`location ${v}`)
    },
  }
  vi.stubGlobal('window', { open: (...args: unknown[]) => (calls.push(`open ${args[0]}`), null), location })
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(pointer: coarse)' }))
})
afterEach(() => vi.unstubAllGlobals())

describe('the headless surface', () => {
  it('answers the reads at once without reaching for the modal; subscribing and acting reach', async () => {
    const h = await headless()
    expect(h.getWalletList()).toEqual(list)
    h.getWalletConnectUri()
    h.getNetworks()
    h.subscribeEvents(() => undefined)
    expect(reach).not.toHaveBeenCalled()
    const seen: WalletListModel[] = []
    h.subscribeWalletList((v) => seen.push(v))
    expect(reach).toHaveBeenCalledTimes(1)
    // Not called at once: only on a change.
    expect(seen).toEqual([])
    listeners.walletList!({ ...list, count: 7 })
    expect(seen.map((v) => v.count)).toEqual([7])
    await h.fetchWallets({ search: 'har' })
    await h.prefetchWalletConnectUri()
    expect(calls).toEqual(['dispatch wallets/search-requested', 'dispatch walletconnect/pairing-requested'])
  })

  it('gives the pairing URI with its expiry in ms while more than 10 s are left, and calls back only when what it gives changes', async () => {
    const h = await headless()
    const seen: unknown[] = []
    h.subscribeWalletConnectUri((u) => seen.push(u))
    expect(h.getWalletConnectUri()).toEqual({ wcFetchingUri: false })
    s.walletConnect.value = { connecting: false, preparing: true }
    const p = pairing('fresh')
    s.pairing.value = p
    s.walletConnect.value = { connecting: false }
    // The same URI again (a model change that does not touch it): no call.
    s.walletConnect.value = { connecting: false }
    s.pairing.value = pairing('old', 10)
    s.walletConnect.value = { connecting: false, pairingError: 'Relay unreachable' }
    expect(seen).toEqual([{ wcFetchingUri: true }, { wcUri: p.uri, wcPairingExpiry: p.expiresAt * 1000, wcFetchingUri: true }, { wcUri: p.uri, wcPairingExpiry: p.expiresAt * 1000, wcFetchingUri: false }, { wcFetchingUri: false }, { wcFetchingUri: false, wcError: 'Relay unreachable' }])
  })

  it('opens a registry wallet’s deep link inside the call, before its connect, with a fresh URI; never with one about to expire', async () => {
    const h = await headless()
    s.pairing.value = pairing('tap')
    void h.connectWallet('harbor').catch(() => undefined)
    expect(calls).toEqual([`location harbor://wc?uri=${encodeURIComponent(s.pairing.value.uri)}`, 'dispatch walletconnect/deep-link-opened', 'dispatch connect/requested'])
    calls = []
    s.pairing.value = pairing('late', 9)
    void h.connectWallet(registryWallet).catch(() => undefined)
    expect(calls).toEqual(['dispatch connect/requested'])
  })

  it('resolves a connect with the namespace’s account once connected through the connector, and rejects with the connect’s failure', async () => {
    const h = await headless()
    const connected = h.connectWallet({ ...registryWallet, id: 'injected-one', isInjected: true, connectors: [{ id: 'io.metamask', namespace: 'eip155' }] })
    await Promise.resolve()
    s.connect.value = { status: 'connecting', pendingConnectorId: 'io.metamask' }
    const account = { isConnected: true, balanceLoading: false, connectorId: 'io.metamask', address: '0xabc', status: 'connected' as const }
    s.account.value = { ...account, byNamespace: { eip155: account } }
    await expect(connected).resolves.toMatchObject({ address: '0xabc' })

    const refused = h.connectWallet('other.wallet')
    await Promise.resolve()
    s.connect.value = { status: 'connecting', pendingConnectorId: 'other.wallet' }
    s.connect.value = { status: 'disconnected', error: { connectorId: 'other.wallet', message: 'Connection rejected' } }
    await expect(refused).rejects.toMatchObject({ name: 'GangwayError', message: 'Connection rejected', category: 'API_ERROR' })
  })

  it('delivers each public event and keeps the last', async () => {
    const h = await headless()
    const seen: string[] = []
    const stop = h.subscribeEvents((e) => seen.push(e.data.event))
    const event = (name: PublicEvent['data']['event']): PublicEvent => ({ version: 1, timestamp: 1, data: { type: 'track', event: name } })
    listeners.events!(event('MODAL_OPEN'))
    stop()
    listeners.events!(event('MODAL_CLOSE'))
    expect(seen).toEqual(['MODAL_OPEN'])
    expect(h.getEvent()?.data.event).toBe('MODAL_CLOSE')
  })
})
