import { describe, expect, it } from 'vitest'
import { LOCALNET } from '../../../tests/unit/fixtures.js'
import type { Network } from '../entities.js'
import { HOST_OPTION_KEYS, REOWN_SERVICES, configuredPayload, featureOptionsProblem, hostOptionsOf, offeredNetworks, unknownOption, withServicePreset, type HostOptions } from './host-options.js'

const anvil: Network = { ...LOCALNET, rpcUrls: { default: { http: ['http://127.0.0.1:8545/secret-key'] } } }
const solana: Network = { ...anvil, id: 'localnet', caipNetworkId: 'solana:localnet', chainNamespace: 'solana', name: 'Solana' }
const regtest: Network = { ...anvil, id: '0f9188f13cb7b2c71f2a335e3a4fc328', caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', chainNamespace: 'bip122', name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } }
const bitcoin: Network = { ...regtest, id: '000000000019d6689c085ae165831e93', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', name: 'Bitcoin' }

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
      features: { send: false, connectMethodsOrder: ['wallet', 'email'] },
      remoteFeatures: { socials: ['google'] },
      termsConditionsUrl: 'http://127.0.0.1:9003/terms',
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
      // The features as given (the projections resolve them, src/projections/select/features.ts); the document links stay on the page.
      features: { send: false, connectMethodsOrder: ['wallet', 'email'] },
      remoteFeatures: { socials: ['google'] },
      featuredWalletIds: ['a', 'b'],
      excludeWalletIds: ['c'],
      blockchainService: true,
      walletConfigService: true,
    })
    expect(JSON.stringify(payload)).not.toMatch(/key|127\.0\.0\.1/)
    // WalletConnect off is recorded (the Connect view's rows follow it); the relay never is.
    expect(configuredPayload({ ...options, walletConnect: false })).toEqual({ ...payload, walletConnect: false })
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
    expect(unknownOption({ projectId: 'p', services: { blockchain: 'b', auth: 'a' } })).toEqual({ message: 'Unknown option: services.auth', details: expect.stringContaining('walletConfig') })
    expect(unknownOption({ projectId: 'p', services: { blockchain: 'b', walletConfig: 'w', analytics: 'a' } })).toBeUndefined()
    expect(unknownOption({ projectId: 'p', networks: [], siwx: {} })).toEqual({ message: 'Unknown option: siwx', details: expect.stringContaining('featuredWalletIds') })
    // smartSessions is refused until an issue gives it meaning; a misspelt feature is named.
    expect(unknownOption({ projectId: 'p', features: { send: false, smartSessions: true } })?.message).toBe('Unknown option: features.smartSessions')
    expect(unknownOption({ projectId: 'p', remoteFeatures: { activity: false, mutliWallet: true } })?.message).toBe('Unknown option: remoteFeatures.mutliWallet')
    expect(unknownOption({ projectId: 'p', features: { send: false, connectMethodsOrder: ['wallet'] }, remoteFeatures: { socials: false } })).toBeUndefined()
  })

  it('leaves a list where an object option belongs to the shape check, and names every feature in its details', () => {
    for (const o of [{ features: ['x'] }, { remoteFeatures: ['x', 'y'] }, { services: ['https://a.example'] }]) expect(unknownOption({ projectId: 'p', ...o })).toBeUndefined()
    expect(featureOptionsProblem({ features: ['x'] } as never)).toBe('Invalid option: features must be an object')
    expect(featureOptionsProblem({ remoteFeatures: ['x', 'y'] } as never)).toBe('Invalid option: remoteFeatures must be an object')
    expect(featureOptionsProblem({ services: ['https://a.example'] } as never)).toBe('Invalid option: services must be an object')
    const details = unknownOption({ projectId: 'p', features: { nope: true } })!.details
    const named = (label: string) => details.match(new RegExp(`its ${label} ([^;(]+)`))![1]!.trim().split(', ').sort()
    expect(named('features')).toEqual(['allWallets', 'analytics', 'collapseWallets', 'connectMethodsOrder', 'connectorTypeOrder', 'legalCheckbox', 'pay', 'receive', 'send', 'walletFeaturesOrder'])
    expect(named('remote features')).toEqual(['activity', 'branding', 'email', 'emailCapture', 'multiWallet', 'onramp', 'socials', 'swaps'])
  })

  it('refuses feature values of the wrong type, and document links the URL validator refuses', () => {
    const problem = (o: object, base?: string) => featureOptionsProblem(o as HostOptions, base)
    expect(problem({})).toBeUndefined()
    expect(problem({ features: { send: false, receive: true, connectMethodsOrder: ['wallet', 'email'], connectorTypeOrder: ['recent'], walletFeaturesOrder: ['send', 'receive'] }, remoteFeatures: { socials: false, activity: false }, termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: '/privacy' }, 'https://shop.example')).toBeUndefined()
    expect(problem({ features: [] })).toBe('Invalid option: features must be an object')
    expect(problem({ remoteFeatures: null })).toBe('Invalid option: remoteFeatures must be an object')
    expect(problem({ features: { send: 'no' } })).toBe('Invalid option: features.send must be a boolean')
    expect(problem({ features: { pay: 1 } })).toBe('Invalid option: features.pay must be a boolean')
    expect(problem({ features: { connectMethodsOrder: ['wallet', 'phone'] } })).toBe('Invalid option: features.connectMethodsOrder must be a list of email, social, passkey, wallet (each at most once)')
    expect(problem({ features: { connectMethodsOrder: ['wallet', 'wallet'] } })).toBe('Invalid option: features.connectMethodsOrder must be a list of email, social, passkey, wallet (each at most once)')
    expect(problem({ features: { connectMethodsOrder: 'wallet' } })).toBe('Invalid option: features.connectMethodsOrder must be a list of email, social, passkey, wallet (each at most once)')
    expect(problem({ features: { connectorTypeOrder: ['injected', 'installed'] } })).toBe('Invalid option: features.connectorTypeOrder must be a list of walletConnect, recent, injected, featured, custom, external, recommended (each at most once)')
    expect(problem({ features: { walletFeaturesOrder: ['send', 'buy'] } })).toBe('Invalid option: features.walletFeaturesOrder must be a list of onramp, swaps, receive, send (each at most once)')
    expect(problem({ remoteFeatures: { activity: 'off' } })).toBe('Invalid option: remoteFeatures.activity must be a boolean')
    expect(problem({ remoteFeatures: { socials: true } })).toBe('Invalid option: remoteFeatures.socials must be false or a list of google, x, discord, farcaster, github, apple, facebook (each at most once)')
    expect(problem({ remoteFeatures: { socials: ['google', 'myspace'] } })).toBe('Invalid option: remoteFeatures.socials must be false or a list of google, x, discord, farcaster, github, apple, facebook (each at most once)')
    for (const walletConnect of [true, null, 'off', [], { relayUrl: 'https://relay.example' }, { relayUrl: 'javascript:alert(1)' }, { relay: 'wss://relay.example' }]) {
      expect(problem({ walletConnect }), JSON.stringify(walletConnect)).toBe('Invalid option: walletConnect must be false or { relayUrl }')
    }
    for (const walletConnect of [false, {}, { relayUrl: 'wss://relay.walletconnect.org' }, { relayUrl: 'ws://127.0.0.1:9002' }]) expect(problem({ walletConnect })).toBeUndefined()
    expect(problem({ termsConditionsUrl: 'javascript:alert(1)' })).toBe('Invalid option: termsConditionsUrl must be an http or https URL')
    expect(problem({ privacyPolicyUrl: 42 })).toBe('Invalid option: privacyPolicyUrl must be an http or https URL')
    expect(problem({ privacyPolicyUrl: '/privacy' })).toBe('Invalid option: privacyPolicyUrl must be an http or https URL')
    const labels = 'Invalid option: addressLabels must map addresses to labels of at most 64 characters'
    expect(problem({ addressLabels: ['0xabc'] })).toBe(labels)
    expect(problem({ addressLabels: { '0xabc': 7 } })).toBe(labels)
    expect(problem({ addressLabels: { '0xabc': 'x'.repeat(65) } })).toBe(labels)
    expect(problem({ addressLabels: { 'eip155:1:0xabc': 'Savings' } })).toBe(labels)
    expect(problem({ addressLabels: { '0xabc': 'Savings' } })).toBeUndefined()
    const zones = 'Invalid option: onrampRestrictedTimeZones must be a list of at most 100 IANA time zones'
    expect(problem({ onrampRestrictedTimeZones: 'Asia/Shanghai' })).toBe(zones)
    expect(problem({ onrampRestrictedTimeZones: ['Asia/Shanghai', '<script>'] })).toBe(zones)
    expect(problem({ onrampRestrictedTimeZones: ['Asia/Shanghai', 'Etc/GMT+8'] })).toBeUndefined()
  })

  it("refuses a swap policy that is not one: routers by eip155 network id with a kind Gangway reads, a boolean unlimitedApproval, nothing else", () => {
    const problem = (o: object) => featureOptionsProblem(o as HostOptions)
    const router = { address: '0x111111125421cA6dc452d289314280a0f8842A65', kind: '1inch-v6' }
    const routers = 'Invalid option: swap.routers must map eip155 network ids to { address, kind: uniswap-v2 or 1inch-v6, weth? } (at most 50)'
    expect(problem({ swap: { routers: { 'eip155:8453': router, 'eip155:31337': { address: router.address, kind: 'uniswap-v2', weth: router.address } }, unlimitedApproval: true } })).toBeUndefined()
    expect(problem({ swap: 'yes' })).toBe('Invalid option: swap must be an object')
    expect(problem({ swap: { router } })).toBe('Invalid option: swap must have only routers and unlimitedApproval')
    expect(problem({ swap: { unlimitedApproval: 'true' } })).toBe('Invalid option: swap.unlimitedApproval must be a boolean')
    expect(problem({ swap: { routers: { 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': router } } })).toBe(routers)
    expect(problem({ swap: { routers: { 'eip155:1': { ...router, kind: 'uniswap-v3' } } } })).toBe(routers)
    expect(problem({ swap: { routers: { 'eip155:1': { ...router, address: 'javascript:alert(1)' } } } })).toBe(routers)
    expect(problem({ swap: { routers: { 'eip155:1': { ...router, weth: router.address } } } })).toBe(routers)
    expect(problem({ swap: { routers: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`eip155:${i + 1}`, router])) } })).toBe(routers)
  })

  it('refuses an errorReports that is not a boolean (the engine reads anything but false as on)', () => {
    const problem = (o: object) => featureOptionsProblem(o as HostOptions)
    for (const errorReports of ['false', 0, null, 'no', {}]) expect(problem({ errorReports })).toBe('Invalid option: errorReports must be a boolean')
    expect(problem({ errorReports: false })).toBeUndefined()
    expect(problem({ errorReports: true })).toBeUndefined()
    expect(problem({ errorReports: undefined })).toBeUndefined()
  })

  it('onramp: an object with a meld publishable key of 1 to 128 letters, digits and _-:.', () => {
    const problem = (o: object) => featureOptionsProblem(o as HostOptions)
    expect(problem({ onramp: { meldPublicKey: 'WQ5x:abc_DEF-1.2' } })).toBeUndefined()
    expect(problem({ onramp: {} })).toBeUndefined()
    expect(problem({ onramp: 'pk' })).toBe('Invalid option: onramp must be an object')
    expect(problem({ onramp: { key: 'pk' } })).toBe('Invalid option: onramp must have only meldPublicKey')
    for (const meldPublicKey of ['', 'a b', 'x'.repeat(129), 7, '<script>']) expect(problem({ onramp: { meldPublicKey } })).toBe('Invalid option: onramp.meldPublicKey must be 1 to 128 letters, digits and _-:.')
  })

  it("services: 'reown' is the hosted services' base URLs; other services pass as given", () => {
    const base = { projectId: 'p', networks: [] }
    expect(withServicePreset({ ...base, services: 'reown' }).services).toEqual({ walletConfig: 'https://api.web3modal.org', blockchain: 'https://rpc.walletconnect.org', analytics: 'https://pulse.walletconnect.org' })
    expect(withServicePreset({ ...base, services: 'reown' }).services).not.toBe(REOWN_SERVICES)
    const own = { blockchain: 'https://bc.example' }
    expect(withServicePreset({ ...base, services: own }).services).toBe(own)
    expect(withServicePreset(base as { projectId: string; services?: string }).services).toBeUndefined()
    // Anything else that is no object is left for the option checks to refuse.
    expect(featureOptionsProblem(withServicePreset({ ...base, services: 'hosted' }) as never)).toBe('Invalid option: services must be an object')
  })
  it('services.bitcoin: an http or https URL (an Esplora), else refused', () => {
    const problem = (o: object) => featureOptionsProblem(o as HostOptions)
    for (const url of ['http://127.0.0.1:3002', 'https://blockstream.info/api', 'https://mempool.space/testnet/api/']) expect(problem({ services: { bitcoin: url } }), url).toBeUndefined()
    expect(problem({ services: { blockchain: 'https://rpc.example' } })).toBeUndefined()
    for (const bitcoin of ['ftp://x', 'not a url', 42, '', null, 'javascript:alert(1)', 'ws://127.0.0.1:3002', '/api', `https://e.example/${'a'.repeat(2048)}`]) {
      expect(problem({ services: { bitcoin } }), String(bitcoin)).toBe('Invalid option: services.bitcoin must be an http or https URL')
    }
  })

  it('offers bip122 networks only with services.bitcoin, and every other network either way', () => {
    const networks = [anvil, regtest, solana, bitcoin]
    expect(offeredNetworks(networks, undefined)).toEqual([anvil, solana])
    expect(offeredNetworks(networks, {})).toEqual([anvil, solana])
    expect(offeredNetworks(networks, { blockchain: 'https://rpc.example', bitcoin: '' })).toEqual([anvil, solana])
    expect(offeredNetworks(networks, { bitcoin: 'http://127.0.0.1:3002' })).toEqual(networks)
    expect(offeredNetworks([regtest], {})).toEqual([])
    // A new list: the site's stays as given.
    expect(offeredNetworks(networks, { bitcoin: 'http://127.0.0.1:3002' })).not.toBe(networks)
    expect(networks).toEqual([anvil, regtest, solana, bitcoin])
  })
})
