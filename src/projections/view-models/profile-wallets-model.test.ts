// What ProfileWallets and getAccount show of several connections (docs/behaviour.md §2, §6): classes, the
// multiWallet gate, labels (option and intent), explorer pages and balances per account.
import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, LOCALNET, log, started } from '../../../tests/unit/fixtures.js'
import { project } from '../state.js'
import { accountModel } from './account-model.js'
import { profileWalletsModel } from './profile-wallets-model.js'
import { addressExplorerUrl } from '../select/address-explorer-url.js'
import { validateIntent } from '../../events/validate.js'

const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const THIRD = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const LOCAL = 'dev.gangway.localnet'
const WC = 'walletConnect'
const EXPLORED = { ...LOCALNET, blockExplorers: { default: { name: 'Localscan', url: 'https://scan.example/' } } }

const two = (multiWallet: boolean, extra: Record<string, unknown> = {}) =>
  log(
    ...started({ networks: [EXPLORED], remoteFeatures: { multiWallet }, ...extra }),
    ['connect/succeeded', { connectorId: LOCAL, namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'prompt', accounts: [ADDRESS, SECOND.toLowerCase()], mode: multiWallet ? 'add' : 'replace', wallet: { id: 'l', name: 'Localnet Wallet' } }],
    ['connect/succeeded', { connectorId: WC, namespace: 'eip155', caipAddress: `eip155:31337:${THIRD}`, via: 'prompt', mode: multiWallet ? 'add' : 'replace', wallet: { id: 'h', name: 'Harbor Wallet' } }],
    ['balance/fetched', { caipAddress: `eip155:31337:${SECOND}`, decimals: 18, symbol: 'ETH', valueWei: '2500000000000000000' }],
  )

describe('ProfileWallets and getAccount with several connections', () => {
  it('lists every connection, the active one first, each account with its balance, label and explorer page', () => {
    const s = project([...two(true, { addressLabels: { [SECOND.toLowerCase()]: 'Savings' } })])
    const m = profileWalletsModel(s)
    expect(m.multiWallet).toBe(true)
    expect(m.namespaces).toHaveLength(1)
    const [active, other] = m.namespaces[0]!.connections
    expect(active).toMatchObject({ connectorId: WC, name: 'Harbor Wallet', status: 'connected', accounts: [{ address: THIRD, active: true }] })
    expect(other).toMatchObject({ connectorId: LOCAL, name: 'Localnet Wallet', status: 'active' })
    expect(other!.accounts[1]).toEqual({
      address: SECOND,
      caipAddress: `eip155:31337:${SECOND}`,
      active: false,
      balance: '2.5',
      balanceSymbol: 'ETH',
      label: 'Savings',
      explorerUrl: `https://scan.example/address/${SECOND}`,
    })
    expect(m.canDisconnect).toBe(true)
  })

  it('with multiWallet off lists only the active connection; a disconnected one shows as such when on', () => {
    expect(profileWalletsModel(project(two(false))).namespaces[0]!.connections.map((c) => c.connectorId)).toEqual([WC])
    const events = two(true)
    const gone = project([...events, { type: 'disconnect/succeeded', payload: { connectorId: LOCAL, namespace: 'eip155', reason: 'user' }, seq: events.length + 1, at: 1, v: 2, tab: 't1' }])
    expect(profileWalletsModel(gone).namespaces[0]!.connections.map((c) => [c.connectorId, c.status])).toEqual([[WC, 'connected'], [LOCAL, 'disconnected']])
  })

  it("getAccount names the connection and its wallet, and changes on a switch to another wallet even at the same address", () => {
    const s = project(two(true))
    const a = accountModel(s)
    expect(a).toMatchObject({ address: THIRD, connectorId: WC, connectedWalletInfo: { name: 'Harbor Wallet' }, addressExplorerUrl: `https://scan.example/address/${THIRD}` })
    expect(a.connections?.map((c) => [c.connectorId, c.status, c.accounts.length])).toEqual([[WC, 'connected', 1], [LOCAL, 'active', 2]])
    expect(a.byNamespace?.eip155?.address).toBe(THIRD)
    expect(a.byNamespace?.solana).toBeUndefined()
    const events = two(true)
    const switched = project([...events, { type: 'connection/switched', payload: { namespace: 'eip155', connectorId: LOCAL, caipAddress: CAIP_ADDRESS, wallet: true }, seq: events.length + 1, at: 1, v: 2, tab: 't1' }])
    expect(accountModel(switched)).toMatchObject({ address: ADDRESS, connectorId: LOCAL, connectedWalletInfo: { name: 'Localnet Wallet' } })
  })

  it('labels: from the option and the intent, EVM addresses in any case, an empty label removes one; bad input is refused', () => {
    const events = [...two(true, { addressLabels: { [THIRD]: 'Hot' } })]
    const label = (address: string, text: string, seq: number) => ({ type: 'address-label/set-requested', payload: { address, label: text }, seq, at: 1, v: 2, tab: 't1' }) as const
    expect(accountModel(project(events)).label).toBe('Hot')
    expect(accountModel(project([...events, label(THIRD.toUpperCase().replace('0X', '0x'), 'Cold', events.length + 1)])).label).toBe('Cold')
    expect(accountModel(project([...events, label(THIRD.toLowerCase(), '', events.length + 1)])).label).toBeUndefined()
    expect(() => validateIntent({ type: 'address-label/set-requested', payload: { address: 'eip155:1:0xabc', label: 'x' } })).toThrow('Invalid intent payload: address-label/set-requested')
    expect(() => validateIntent({ type: 'address-label/set-requested', payload: { address: ADDRESS, label: 'x'.repeat(65) } })).toThrow('Invalid intent payload: address-label/set-requested')
  })

  it('addressExplorerUrl: the network explorer page, none without an explorer, none for a scheme the URL validator refuses', () => {
    const withExplorer = (url: string) => project(log(...started({ networks: [{ ...LOCALNET, blockExplorers: { default: { name: 'x', url } } }] })))
    expect(addressExplorerUrl(withExplorer('https://scan.example'), CAIP_ADDRESS)).toBe(`https://scan.example/address/${ADDRESS}`)
    expect(addressExplorerUrl(withExplorer('javascript:alert(1)'), CAIP_ADDRESS)).toBeUndefined()
    expect(addressExplorerUrl(project(log(...started())), CAIP_ADDRESS)).toBeUndefined()
    expect(addressExplorerUrl(withExplorer('https://scan.example'), 'eip155:5:0xabc')).toBeUndefined()
  })
})
