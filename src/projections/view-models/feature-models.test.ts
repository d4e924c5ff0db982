// The view models the features shape (docs/behaviour.md §9): Connect, the Account tabs and actions.
import { describe, expect, it } from 'vitest'
import { connected, log, started } from '../../../tests/unit/fixtures.js'
import type { Connector } from '../../events/entities.js'
import type { EventPayloads } from '../../events/types.js'
import { accountNeeds } from '../select/account-needs.js'
import { project } from '../state.js'
import { accountActionsModel } from './account-actions-model.js'
import { accountTabsModel } from './account-tabs-model.js'
import { connectModel } from './connect-model.js'

type Config = Partial<EventPayloads['engine/configured']>
const announced: Connector = { id: 'dev.gangway.localnet', type: 'ANNOUNCED', name: 'Localnet Wallet', chain: 'eip155' }
const listed = ['wallets/lists-fetched', { featured: [], recommended: [{ id: 'r1', name: 'Harbor Wallet' }], count: 161 }] as const
const connect = (config: Config = {}, answer?: EventPayloads['features/remote-config-fetched']['features']) =>
  connectModel(project(log(...started({ secureSite: true, ...config }), ['connectors/discovered', { connectors: [announced] }], listed, ...(answer ? [['features/remote-config-fetched', { features: answer }] as const] : []))))
const account = (config: Config = {}, answer?: EventPayloads['features/remote-config-fetched']['features']) =>
  project(log(...started({ blockchainService: true, nftService: true, onramp: { meldPublicKey: 'pk_site_meld' }, ...config }), ...connected, ['modal/open-requested', { isMobile: false }], ['account/tab-selected', { tab: 'Activity' }], ...(answer ? [['features/remote-config-fetched', { features: answer }] as const] : [])))

describe('the Connect model and the features', () => {
  it('by default: wallet first (a wallet is on the page), the All Wallets row, the footer; no checkbox, nothing folded', () => {
    expect(connect()).toMatchObject({ methods: ['wallet', 'email', 'social'], allWallets: { count: 161 }, branding: true, legalCheckbox: false, collapseWallets: false })
  })
  it('allWallets off removes the All Wallets row; the remote answer can take the footer away', () => {
    expect(connect({ features: { allWallets: false } }).allWallets).toBeUndefined()
    expect(connect({}, { branding: false }).branding).toBe(false)
    expect(connect({ remoteFeatures: { branding: true } }, { branding: false }).branding).toBe(true)
  })
  it('WalletConnect off (walletConnect: false): the wallets on the page only, no WalletConnect row, registry wallet or All Wallets row', () => {
    const off = connect({ walletConnect: false })
    expect(off.rows.map((r) => [r.id, r.group])).toEqual([['dev.gangway.localnet', 'injected']])
    expect(off.allWallets).toBeUndefined()
    expect(connect({ walletConnect: false, features: { connectorTypeOrder: ['recommended', 'injected'] } }).rows.map((r) => r.id)).toEqual(['dev.gangway.localnet'])
  })
  it('collapseWallets folds the list only while email or social login is on', () => {
    expect(connect({ features: { collapseWallets: true } }).collapseWallets).toBe(true)
    expect(connect({ features: { collapseWallets: true, pay: true } })).toMatchObject({ collapseWallets: false, methods: ['wallet'] })
    expect(connect({ features: { collapseWallets: true } }, { email: false, socials: false }).collapseWallets).toBe(false)
  })
  it('the legal checkbox and the connect methods come from the features', () => {
    expect(connect({ features: { legalCheckbox: true, connectMethodsOrder: ['social', 'wallet'] } })).toMatchObject({ legalCheckbox: true, methods: ['social', 'wallet'] })
  })
  it("the site's connector groups come first", () => {
    const rows = (config: Config) => connect(config).rows.map((r) => r.group)
    expect(rows({})).toEqual(['walletConnect', 'injected', 'recommended'])
    expect(rows({ features: { connectorTypeOrder: ['recommended', 'injected'] } })).toEqual(['recommended', 'injected', 'walletConnect'])
  })
})

describe('the Account tabs and actions and the features', () => {
  it('the NFTs tab only where the site has an NFT service (services.nfts): the hosted blockchain service lists none', () => {
    const nfts = (config: Config) => project(log(...started({ blockchainService: true, ...config }), ...connected, ['modal/open-requested', { isMobile: false }], ['account/tab-selected', { tab: 'NFTs' }]))
    const without = nfts({})
    expect(accountTabsModel(without).tabs).toEqual(['Tokens', 'Activity'])
    expect(accountTabsModel(without).tab).toBe('Tokens')
    expect(accountNeeds(without).nfts).toBeUndefined()
    const withService = nfts({ nftService: true })
    expect(accountTabsModel(withService).tabs).toEqual(['Tokens', 'NFTs', 'Activity'])
    expect(accountNeeds(withService).nfts).toBeDefined()
  })
  it('the activity remote feature off removes the Activity tab, and its history is not fetched', () => {
    expect(accountTabsModel(account()).tabs).toEqual(['Tokens', 'NFTs', 'Activity'])
    expect(accountNeeds(account()).history).toBeDefined()
    const off = account({}, { activity: false })
    expect(accountTabsModel(off)).toMatchObject({ tabs: ['Tokens', 'NFTs'], tab: 'Tokens' })
    expect(accountNeeds(off).history).toBeUndefined()
    // The site's own remote features win over the answer.
    expect(accountTabsModel(account({ remoteFeatures: { activity: true } }, { activity: false })).tabs).toContain('Activity')
  })
  it('the wallet features in walletFeaturesOrder, those switched off left out', () => {
    expect(accountActionsModel(account()).actions).toEqual(['onramp', 'receive', 'send'])
    expect(accountActionsModel(account({ features: { walletFeaturesOrder: ['send', 'swaps', 'receive'] } })).actions).toEqual(['send', 'receive'])
    expect(accountActionsModel(account({ features: { send: false } }, { onramp: false })).actions).toEqual(['receive'])
    expect(accountActionsModel(account({ features: { receive: false, walletFeaturesOrder: ['receive', 'send'] } })).actions).toEqual(['send'])
  })
  it('Swap where the swaps remote feature is on and the network is a swap network', () => {
    const swapping = { swapNetworks: ['eip155:31337' as const] }
    expect(accountActionsModel(account(swapping)).actions).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(accountActionsModel(account(swapping, { swaps: false })).actions).toEqual(['onramp', 'receive', 'send'])
    expect(accountActionsModel(account({ ...swapping, features: { walletFeaturesOrder: ['send', 'swaps'] } })).actions).toEqual(['send', 'swaps'])
  })
  it("no Buy without the site's meld key (the `onramp` option): Gangway lends none", () => {
    expect(accountActionsModel(account({ onramp: undefined })).actions).toEqual(['receive', 'send'])
    expect(accountActionsModel(account({ onramp: {} })).actions).toEqual(['receive', 'send'])
  })
  it('Buy where the onramp remote feature is on, and not in a China-region time zone unless the site says otherwise', () => {
    expect(accountActionsModel(account({}, { onramp: false })).actions).toEqual(['receive', 'send'])
    expect(accountActionsModel(account({ timeZone: 'Asia/Shanghai' })).actions).toEqual(['receive', 'send'])
    expect(accountActionsModel(account({ timeZone: 'Europe/Paris' })).actions).toEqual(['onramp', 'receive', 'send'])
    expect(accountActionsModel(account({ timeZone: 'Asia/Shanghai', onrampRestrictedTimeZones: [] })).actions).toEqual(['onramp', 'receive', 'send'])
    expect(accountActionsModel(account({ timeZone: 'Europe/Paris', onrampRestrictedTimeZones: ['Europe/Paris'] })).actions).toEqual(['receive', 'send'])
  })
})
