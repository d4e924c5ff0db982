/**
 * The public event stream's vocabulary (contract.ts PublicEvent, Engine.subscribeEvents): the
 * event names and, for each, its property keys and their types, pinned here. The stream is the
 * analytics projection (src/projections/analytics-events.ts), so a change there changes what sites
 * read: this table must equal what that projection can produce, and a change to the public subset
 * fails here until the table (and docs/api.md, Events) follows it. Adding a name or an optional
 * property keeps PublicEvent's `version` 1; renaming, removing or retyping one makes it 2.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, LOCALNET, log, started, type Item } from './fixtures.js'
import type { PublicEvent } from '../../src/contract.js'
import { ANALYTICS_EVENTS, analyticsEventsOf, type AnalyticsEventName } from '../../src/projections/analytics-events.js'
import { initialStateFor, reduce, type State } from '../../src/projections/state.js'

type PropType = 'string' | 'number' | 'boolean'

/** Every public event name, with the keys its properties may have and their types (absent keys: no properties). */
const PUBLIC_EVENTS = {
  MODAL_OPEN: { connected: 'boolean', isMobile: 'boolean', view: 'string', namespace: 'string' },
  MODAL_CLOSE: { connected: 'boolean' },
  SELECT_WALLET: { connectorId: 'string', namespace: 'string', name: 'string', walletId: 'string' },
  CONNECT_SUCCESS: { connectorId: 'string', namespace: 'string', caipNetworkId: 'string', name: 'string' },
  CONNECT_ERROR: { connectorId: 'string', namespace: 'string', message: 'string', code: 'number' },
  USER_REJECTED: { connectorId: 'string', namespace: 'string', message: 'string', code: 'number' },
  DISCONNECT_SUCCESS: { connectorId: 'string', namespace: 'string', reason: 'string' },
  DISCONNECT_ERROR: { connectorId: 'string', namespace: 'string', message: 'string' },
  SWITCH_NETWORK: { caipNetworkId: 'string', namespace: 'string' },
  SWITCH_WALLET: { connectorId: 'string', namespace: 'string', fromConnectorId: 'string' },
  SWITCH_ACCOUNT: { connectorId: 'string', namespace: 'string', fromConnectorId: 'string' },
  SWITCH_WALLET_ERROR: { connectorId: 'string', namespace: 'string', message: 'string' },
  SEND_INITIATED: { caipNetworkId: 'string', token: 'string', tokenAddress: 'string', amount: 'string' },
  SEND_SUCCESS: { caipNetworkId: 'string', hash: 'string', token: 'string', amount: 'string' },
  SEND_ERROR: { message: 'string', code: 'number' },
  EMAIL_SUBMITTED: {},
  EMAIL_VERIFICATION_CODE_SENT: { action: 'string' },
  EMAIL_VERIFICATION_CODE_PASS: {},
  EMAIL_VERIFICATION_CODE_FAIL: { message: 'string' },
  DEVICE_REGISTERED_FOR_EMAIL: {},
  SOCIAL_LOGIN_STARTED: { provider: 'string' },
  SOCIAL_LOGIN_REQUEST_USER_DATA: { provider: 'string' },
  SOCIAL_LOGIN_SUCCESS: { provider: 'string' },
  SOCIAL_LOGIN_ERROR: { provider: 'string', message: 'string' },
  CLICK_SIGN_SIWX_MESSAGE: { network: 'string' },
  CLICK_CANCEL_SIWX: { network: 'string' },
  SIWX_AUTH_SUCCESS: { network: 'string' },
  SIWX_AUTH_ERROR: { network: 'string', message: 'string' },
  REGISTER_NAME_INITIATED: { name: 'string' },
  REGISTER_NAME_SUCCESS: { name: 'string' },
  REGISTER_NAME_ERROR: { name: 'string', message: 'string' },
  OPEN_SWAP: { network: 'string' },
  INITIATE_SWAP: { from: 'string', to: 'string', amount: 'string' },
  SWAP_SUCCESS: { from: 'string', to: 'string', amount: 'string', network: 'string', hash: 'string' },
  SWAP_ERROR: { from: 'string', to: 'string', amount: 'string', message: 'string', code: 'number' },
  SELECT_BUY_CRYPTO: {},
  SELECT_BUY_PROVIDER: { provider: 'string', purchaseCurrency: 'string', paymentCurrency: 'string', amount: 'string' },
  BUY_SUCCESS: { purchaseCurrency: 'string', paymentCurrency: 'string', amount: 'string' },
  BUY_ERROR: { purchaseCurrency: 'string', paymentCurrency: 'string', amount: 'string', message: 'string' },
} as const satisfies { [N in AnalyticsEventName]: Record<string, PropType> } // every name, and no other (an excess key fails to compile)

const LOCALNET_B = { ...LOCALNET, id: 31338, caipNetworkId: 'eip155:31338' as const, name: 'Localnet B' }
const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const WALLET = { id: 'io.metamask.wallet', name: 'MetaMask' }
const ETH = { name: 'Ether', symbol: 'ETH', address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', decimals: 18 }
const TIDE = { name: 'Tidewater', symbol: 'TIDE', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18 }
const HASH = `0x${'ab'.repeat(32)}`
const USER = { namespace: 'eip155', caipNetworkId: 'eip155:31337', accounts: [{ address: ADDRESS, type: 'eoa' }], preferredAccountType: 'eoa', smartAccountDeployed: false } as const

/**
 * One session that reaches every handler of ANALYTICS_EVENTS and each of its branches, on a state
 * where every optional property has something to read (a picked wallet, a send form with a token
 * address, an on-ramp purchase currency, an open with a view and a namespace).
 */
const SESSION: Item[] = [
  ...started({ networks: [LOCALNET, LOCALNET_B] }),
  ['modal/open-requested', { isMobile: false, view: 'Connect', namespace: 'eip155' }],
  ['connect/requested', { connectorId: 'io.metamask', namespace: 'eip155', wallet: WALLET }],
  ['connect/failed', { connectorId: 'io.metamask', namespace: 'eip155', message: 'User rejected the request.', code: 4001 }],
  ['connect/requested', { connectorId: 'io.metamask', namespace: 'eip155', wallet: WALLET }],
  ['connect/failed', { connectorId: 'io.metamask', namespace: 'eip155', message: 'Internal error', code: -32603 }],
  ['connect/requested', { connectorId: 'io.metamask', namespace: 'eip155', wallet: WALLET }],
  ['connect/succeeded', { connectorId: 'io.metamask', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'prompt', wallet: WALLET, accounts: [ADDRESS, OTHER] }],
  ['network/switched', { caipNetworkId: 'eip155:31338' }],
  ['network/switched', { caipNetworkId: 'eip155:31337' }],
  ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', address: TIDE.address, name: TIDE.name, symbol: TIDE.symbol, decimals: 18 } }],
  ['send/amount-changed', { amount: '0.01' }],
  ['send/requested', {}],
  ['send/succeeded', { caipNetworkId: 'eip155:31337', hash: HASH }],
  ['send/failed', { message: 'Transaction rejected in the wallet', code: 4001 }],
  ['connection/switched', { namespace: 'eip155', connectorId: 'io.metamask', caipAddress: `eip155:31337:${OTHER}`, wallet: false }],
  ['connection/switched', { namespace: 'eip155', connectorId: 'io.metamask', caipAddress: CAIP_ADDRESS, wallet: true }],
  ['connection/switch-failed', { namespace: 'eip155', connectorId: 'io.metamask', message: 'The wallet no longer exposes this account' }],
  ['auth/email-submitted', { email: 'visitor@harbour.example' }],
  ['auth/email-accepted', { action: 'VERIFY_DEVICE' }],
  ['auth/device-approved', {}],
  ['auth/otp-failed', { message: 'Invalid code' }],
  ['auth/otp-verified', {}],
  ['auth/social-requested', { provider: 'discord' }],
  ['auth/social-result-received', { provider: 'discord' }],
  ['auth/social-failed', { provider: 'discord', message: 'Popup closed' }],
  ['auth/user-received', { ...USER, username: 'harbour0', socialProvider: 'discord' }],
  ['siwx/sign-in-needed', { caipAddress: CAIP_ADDRESS }],
  ['siwx/sign-requested', {}],
  ['siwx/sign-failed', { caipAddress: CAIP_ADDRESS, message: 'Error signing message' }],
  ['siwx/cancel-requested', {}],
  ['siwx/failed', { caipAddress: CAIP_ADDRESS, message: 'A problem occurred' }],
  ['siwx/session-verified', { caipAddress: CAIP_ADDRESS, via: 'signature' }],
  ['name/register-requested', { label: 'harbour' }],
  ['name/register-failed', { label: 'harbour', message: 'Name is already taken' }],
  ['name/registered', { address: ADDRESS, name: 'harbour.reown.id' }],
  ['modal/navigate-requested', { view: 'Swap' }],
  ['swap/token-selected', { side: 'from', token: ETH }],
  ['swap/token-selected', { side: 'to', token: TIDE }],
  ['swap/amount-changed', { amount: '0.5' }],
  ['swap/requested', {}],
  ['swap/failed', { message: 'Transaction rejected in the wallet', code: 4001 }],
  ['swap/succeeded', { caipNetworkId: 'eip155:31337', hash: HASH, from: ETH.address, to: TIDE.address, fromAmount: '500000000000000000' }],
  ['modal/navigate-requested', { view: 'OnRampProviders' }],
  ['onramp/purchase-currency-selected', { id: 'USDC' }],
  ['onramp/amount-changed', { amount: '100' }],
  ['onramp/provider-selected', { provider: 'meld' }],
  ['onramp/succeeded', { received: '1000' }],
  ['onramp/failed', { message: 'Buy failed' }],
  ['disconnect/failed', { connectorId: 'io.metamask', namespace: 'eip155', message: 'Failed to disconnect', cause: 'revoke broke', code: -32603 }],
  ['disconnect/succeeded', { connectorId: 'io.metamask', namespace: 'eip155', reason: 'user' }],
  ['modal/close-requested', {}],
]

/** The session folded as tab t1, each event through the analytics projection, as the engine delivers it (contract.ts PublicEvent's `data`). */
function produced(): { type: string; data: PublicEvent['data'] }[] {
  let state: State = initialStateFor('t1')
  return log(...SESSION).flatMap((e) => {
    const before = state
    state = reduce(state, e)
    return analyticsEventsOf(before, state, e).map((data) => ({ type: e.type, data }))
  })
}

/** Each produced name with its property keys and their types, as the table writes them. */
function vocabulary(): Record<string, Record<string, string>> {
  const found: Record<string, Record<string, string>> = {}
  for (const { data } of produced()) {
    const keys = (found[data.event] ??= {})
    for (const [key, value] of Object.entries(data.properties ?? {})) {
      expect(keys[key] ?? typeof value, `${data.event}.${key} has one type`).toBe(typeof value)
      keys[key] = typeof value
    }
  }
  return found
}

describe('the public event stream’s names and properties', () => {
  it('the table names exactly the AnalyticsEventName union of analytics-events.ts', () => {
    const source = readFileSync(new URL('../../src/projections/analytics-events.ts', import.meta.url), 'utf8')
    const union = /export type AnalyticsEventName =([^]*?)\n\n/.exec(source)?.[1] ?? ''
    const names = [...union.matchAll(/\|\s*'([A-Z_]+)'/g)].map((m) => m[1])
    expect(names.length).toBeGreaterThan(0)
    expect(names.sort()).toEqual(Object.keys(PUBLIC_EVENTS).sort())
  })

  it('the session reaches every handler of the projection', () => {
    const reached = new Set(produced().map((x) => x.type))
    expect(Object.keys(ANALYTICS_EVENTS).filter((type) => !reached.has(type))).toEqual([])
  })

  it('the projection produces exactly the table: every name, each with its keys and their types', () => {
    const sorted = (o: Record<string, Record<string, string>>) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, Object.fromEntries(Object.entries(o[k]!).sort())]))
    expect(sorted(vocabulary())).toEqual(sorted(PUBLIC_EVENTS))
  })

  it('every event is a track event; the address, where there is one, is the account’s', () => {
    const all = produced()
    expect(all.every(({ data }) => data.type === 'track')).toBe(true)
    const addresses = new Set(all.flatMap(({ data }) => (data.address === undefined ? [] : [data.address.toLowerCase()])))
    expect([...addresses].sort()).toEqual([ADDRESS.toLowerCase(), OTHER].sort())
  })
})
