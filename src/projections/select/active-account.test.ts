import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, connected, LOCALNET, log, started, type Item } from '../../../tests/unit/fixtures.js'
import { project } from '../state.js'
import { activeAccount, activeAccountStatus } from './active-account.js'
import { activeNamespace } from './active-namespace.js'
import { activeNetwork, activeNetworkId } from './active-network.js'

const SOLANA = { ...LOCALNET, id: 'Gang', caipNetworkId: 'solana:GangwayLocaLnet11111111111111111' as const, chainNamespace: 'solana' as const, name: 'Solana Localnet' }
const twoNamespaces = () => started({ networks: [LOCALNET, SOLANA], adapterCount: 2 })
const fold = (...items: Item[]) => project(log(...twoNamespaces(), ...items))
const switchTo = (caipNetworkId: `${string}:${string}`): Item[] => [['network/switch-requested', { caipNetworkId }], ['network/switched', { caipNetworkId }]]

describe('the active namespace, network and account (domain selectors)', () => {
  it('before any connection: the default network, else the first configured one; no account', () => {
    expect(activeNamespace(fold())).toBe('eip155')
    expect(activeNamespace(project(log(...started({ networks: [LOCALNET, SOLANA], defaultNetworkId: SOLANA.caipNetworkId }))))).toBe('solana')
    expect(activeNetworkId(fold())).toBe('eip155:31337')
    expect(activeNetwork(fold())?.name).toBe('Localnet')
    expect(activeAccount(fold())).toBeUndefined()
    expect(activeAccountStatus(fold())).toBe('disconnected')
  })
  it('connecting: no account yet, status connecting', () => {
    const s = fold(connected[0])
    expect(activeAccount(s)).toBeUndefined()
    expect(activeAccountStatus(s)).toBe('connecting')
  })
  it('connected: the namespace, the CAIP-10 id and its parts, the connector and the slice entry', () => {
    const s = fold(...connected, ['balance/fetched', { caipAddress: CAIP_ADDRESS, valueWei: '5', decimals: 18, symbol: 'ETH' }])
    expect(activeAccount(s)).toMatchObject({
      namespace: 'eip155',
      status: 'connected',
      caipAddress: CAIP_ADDRESS,
      address: ADDRESS,
      caipNetworkId: 'eip155:31337',
      connectorId: 'dev.gangway.localnet',
      balanceRaw: '5',
    })
    expect(activeAccountStatus(s)).toBe('connected')
  })
  it('follows the active namespace: none on a namespace without a wallet, back on switching home', () => {
    const away = fold(...connected, ...switchTo(SOLANA.caipNetworkId))
    expect(activeNamespace(away)).toBe('solana')
    expect(activeNetworkId(away)).toBe(SOLANA.caipNetworkId)
    expect(activeAccount(away)).toBeUndefined()
    expect(activeAccount(fold(...connected, ...switchTo(SOLANA.caipNetworkId), ...switchTo('eip155:31337')))?.address).toBe(ADDRESS)
  })
  it('none after a disconnect', () => {
    const s = fold(...connected, ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }])
    expect(activeAccount(s)).toBeUndefined()
    expect(activeAccountStatus(s)).toBe('disconnected')
  })
})
