import { describe, expect, it } from 'vitest'
import { LOCALNET } from '../../tests/unit/fixtures.js'
import type { Network } from './entities.js'
import { HOST_OPTION_KEYS, configuredPayload, hostOptionsOf, unknownOption, type HostOptions } from './host-options.js'

const anvil: Network = { ...LOCALNET, rpcUrls: { default: { http: ['http://127.0.0.1:8545/secret-key'] } } }
const solana: Network = { ...anvil, id: 'localnet', caipNetworkId: 'solana:localnet', chainNamespace: 'solana', name: 'Solana' }

describe('host options', () => {
  it('records the options in engine/configured without RPC or service URLs, defaults filled in', () => {
    const options: HostOptions = {
      projectId: 'p',
      networks: [anvil, solana],
      defaultNetwork: solana,
      rpcUrls: { 'eip155:31337': ['http://127.0.0.1:8545/other-key'] },
      services: { blockchain: 'http://127.0.0.1:9000', walletConfig: 'http://127.0.0.1:9001' },
      featuredWalletIds: ['a', 'b'],
      excludeWalletIds: ['c'],
      metadata: { name: 'Site' },
      walletConnect: { relayUrl: 'ws://127.0.0.1:9002' },
    }
    const payload = configuredPayload(options)
    expect(payload).toEqual({
      projectId: 'p',
      networks: [
        { ...anvil, rpcUrls: { default: { http: [] } } },
        { ...solana, rpcUrls: { default: { http: [] } } },
      ],
      defaultNetworkId: 'solana:localnet',
      enableEmbedded: false,
      manualWCControl: false,
      adapterCount: 2,
      featuredWalletIds: ['a', 'b'],
      excludeWalletIds: ['c'],
      blockchainService: true,
    })
    expect(JSON.stringify(payload)).not.toMatch(/key|127\.0\.0\.1/)
  })

  it('takes only the declared options, and every declared one', () => {
    const all = Object.fromEntries(HOST_OPTION_KEYS.map((k) => [k, `value of ${k}`])) as unknown as HostOptions
    expect(hostOptionsOf({ ...all, debug: true, engine: 'main' } as HostOptions)).toEqual(all)
    expect(hostOptionsOf({ projectId: 'p', networks: [anvil], includeWalletIds: undefined })).toEqual({ projectId: 'p', networks: [anvil] })
  })

  it("names an option it would not use, as 'Unknown option: {key}'", () => {
    expect(unknownOption({ projectId: 'p', networks: [], featuredWalletIDs: [] })?.message).toBe('Unknown option: featuredWalletIDs')
    expect(unknownOption({ projectId: 'p', debug: true })?.message).toBe('Unknown option: debug')
    expect(unknownOption({ projectId: 'p', debug: true }, ['debug'])).toBeUndefined()
    expect(unknownOption({ projectId: 'p', services: { blockchain: 'b', analytics: 'a' } })).toEqual({ message: 'Unknown option: services.analytics', details: expect.stringContaining('walletConfig') })
    expect(unknownOption({ projectId: 'p', services: { blockchain: 'b', walletConfig: 'w' } })).toBeUndefined()
    expect(unknownOption({ projectId: 'p', networks: [], features: {} })).toEqual({ message: 'Unknown option: features', details: expect.stringContaining('featuredWalletIds') })
  })
})
