import type { Samples } from './samples.js'

const ACCOUNT = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const localnet = { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Localnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } }
const solanaLocalnet = { caipNetworkId: 'solana:GangwayLocaLnet11111111111111111', chainNamespace: 'solana', name: 'Solana Localnet' }

/** Well-formed payloads of the engine's and its services' events (events/catalogue/infra.ts). */
export const infra: Samples = {
  'engine/configured': [
    { projectId: 'gangway-demo', networks: [localnet, solanaLocalnet], enableEmbedded: false, manualWCControl: false, adapterCount: 2, blockchainService: true },
    {
      projectId: 'gangway-demo',
      networks: [localnet],
      defaultNetworkId: 'eip155:31337',
      enableEmbedded: true,
      manualWCControl: false,
      adapterCount: 1,
      walletConnect: false,
      siwx: { signOutOnDisconnect: true, emailCapture: true },
      timeZone: 'Europe/Paris',
      features: { send: true, analytics: false, connectMethodsOrder: ['wallet', 'email'], walletFeaturesOrder: ['send', 'receive'] },
      remoteFeatures: { swaps: false, socials: ['google', 'github'] },
      addressLabels: { '0x70997970C51812dc3A010C7d01b50e0d17dc79C8': 'Treasury' },
      onrampRestrictedTimeZones: ['Asia/Shanghai'],
      swap: { unlimitedApproval: false, routers: { 'eip155:31337': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', kind: 'uniswap-v2', weth: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' } } },
      onramp: { meldPublicKey: 'WGJ9:abc_def-1.2' },
      walletConfigService: true,
      nftService: false,
      secureSite: true,
    },
    { projectId: 'p', networks: [], enableEmbedded: false, manualWCControl: true, adapterCount: 0, siwx: { signOutOnDisconnect: false }, remoteFeatures: { socials: false } },
  ],
  'engine/started': [{ mode: 'worker' }, { mode: 'main' }],
  'rpc/supported-chains-fetched': [{ http: ['eip155:31337', 'eip155:31338'], ws: ['eip155:1'] }, { http: [], ws: [] }],
  'origins/fetched': [{ allowedOrigins: ['http://127.0.0.1:*', 'https://example.com'], originAllowed: true }, { allowedOrigins: [], originAllowed: false }],
  'origins/failed': [{ message: 'RATE_LIMITED' }],
  'features/remote-config-fetched': [
    { features: { swaps: true, onramp: false, email: true, socials: ['google', 'x', 'apple'], activity: true, branding: false, multiWallet: false, emailCapture: true } },
    { features: { socials: false } },
    { features: {} },
  ],
  'features/remote-config-failed': [{ message: 'SERVER_ERROR' }],
  'cache/hit': [
    { cache: 'nativeBalance', key: ACCOUNT, level: 'memory', ageMs: 1969 },
    { cache: 'identity', key: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', level: 'storage', ageMs: 0 },
  ],
  'cache/missed': [{ cache: 'portfolio', key: ACCOUNT }, { cache: 'name', key: 'lookup:alice.reown.id' }],
  'log/event-refused': [{ refusedType: 'connect/succeeded', reason: 'Invalid payload: connect/succeeded' }],
  'engine/effect-failed': [
    { effect: 'balance#4', errorType: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'Cannot read properties of undefined', stack: 'TypeError: Cannot read properties of undefined\n    at balance (https://example.com/…)' },
    { effect: 'send#7', errorType: 'ProviderRequestError', category: 'API_ERROR', message: 'Internal JSON-RPC error.', code: -32603 },
    { effect: 'effect#0', errorType: 'GangwayError', category: 'DATA_PARSING_ERROR', message: '' },
  ],
  'analytics/config-fetched': [{ isAnalyticsEnabled: true }, { isAnalyticsEnabled: false }],
  'analytics/config-failed': [{ message: 'Failed to fetch' }],
  'analytics/sent': [{ events: 12, reports: 0 }, { events: 0, reports: 1 }],
  'analytics/send-failed': [
    { events: 12, reports: 0, dropped: 0, message: 'SERVER_ERROR', status: 503 },
    { events: 0, reports: 1, dropped: 1, message: 'Failed to fetch' },
  ],
  'analytics/forbidden': [{}],
  'analytics/beacon-sent': [{ eventIds: ['4f1c2b9e-2d1a-4c55-9a0e-6c7f0b1d2e3f', 'a1'] }, { eventIds: [] }],
  'debug/test-error-requested': [{ message: 'Gangway test error' }],
}
