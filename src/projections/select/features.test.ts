import { describe, expect, it } from 'vitest'
import { LOCALNET, log, started } from '../../../tests/unit/fixtures.js'
import type { Connector } from '../../events/entities.js'
import type { Features, RemoteFeatures } from '../../events/kernel/host-options.js'
import { project } from '../state.js'
import { connectMethods, DEFAULT_FEATURES, resolvedFeatures, resolveFeatures, type ResolvedFeatures } from './features.js'

const ALL_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']
const announced: Connector = { id: 'dev.gangway.localnet', type: 'ANNOUNCED', name: 'Localnet Wallet', chain: 'eip155' }

describe('features in force (docs/behaviour.md §3 Options, §9 defaults)', () => {
  it('defaults: receive, send, analytics, allWallets, swaps, onramp, email, every social, activity, branding on; the rest off', () => {
    const f = resolveFeatures(undefined, undefined, undefined)
    expect(f).toEqual(DEFAULT_FEATURES)
    expect(f).toMatchObject({ receive: true, send: true, analytics: true, allWallets: true, swaps: true, onramp: true, email: true, socials: ALL_SOCIALS, activity: true, branding: true })
    expect(f).toMatchObject({ legalCheckbox: false, collapseWallets: false, pay: false, multiWallet: false, emailCapture: false })
    expect(f.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(f.connectMethodsOrder).toBeUndefined()
    expect(f.connectorTypeOrder).toEqual([])
  })

  it.each<[string, Features | undefined, RemoteFeatures | undefined, RemoteFeatures | undefined, Partial<ResolvedFeatures>]>([
    // [case, site features, site remote features, remote answer, expected subset]
    ['the site turns its features off and on', { send: false, legalCheckbox: true }, undefined, undefined, { send: false, legalCheckbox: true, receive: true }],
    ['the remote answer turns remote features off', undefined, undefined, { activity: false, socials: false, branding: false }, { activity: false, socials: false, branding: false, swaps: true }],
    ['the remote answer turns on what the site left unset', undefined, undefined, { multiWallet: true, emailCapture: true }, { multiWallet: true, emailCapture: true }],
    ["the site's remote features win over the answer", undefined, { activity: true, multiWallet: false, socials: ['github'] }, { activity: false, multiWallet: true, socials: false }, { activity: true, multiWallet: false, socials: ['github'] }],
    ['the answer never touches features', { send: true }, undefined, { send: false, allWallets: false } as never, { send: true, allWallets: true }],
    ['pay turns email and social off', { pay: true }, undefined, undefined, { pay: true, email: false, socials: false }],
    ["pay wins over the site's own email and socials", { pay: true }, { email: true, socials: ['google'] }, { email: true }, { email: false, socials: false }],
    ['an empty provider list is no social login', undefined, { socials: [] }, undefined, { socials: false }],
    ['orders as the site gives them', { connectMethodsOrder: ['social', 'wallet'], connectorTypeOrder: ['recommended'], walletFeaturesOrder: ['send', 'receive'] }, undefined, undefined, { connectMethodsOrder: ['social', 'wallet'], connectorTypeOrder: ['recommended'], walletFeaturesOrder: ['send', 'receive'] }],
    ['a value of the wrong type counts as unset', { send: 'no', walletFeaturesOrder: 'send' } as never, { activity: 0 } as never, { branding: 'off' } as never, { send: true, activity: true, branding: true, walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'] }],
  ])('%s', (_case, site, siteRemote, remote, expected) => {
    expect(resolveFeatures(site, siteRemote, remote)).toMatchObject(expected)
  })

  it('reads the options from engine/configured and the answer from this session', () => {
    const events = log(...started({ features: { send: false }, remoteFeatures: { multiWallet: true } }), ['modal/trigger-approached', {}], ['features/remote-config-fetched', { features: { activity: false, multiWallet: false } }])
    expect(resolvedFeatures(project(events))).toMatchObject({ send: false, activity: false, multiWallet: true })
    expect(project(events).remoteConfig.status).toBe('fetched')
    // A failure leaves the defaults; a new session asks afresh.
    const failed = project(log(...started(), ['features/remote-config-failed', { message: 'HTTP request failed.' }]))
    expect(failed.remoteConfig).toEqual({ status: 'failed', features: {} })
    expect(resolvedFeatures(failed)).toEqual(DEFAULT_FEATURES)
    expect(project(log(...started(), ['features/remote-config-fetched', { features: { activity: false } }], ['engine/started', { mode: 'main' }])).remoteConfig.status).toBe('unasked')
  })
})

describe('connect methods in force (docs/behaviour.md §2)', () => {
  const methods = (config: Parameters<typeof started>[0], connectors: Connector[] = [], answer?: object) =>
    connectMethods(project(log(...started({ secureSite: true, ...config }), ['connectors/discovered', { connectors }], ...(answer ? [['features/remote-config-fetched', { features: answer }] as const] : []))))
  it('email, social, wallet; wallet first with a wallet on the page; the site’s order wins', () => {
    expect(methods({})).toEqual(['email', 'social', 'wallet'])
    expect(methods({}, [announced])).toEqual(['wallet', 'email', 'social'])
    expect(methods({ features: { connectMethodsOrder: ['social', 'wallet', 'email'] } }, [announced])).toEqual(['social', 'wallet', 'email'])
  })
  it('leaves out the methods whose feature is off', () => {
    expect(methods({ features: { pay: true } }, [announced])).toEqual(['wallet'])
    expect(methods({ remoteFeatures: { socials: false } })).toEqual(['email', 'wallet'])
    expect(methods({}, [], { email: false })).toEqual(['social', 'wallet'])
    expect(methods({ features: { connectMethodsOrder: ['email', 'wallet'] }, remoteFeatures: { email: false } })).toEqual(['wallet'])
  })
  it('offers email and social login only with a secure site and an EVM network', () => {
    expect(methods({ secureSite: undefined })).toEqual(['wallet'])
    expect(methods({ networks: [{ ...LOCALNET, id: 'x', caipNetworkId: 'solana:x', chainNamespace: 'solana' }] })).toEqual(['wallet'])
  })
})
