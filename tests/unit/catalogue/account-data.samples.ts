import type { Samples } from './samples.js'

const address = '0x00000000000000000000000000000000000000aB'
const caipAddress = `eip155:1:${address}`
const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const usdc = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const native = 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

const holdings = [
  {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:1',
    address: usdc,
    value: 12.5,
    price: 1,
    quantity: { decimals: '6', numeric: '12.5' },
    iconUrl: 'https://cdn.example.com/usdc.png',
  },
  { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', quantity: { decimals: '18', numeric: '0.25' } },
]
const collection = 'eip155:1:0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D'
const nfts = [
  { chain: 'eip155:1', contract: collection, tokenId: '42', name: 'Ape #42', collectionName: 'Apes', imageUrl: 'https://cdn.example.com/42.png', spam: false },
  { chain: 'eip155:1', contract: collection, tokenId: '7', name: '#7', spam: true },
]
const transactions = [
  {
    id: 'tx-1',
    metadata: {
      operationType: 'send',
      hash: `0x${'ab'.repeat(32)}`,
      minedAt: '2024-05-01T12:00:00Z',
      sentFrom: address,
      sentTo: '0x00000000000000000000000000000000000000cd',
      status: 'confirmed',
      chain: 'eip155:1',
    },
    transfers: [{ fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'https://cdn.example.com/usdc.png' } }, direction: 'out', quantity: { numeric: '5' }, value: 5 }],
  },
  { id: 'tx-2', metadata: { minedAt: '2024-05-02T08:30:00Z', chain: 'eip155:1' }, transfers: [] },
]

/** Well-formed payloads of the account data events (events/catalogue/account-data.ts). */
export const accountData: Samples = {
  'balance/fetch-requested': [
    { caipAddress, reason: 'connected' },
    { caipAddress, reason: 'modal-opened' },
    { caipAddress, reason: 'new-block' },
    { caipAddress: solana, reason: 'account-changed' },
    { caipAddress, reason: 'manual' },
  ],
  'balance/fetched': [
    { caipAddress, decimals: 18, symbol: 'ETH', valueWei: '1250000000000000000' },
    { caipAddress: solana, decimals: 9, symbol: 'SOL', valueLamports: '0' },
  ],
  'balance/failed': [{ caipAddress, message: 'HTTP request failed.' }],
  'balance/fetch-skipped': [{ caipAddress, reason: 'retry-blocked', retryInMs: 12000 }],
  'tokens/fetch-requested': [{ caipAddress }],
  'tokens/fetched': [{ caipAddress, balances: [{ address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', value: '12500000' }] }, { caipAddress, balances: [] }],
  'tokens/failed': [{ caipAddress, message: 'HTTP request failed.' }],
  'account/tab-selected': [{ tab: 'Tokens' }, { tab: 'NFTs' }, { tab: 'Activity' }],
  'account/tab-approached': [{ tab: 'NFTs' }, { tab: 'Activity' }],
  'portfolio/fetch-requested': [{ caipAddress }, { caipAddress, forceUpdate: true, tokens: [usdc, native] }, { caipAddress: solana, forceUpdate: false }],
  'portfolio/fetched': [{ caipAddress, balances: holdings }, { caipAddress: solana, balances: [] }],
  'portfolio/failed': [{ caipAddress, message: 'HTTP request failed.' }],
  'portfolio/fetch-skipped': [
    { caipAddress, reason: 'retry-blocked', retryInMs: 29000 },
    { caipAddress: 'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', reason: 'unsupported-network' },
  ],
  'portfolio/fetch-cancelled': [{ caipAddress }],
  'nfts/fetch-requested': [{ caipAddress }],
  'nfts/fetched': [{ caipAddress, nfts }, { caipAddress, nfts: [] }],
  'nfts/failed': [{ caipAddress, message: 'Service not configured: nfts' }],
  'nfts/fetch-cancelled': [{ caipAddress }],
  'history/fetch-requested': [{ caipAddress }, { caipAddress, cursor: 'page-2' }],
  'history/fetched': [{ caipAddress, transactions, next: 'page-2' }, { caipAddress, cursor: 'page-2', transactions: [] }],
  'history/failed': [{ caipAddress, message: 'HTTP request failed.' }, { caipAddress, cursor: 'page-2', message: 'HTTP request failed.' }],
  'history/fetch-cancelled': [{ caipAddress }, { caipAddress, cursor: 'page-2' }],
  'identity/fetch-requested': [{ address }],
  'identity/fetched': [{ address, name: 'alice.eth', avatar: 'https://cdn.example.com/alice.svg' }, { address }],
  'identity/failed': [{ address, message: 'HTTP request failed.' }],
  'identity/fetch-cancelled': [{ address }],
}
