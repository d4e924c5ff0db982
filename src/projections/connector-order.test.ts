import { describe, expect, it } from 'vitest'
import type { Connector } from '../events/entities.js'
import { CONNECTOR_GROUPS, connectMethodsOrder, connectorGroupOrder, connectorRows } from './connector-order.js'

const c = (id: string, type: Connector['type']): Connector => ({ id, type, name: id, chain: 'eip155' })

describe('connector groups (docs/behaviour.md §2)', () => {
  it('default order is walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(connectorGroupOrder()).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])
  })
  it('puts configured groups first, then the rest in default order, ignoring unknown names', () => {
    expect(connectorGroupOrder(['external', 'nope', 'injected', 'external'])).toEqual(['external', 'injected', 'walletConnect', 'recent', 'featured', 'custom', 'recommended'])
    expect(connectorGroupOrder(['recommended'])).toHaveLength(CONNECTOR_GROUPS.length)
  })
  it('orders rows by group, announced before injected, discovery order within a type', () => {
    const rows = connectorRows([c('ext', 'EXTERNAL'), c('injected', 'INJECTED'), c('b.wallet', 'ANNOUNCED'), c('wc', 'WALLET_CONNECT'), c('a.wallet', 'ANNOUNCED')])
    expect(rows.map((r) => r.id)).toEqual(['wc', 'b.wallet', 'a.wallet', 'injected', 'ext'])
    expect(connectorRows([c('ext', 'EXTERNAL'), c('i', 'INJECTED')], ['external']).map((r) => r.id)).toEqual(['ext', 'i'])
  })
})

describe('connect methods (docs/behaviour.md §2)', () => {
  it('email, social, passkey, wallet by default; wallet first when an injected or announced wallet is present', () => {
    expect(connectMethodsOrder(false)).toEqual(['email', 'social', 'passkey', 'wallet'])
    expect(connectMethodsOrder(true)).toEqual(['wallet', 'email', 'social', 'passkey'])
  })
  it('a configured order wins', () => {
    expect(connectMethodsOrder(true, ['social', 'wallet', 'email'])).toEqual(['social', 'wallet', 'email'])
  })
})
