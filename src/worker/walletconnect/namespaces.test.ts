import { describe, expect, it } from 'vitest'
import { LOCALNET } from '../../../tests/unit/fixtures.js'
import { pairingTopicOf, proposalNamespaces, sessionAddresses, sessionChains } from './namespaces.js'
import { walletDeepLink } from '../../projections/rules/wallet-rules.js'

describe('WalletConnect namespaces', () => {
  it('proposes every configured eip155, solana and bip122 network, CAIP-2, and nothing of another namespace', () => {
    const solana = { ...LOCALNET, id: 'Gw', caipNetworkId: 'solana:Gw', chainNamespace: 'solana' } as const
    const bitcoin = { ...LOCALNET, id: '000', caipNetworkId: 'bip122:000', chainNamespace: 'bip122' } as const
    const polkadot = { ...LOCALNET, id: 'dot', caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', chainNamespace: 'polkadot' } as const
    const p = proposalNamespaces([LOCALNET, { ...LOCALNET, caipNetworkId: 'eip155:31338' }, solana, bitcoin, polkadot])
    expect(Object.keys(p)).toEqual(['eip155', 'solana', 'bip122'])
    expect(p.bip122).toEqual({ chains: ['bip122:000'], methods: ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'], events: ['bip122_addressesChanged'] })
    expect(p.eip155!.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(p.solana!.methods).toContain('solana_signTransaction')
  })
  it('reads accounts and chains of a settled session', () => {
    const ns = { eip155: { accounts: ['eip155:1:0xa', 'eip155:10:0xa', 'eip155:10:0xb'], methods: [], events: [] } }
    expect(sessionAddresses(ns, 'eip155')).toEqual(['0xa', '0xb'])
    expect(sessionAddresses(ns, 'eip155', 'eip155:1')).toEqual(['0xa'])
    expect(sessionChains(ns, 'eip155')).toEqual(['eip155:1', 'eip155:10'])
    expect(sessionAddresses(ns, 'solana')).toEqual([])
  })
  it('skips a session account that is not a CAIP-10 id', () => {
    const ns = { eip155: { accounts: ['eip155:1', 'eip155:1:0xc:extra', 'eip155:10:0xc'], methods: [], events: [] } }
    expect(sessionAddresses(ns, 'eip155')).toEqual(['0xc'])
    expect(sessionChains(ns, 'eip155')).toEqual(['eip155:10'])
  })
  it('takes the pairing topic of a wc: URI, and refuses anything else', () => {
    expect(pairingTopicOf(`wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=00`)).toBe('a'.repeat(64))
    expect(() => pairingTopicOf('https://example.com')).toThrow('Invalid WalletConnect URI')
  })
  it('builds deep links for custom schemes and universal links', () => {
    expect(walletDeepLink('harborwallet://', 'wc:x@2?a=b')).toBe('harborwallet://wc?uri=wc%3Ax%402%3Fa%3Db')
    expect(walletDeepLink('harborwallet', 'wc:x')).toBe('harborwallet://wc?uri=wc%3Ax')
    expect(walletDeepLink('https://harbor.example/app/', 'wc:x')).toBe('https://harbor.example/app/wc?uri=wc%3Ax')
  })
})
