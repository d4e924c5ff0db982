import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, connected, LOCALNET, log, started, type Item } from '../../tests/unit/fixtures.js'
import { redactedHash } from '../events/log/redact.js'
import type { GangwayEvent } from '../events/types.js'
import { analyticsBody, analyticsEventsOf, analyticsPage, errorReportProps, MAX_PAGE_PATH, MAX_PROP_CHARS, type AnalyticsProps } from './analytics-events.js'
import { initialStateFor, reduce, type State } from './state.js'

const LOCALNET_B = { ...LOCALNET, id: 31338, caipNetworkId: 'eip155:31338' as const, name: 'Localnet B' }
const WALLET = { id: 'dev.gangway.localnet', name: 'Localnet Wallet', mobileLink: 'localnet://', imageUrl: 'https://img.example/w.png' }

/** Folds `events` as tab t1 and gives each analytics event they make (props undefined for an event that makes none), with the log event's type. */
function analytics(events: GangwayEvent[], tab = 't1'): { type: string; props: AnalyticsProps | undefined }[] {
  let state: State = initialStateFor(tab)
  return events.flatMap((e): { type: string; props: AnalyticsProps | undefined }[] => {
    const before = state
    state = reduce(state, e)
    const made = analyticsEventsOf(before, state, e)
    return made.length ? made.map((props) => ({ type: e.type, props })) : [{ type: e.type, props: undefined }]
  })
}
const sent = (...items: Item[]) => analytics(log(...started({ networks: [LOCALNET, LOCALNET_B] }), ...items)).filter((x) => x.props)

describe('the analytics projection (log events → analytics events)', () => {
  it('a whole session, in order: open, pick, connect, switch, send, disconnect, close', () => {
    const out = sent(
      ['modal/open-requested', { isMobile: false }],
      ['connect/requested', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', wallet: WALLET }],
      ['connect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'prompt', wallet: WALLET }],
      ['balance/fetch-requested', { caipAddress: CAIP_ADDRESS, reason: 'connected' }],
      ['network/switch-requested', { caipNetworkId: 'eip155:31338' }],
      ['network/switched', { caipNetworkId: 'eip155:31338' }],
      ['send/token-selected', { token: { caipNetworkId: 'eip155:31338', name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      ['send/amount-changed', { amount: '0.01' }],
      ['send/receiver-changed', { receiver: '0x000000000000000000000000000000000000dEaD' }],
      ['send/requested', {}],
      ['send/submitted', { caipNetworkId: 'eip155:31338', hash: `0x${'ab'.repeat(32)}` }],
      ['send/succeeded', { caipNetworkId: 'eip155:31338', hash: `0x${'ab'.repeat(32)}` }],
      ['disconnect/requested', {}],
      ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }],
      ['modal/close-requested', {}],
    )
    expect(out.map((x) => x.props)).toEqual([
      { type: 'track', event: 'MODAL_OPEN', properties: { connected: false, isMobile: false } },
      { type: 'track', event: 'SELECT_WALLET', properties: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', name: 'Localnet Wallet', walletId: 'dev.gangway.localnet' } },
      { type: 'track', event: 'CONNECT_SUCCESS', properties: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipNetworkId: 'eip155:31337', name: 'Localnet Wallet' }, address: ADDRESS },
      { type: 'track', event: 'SWITCH_NETWORK', properties: { caipNetworkId: 'eip155:31338', namespace: 'eip155' }, address: ADDRESS },
      { type: 'track', event: 'SEND_INITIATED', properties: { caipNetworkId: 'eip155:31338', token: 'ETH', amount: '0.01' }, address: ADDRESS },
      { type: 'track', event: 'SEND_SUCCESS', properties: { caipNetworkId: 'eip155:31338', hash: `0x${'ab'.repeat(32)}`, token: 'ETH', amount: '0.01' }, address: ADDRESS },
      { type: 'track', event: 'DISCONNECT_SUCCESS', properties: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }, address: ADDRESS },
      { type: 'track', event: 'MODAL_CLOSE', properties: { connected: false } },
    ])
    // Never the receiver, a wallet's links or image.
    const text = JSON.stringify(out)
    for (const secret of ['dEaD', 'localnet://', 'img.example']) expect(text).not.toContain(secret)
  })

  it('the email and social login steps, without the email, the code or the provider’s answer', () => {
    const user = { namespace: 'eip155', caipNetworkId: 'eip155:31337', accounts: [{ address: ADDRESS, type: 'eoa' }], preferredAccountType: 'eoa', smartAccountDeployed: false } as const
    const out = sent(
      ['auth/email-submitted', { email: 'visitor@harbour.example' }],
      ['auth/email-accepted', { action: 'VERIFY_DEVICE' }],
      ['auth/device-approved', {}],
      ['auth/otp-failed', { message: 'Invalid code' }],
      ['auth/otp-verified', {}],
      ['auth/user-received', { ...user, email: 'visitor@harbour.example' }],
      ['auth/social-requested', { provider: 'google' }],
      ['auth/social-failed', { provider: 'google', message: 'Popup closed' }],
      ['auth/social-requested', { provider: 'discord' }],
      ['auth/social-result-received', { provider: 'discord' }],
      ['auth/social-connected', { provider: 'discord' }],
      ['auth/user-received', { ...user, username: 'harbour0', socialProvider: 'discord' }],
    )
    expect(out.map((x) => [x.props!.event, x.props!.properties])).toEqual([
      ['EMAIL_SUBMITTED', {}],
      ['EMAIL_VERIFICATION_CODE_SENT', { action: 'VERIFY_DEVICE' }],
      ['DEVICE_REGISTERED_FOR_EMAIL', {}],
      ['EMAIL_VERIFICATION_CODE_FAIL', { message: 'Invalid code' }],
      ['EMAIL_VERIFICATION_CODE_PASS', {}],
      ['SOCIAL_LOGIN_STARTED', { provider: 'google' }],
      ['SOCIAL_LOGIN_ERROR', { provider: 'google', message: 'Popup closed' }],
      ['SOCIAL_LOGIN_STARTED', { provider: 'discord' }],
      ['SOCIAL_LOGIN_REQUEST_USER_DATA', { provider: 'discord' }],
      ['SOCIAL_LOGIN_SUCCESS', { provider: 'discord' }],
    ])
    expect(JSON.stringify(out)).not.toMatch(/visitor@|harbour0/)
  })

  it('SIWX and account names, without the message, its signature or the receiver', () => {
    const out = sent(
      ...connected,
      ['siwx/sign-in-needed', { caipAddress: CAIP_ADDRESS }],
      ['siwx/sign-requested', {}],
      ['siwx/sign-failed', { caipAddress: CAIP_ADDRESS, message: 'Error signing message' }],
      ['siwx/sign-requested', {}],
      ['siwx/session-verified', { caipAddress: CAIP_ADDRESS, via: 'signature' }],
      // A stored session verified at load is nothing the visitor did.
      ['siwx/session-verified', { caipAddress: CAIP_ADDRESS, via: 'stored' }],
      ['name/register-requested', { label: 'Harbour' }],
      ['name/register-failed', { label: 'Harbour', message: 'Name is already taken' }],
      ['name/register-requested', { label: 'harbour-cafe' }],
      ['name/registered', { address: ADDRESS, name: 'harbour-cafe.reown.id' }],
      ['send/receiver-changed', { receiver: 'alice.reown.id' }],
      ['name/resolved', { name: 'alice.reown.id', caipNetworkId: 'eip155:31337', address: ADDRESS }],
    ).filter((x) => x.props!.event !== 'MODAL_OPEN' && x.props!.event !== 'MODAL_CLOSE' && x.props!.event !== 'CONNECT_SUCCESS' && x.props!.event !== 'SELECT_WALLET')
    expect(out.map((x) => [x.props!.event, x.props!.properties, x.props!.address])).toEqual([
      ['CLICK_SIGN_SIWX_MESSAGE', { network: 'eip155:31337' }, ADDRESS],
      ['SIWX_AUTH_ERROR', { network: 'eip155:31337', message: 'Error signing message' }, ADDRESS],
      ['CLICK_SIGN_SIWX_MESSAGE', { network: 'eip155:31337' }, ADDRESS],
      ['SIWX_AUTH_SUCCESS', { network: 'eip155:31337' }, ADDRESS],
      ['REGISTER_NAME_INITIATED', { name: 'harbour.reown.id' }, ADDRESS],
      ['REGISTER_NAME_ERROR', { name: 'harbour.reown.id', message: 'Name is already taken' }, ADDRESS],
      ['REGISTER_NAME_INITIATED', { name: 'harbour-cafe.reown.id' }, ADDRESS],
      ['REGISTER_NAME_SUCCESS', { name: 'harbour-cafe.reown.id' }, ADDRESS],
    ])
    expect(JSON.stringify(out)).not.toContain('alice')
  })

  it('swaps and buying, with the tokens and amounts, never a provider URL', () => {
    const ETH = { name: 'Ether', symbol: 'ETH', address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', decimals: 18 }
    const TIDE = { name: 'Tidewater', symbol: 'TIDE', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18 }
    const out = sent(
      ...connected,
      ['modal/open-requested', { isMobile: false }],
      ['modal/navigate-requested', { view: 'Swap' }],
      ['swap/token-selected', { side: 'from', token: ETH }],
      ['swap/token-selected', { side: 'to', token: TIDE }],
      ['swap/amount-changed', { amount: '0.5' }],
      ['swap/requested', {}],
      ['swap/failed', { message: 'Transaction rejected in the wallet', code: 4001 }],
      ['swap/requested', {}],
      ['swap/succeeded', { caipNetworkId: 'eip155:31337', hash: '0xabc', from: ETH.address, to: TIDE.address, fromAmount: '500000000000000000' }],
      ['modal/navigate-requested', { view: 'OnRampProviders' }],
      ['onramp/amount-changed', { amount: '100' }],
      ['onramp/provider-selected', { provider: 'meld' }],
      ['onramp/provider-opened', { provider: 'meld', url: 'http://127.0.0.1:9/provider?walletAddress=secret-url', caipAddress: CAIP_ADDRESS, decimals: 18, symbol: 'ETH', baseline: '0' }],
      ['onramp/failed', { message: 'Buy failed' }],
    ).filter((x) => !['MODAL_OPEN', 'MODAL_CLOSE', 'CONNECT_SUCCESS', 'SELECT_WALLET'].includes(String(x.props!.event)))
    expect(out.map((x) => [x.props!.event, x.props!.properties])).toEqual([
      ['OPEN_SWAP', { network: 'eip155:31337' }],
      ['INITIATE_SWAP', { from: 'ETH', to: 'TIDE', amount: '0.5' }],
      ['SWAP_ERROR', { from: 'ETH', to: 'TIDE', amount: '0.5', message: 'Transaction rejected in the wallet', code: 4001 }],
      ['INITIATE_SWAP', { from: 'ETH', to: 'TIDE', amount: '0.5' }],
      ['SWAP_SUCCESS', { from: 'ETH', to: 'TIDE', amount: '0.5', network: 'eip155:31337', hash: '0xabc' }],
      ['SELECT_BUY_CRYPTO', {}],
      ['SELECT_BUY_PROVIDER', { provider: 'meld', paymentCurrency: 'USD', amount: '100' }],
      ['BUY_ERROR', { paymentCurrency: 'USD', amount: '100', message: 'Buy failed' }],
    ])
    expect(JSON.stringify(out)).not.toContain('secret-url')
  })

  it('a refusal is USER_REJECTED, another failure CONNECT_ERROR; a failed send is SEND_ERROR', () => {
    const out = sent(
      ['connect/requested', { connectorId: 'injected', namespace: 'eip155' }],
      ['connect/failed', { connectorId: 'injected', namespace: 'eip155', message: 'Connection rejected', code: 4001 }],
      ['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155' }],
      ['connect/failed', { connectorId: 'walletConnect', namespace: 'eip155', message: 'Modal closed' }],
      ...connected,
      ['send/failed', { message: 'Transaction rejected in the wallet', code: 4001 }],
    )
    expect(out.map((x) => [x.props!.event, x.props!.properties.message ?? null])).toEqual([
      ['SELECT_WALLET', null],
      ['USER_REJECTED', 'Connection rejected'],
      ['SELECT_WALLET', null],
      ['CONNECT_ERROR', 'Modal closed'],
      ['SELECT_WALLET', null],
      ['CONNECT_SUCCESS', null],
      ['SEND_ERROR', 'Transaction rejected in the wallet'],
    ])
    expect(out[1]!.props!.properties.code).toBe(4001)
  })

  it("a failure without a code is a refusal by its error id, 'connectionRejected', not by its English text", () => {
    const out = sent(
      ['connect/requested', { connectorId: 'injected', namespace: 'eip155' }],
      ['connect/failed', { connectorId: 'injected', namespace: 'eip155', message: 'Connection rejected', errorId: 'connectionRejected' }],
      ['connect/requested', { connectorId: 'injected', namespace: 'eip155' }],
      ['connect/failed', { connectorId: 'injected', namespace: 'eip155', message: 'Failed to connect', errorId: 'failedToConnect' }],
    )
    expect(out.map((x) => x.props!.event)).toEqual(['SELECT_WALLET', 'USER_REJECTED', 'SELECT_WALLET', 'CONNECT_ERROR'])
  })

  it('sends nothing for what the visitor did not do: a session restored or found revoked at load, an open while open, a close while closed', () => {
    expect(
      sent(
        ['connect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'restore' }],
        ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'restore-failed' }],
        ['modal/close-requested', {}],
        ['balance/fetch-requested', { caipAddress: CAIP_ADDRESS, reason: 'manual' }],
      ),
    ).toEqual([])
    const twice = sent(['modal/open-requested', { isMobile: false }], ['modal/open-requested', { isMobile: false, view: 'Account' }])
    expect(twice.map((x) => x.props!.event)).toEqual(['MODAL_OPEN'])
  })

  it("a wallet's failed revoke is DISCONNECT_ERROR, with the account it kept", () => {
    // A restored connection sends nothing itself; the failed revoke is the one event.
    const [failed] = sent(
      ...([['connect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'restore' }]] as const),
      ['disconnect/failed', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', message: 'Failed to disconnect', cause: 'revoke broke', code: -32603 }],
    ).map((x) => x.props)
    expect(failed).toEqual({ type: 'track', event: 'DISCONNECT_ERROR', properties: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', message: 'Failed to disconnect' }, address: ADDRESS })
  })

  it('MODAL_OPEN and MODAL_CLOSE follow the modal, whatever opened or closed it', () => {
    // A connect on a network the site did not list opens UnsupportedChain; switching from it closes the modal.
    const other = `eip155:1:${ADDRESS}` as const
    const out = sent(
      ['connect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipAddress: other, via: 'restore' }],
      ['network/switched', { caipNetworkId: 'eip155:31338' }],
      ['modal/open-requested', { isMobile: true, view: 'AllWallets' }],
      ['modal/back-requested', {}],
    )
    expect(out.map((x) => [x.type, x.props!.event])).toEqual([
      ['connect/succeeded', 'MODAL_OPEN'],
      ['network/switched', 'SWITCH_NETWORK'],
      ['network/switched', 'MODAL_CLOSE'],
      ['modal/open-requested', 'MODAL_OPEN'],
      ['modal/back-requested', 'MODAL_CLOSE'],
    ])
    expect(out[0]!.props!.properties).toEqual({ connected: false, isMobile: false, view: 'UnsupportedChain' })
    expect(out[3]!.props!.properties).toMatchObject({ isMobile: true, view: 'AllWallets' })
  })

  it("another tab's shared events are that tab's to send", () => {
    const events = log(...started(), ...connected).map((e, i) => (i === 3 ? { ...e, tab: 't2' } : e))
    expect(analytics(events).filter((x) => x.props).map((x) => x.props!.event)).toEqual(['SELECT_WALLET'])
  })

  it('scrubs messages (URLs to their origin, keys, tokens, wc: URIs; emails hashed with the projectId) and cuts long strings', () => {
    const key = 'a'.repeat(64)
    const message = `Failed: https://rpc.example/v1/?apikey=SECRET#frag wc:abc@2?symKey=${key} mail ada@example.com token=XYZ123 ${'- '.repeat(200)}`
    const [, failed] = sent(['connect/requested', { connectorId: 'injected', namespace: 'eip155' }], ['connect/failed', { connectorId: 'injected', namespace: 'eip155', message }])
    const m = failed!.props!.properties.message as string
    expect(m.startsWith(`Failed: https://rpc.example/… wc:[redacted] mail ${redactedHash('ada@example.com', 'p')} token=[redacted] - - `)).toBe(true)
    expect(m).toHaveLength(MAX_PROP_CHARS)
    for (const secret of ['SECRET', 'frag', key, 'ada@', 'XYZ123']) expect(m).not.toContain(secret)
  })

  it('the page is its origin and path, never its query or fragment', () => {
    expect(analyticsPage('https://shop.example', '/checkout/pay')).toEqual({ url: 'https://shop.example/checkout/pay', domain: 'shop.example' })
    expect(analyticsPage('http://127.0.0.1:5173', '/')).toEqual({ url: 'http://127.0.0.1:5173/', domain: '127.0.0.1:5173' })
    expect(analyticsPage('https://shop.example', '/cb?code=SECRET#token=T')).toEqual({ url: 'https://shop.example/cb', domain: 'shop.example' })
    expect(analyticsPage('https://shop.example', '//evil.example/x')).toEqual({ url: 'https://shop.example//evil.example/x', domain: 'shop.example' })
    expect(analyticsPage(undefined, '/x')).toEqual({ url: '', domain: '' })
    expect(analyticsPage('file://', '/x')).toEqual({ url: '', domain: '' })
    expect(analyticsPage('https://shop.example', `/${'a'.repeat(2000)}`).url).toHaveLength('https://shop.example'.length + MAX_PAGE_PATH)
  })

  it('wraps props in the POST /e body; an error report carries type, event, errorType, errorMessage, stackTrace', () => {
    const page = { url: 'https://shop.example/', domain: 'shop.example' }
    const props = { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } as const
    expect(analyticsBody(props, { eventId: 'id-1', timestamp: 1_700_000_000_000, page })).toEqual({ eventId: 'id-1', url: 'https://shop.example/', domain: 'shop.example', timestamp: 1_700_000_000_000, props })
    expect(errorReportProps({ effect: 'connectEffect#0', errorType: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'boom', stack: 'TypeError: boom\n    at x (https://h/w.js:1:2)' })).toEqual({
      type: 'error',
      event: 'INTERNAL_SDK_ERROR',
      errorType: 'GangwayError',
      errorMessage: 'boom',
      stackTrace: 'TypeError: boom\n    at x (https://h/w.js:1:2)',
    })
  })
})
