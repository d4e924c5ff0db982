import { describe, expect, it } from 'vitest'
import { connected, fold, LOCALNET, log, started, type Item } from '../../../tests/unit/fixtures.js'
import { DEFAULT_ACCOUNT_TYPES, canSwitchAccountType } from './account-types.js'
import { preferredAccountType } from '../select/preferred-account-type.js'
import { refusal } from '../rules/guards.js'
import { selectors } from '../selectors.js'
import { project } from '../state.js'

const LOCALNET_B = { ...LOCALNET, id: 31338, caipNetworkId: 'eip155:31338' as const, name: 'Localnet B' }
const two = (config: Parameters<typeof started>[0] = {}) => started({ networks: [LOCALNET, LOCALNET_B], ...config })
const chainChanged = (caipNetworkId: `${string}:${string}`, connectorId = 'dev.gangway.localnet'): Item => ['wallet/chain-changed', { connectorId, namespace: 'eip155', caipNetworkId }]
const open: Item = ['modal/open-requested', { isMobile: false }]
const navigate: Item = ['modal/navigate-requested', { view: 'SwitchNetwork' }]

describe('active network (docs/behaviour.md §4)', () => {
  it('follows connect, chainChanged and switches; stored as namespace:chainId', () => {
    expect(project(log(...two(), ...connected)).networks.active).toEqual({ eip155: 'eip155:31337' })
    expect(project(log(...two(), ...connected, chainChanged('eip155:31338'))).networks.active).toEqual({ eip155: 'eip155:31338' })
    const switched = project(log(...two(), ['network/switch-requested', { caipNetworkId: 'eip155:31338' }], ['network/switched', { caipNetworkId: 'eip155:31338' }]))
    expect(switched.networks).toEqual({ active: { eip155: 'eip155:31338' } })
    expect(switched.connection.activeNamespace).toBe('eip155')
    expect(selectors.network(switched)).toEqual({ caipNetworkId: 'eip155:31338', namespace: 'eip155', name: 'Localnet B' })
  })
  it('an unknown network on a configured namespace is the unsupported placeholder', () => {
    expect(selectors.network(project(log(...two({ allowUnsupportedChain: true }), ...connected, chainChanged('eip155:1'))))).toEqual({
      caipNetworkId: 'eip155:1',
      namespace: 'eip155',
      name: 'Unknown network',
      unsupported: true,
    })
  })
  it('lists networks grouped by namespace with the active one marked, and the pending switch', () => {
    const s = project(log(...two(), ...connected, ['network/switch-requested', { caipNetworkId: 'eip155:31338' }]))
    expect(selectors.networkList(s)).toEqual({
      groups: [
        {
          namespace: 'eip155',
          label: 'EVM',
          networks: [
            { caipNetworkId: 'eip155:31337', name: 'Localnet', active: true, needsWallet: false },
            { caipNetworkId: 'eip155:31338', name: 'Localnet B', active: false, needsWallet: false },
          ],
        },
      ],
      pending: 'eip155:31338',
    })
  })
})

describe('switching views (docs/behaviour.md §2, §4)', () => {
  it('shows UnsupportedChain when the wallet moves to a network the site does not list', () => {
    expect(project(log(...two(), ...connected, chainChanged('eip155:1'))).modal).toMatchObject({ open: true, view: 'UnsupportedChain' })
  })
  it('does not when unsupported chains are allowed, switching is disabled, or WalletConnect basic mode is on', () => {
    for (const config of [{ allowUnsupportedChain: true }, { enableNetworkSwitch: false }, { manualWCControl: true }]) {
      expect([config, project(log(...two(config), ...connected, chainChanged('eip155:1'))).modal.view]).not.toEqual([config, 'UnsupportedChain'])
    }
  })
  it('a switch failure goes back one view', () => {
    const s = project(log(...two(), ...connected, open, navigate, ['network/switch-requested', { caipNetworkId: 'eip155:31338' }], ['network/switch-failed', { caipNetworkId: 'eip155:31338', message: 'User rejected the request.', code: 4001 }]))
    expect(s.modal).toMatchObject({ open: true, view: 'Account', loading: false })
    expect(s.networks.active.eip155).toBe('eip155:31337')
  })
  it('a late switch failure goes back only from the switching views', () => {
    const s = project(log(...two(), ...connected, open, ['network/switch-requested', { caipNetworkId: 'eip155:31338' }], ['network/switch-failed', { caipNetworkId: 'eip155:31338', message: 'x' }]))
    expect(s.modal).toMatchObject({ open: true, view: 'Account', loading: false })
  })
  it('a switch from the list returns to the previous view; from UnsupportedChain the modal closes', () => {
    const fromList = project(log(...two(), ...connected, open, navigate, ['network/switch-requested', { caipNetworkId: 'eip155:31338' }], ['network/switched', { caipNetworkId: 'eip155:31338' }]))
    expect(fromList.modal).toMatchObject({ open: true, view: 'Account', loading: false })
    const fromUnsupported = project(log(...two(), ...connected, chainChanged('eip155:1'), ['network/switch-requested', { caipNetworkId: 'eip155:31337' }], ['network/switched', { caipNetworkId: 'eip155:31337' }]))
    expect(fromUnsupported.modal.open).toBe(false)
  })
})

describe('SwitchActiveChain (docs/behaviour.md §2)', () => {
  const SOLANA = { ...LOCALNET, id: 'Gang', caipNetworkId: 'solana:GangwayLocaLnet11111111111111111' as const, chainNamespace: 'solana' as const, name: 'Solana Localnet', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } }
  it('a network on a namespace with no connected wallet asks first, then switching shows Connect', () => {
    const base = [...started({ networks: [LOCALNET, SOLANA], adapterCount: 2 }), ...connected, open, navigate] as const
    const list = selectors.networkList(project(log(...base)))
    expect(list.groups.map((g) => g.networks.map((n) => [n.name, n.needsWallet]))).toEqual([[['Localnet', false]], [['Solana Localnet', true]]])
    const asking = project(log(...base, ['network/active-chain-switch-requested', { caipNetworkId: SOLANA.caipNetworkId }]))
    expect(asking.modal.view).toBe('SwitchActiveChain')
    expect(selectors.networkList(asking).target).toEqual({ caipNetworkId: SOLANA.caipNetworkId, name: 'Solana Localnet', namespaceLabel: 'Solana' })
    const switched = project(log(...base, ['network/active-chain-switch-requested', { caipNetworkId: SOLANA.caipNetworkId }], ['network/switch-requested', { caipNetworkId: SOLANA.caipNetworkId }], ['network/switched', { caipNetworkId: SOLANA.caipNetworkId }]))
    expect(switched.modal).toMatchObject({ view: 'Connect', history: [] })
    expect(switched.connection.activeNamespace).toBe('solana')
    expect(selectors.account(switched)).toMatchObject({ namespace: 'solana', isConnected: false })
  })
})

describe('guards', () => {
  it("refuses a switch to a network the site did not configure with 'Network not found'", () => {
    const s = project(log(...two()))
    expect(refusal(s, { type: 'network/switch-requested', payload: { caipNetworkId: 'eip155:1' } })).toBe('Network not found')
    expect(refusal(s, { type: 'network/switch-requested', payload: { caipNetworkId: 'eip155:31338' } })).toBeUndefined()
  })
})

describe('account types (docs/behaviour.md §6)', () => {
  it('defaults: eip155 smartAccount, solana eoa, polkadot eoa, bip122 payment; the site overrides them', () => {
    expect(DEFAULT_ACCOUNT_TYPES).toEqual({ eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' })
    const s = fold()
    expect(preferredAccountType(s.accountTypes, 'eip155')).toBe('smartAccount')
    const site = project(log(...started({ defaultAccountTypes: { eip155: 'eoa' } })))
    expect(preferredAccountType(site.accountTypes, 'eip155')).toBe('eoa')
  })
  it('switching to a smart account needs a smart-account-enabled network and a current eoa', () => {
    expect(canSwitchAccountType('smartAccount', 'eoa', true)).toBe(true)
    expect(canSwitchAccountType('smartAccount', 'eoa', false)).toBe(false)
    expect(canSwitchAccountType('smartAccount', 'smartAccount', true)).toBe(false)
    expect(canSwitchAccountType('eoa', 'smartAccount', false)).toBe(true)
    const eoa = project(log(...started({ defaultAccountTypes: { eip155: 'eoa' }, smartAccountNetworks: ['eip155:31337'] }), ...connected))
    const ask = { type: 'account-type/switch-requested', payload: { namespace: 'eip155', accountType: 'smartAccount' } } as const
    expect(refusal(eoa, ask)).toBeUndefined()
    const notEnabled = project(log(...started({ defaultAccountTypes: { eip155: 'eoa' } }), ...connected))
    expect(refusal(notEnabled, ask)).toBe('Smart account not available on this network')
  })
})
