import type { Samples } from './samples.js'

const account = '0x00000000000000000000000000000000000000ab'
const receiver = '0x00000000000000000000000000000000000000cd'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const router = '0x1111111254EEB25477B68fb85Ed929f73A960582'
const native = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const hash = '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b'
const batch = '0x5f2c8a1e'
const from = `eip155:1:${native}`
const to = `eip155:1:${usdc}`
const transferData = `0xa9059cbb000000000000000000000000${receiver.slice(2)}00000000000000000000000000000000000000000000000000000000000f4240`

/** Well-formed payloads of the send, swap, batch and preview events (events/catalogue/trade.ts). */
export const trade: Samples = {
  'send/token-selected': [
    { token: { caipNetworkId: 'eip155:31337', address: usdc, name: 'USD Coin', symbol: 'USDC', decimals: 6, balance: '1000000', iconUrl: 'https://example.com/usdc.png' } },
    { token: { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana', symbol: 'SOL', decimals: 9 } },
  ],
  'send/amount-changed': [{ amount: '1.5' }, { amount: '' }],
  'send/receiver-changed': [{ receiver }, { receiver: 'vitalik.eth' }, { receiver: '' }],
  'send/requested': [{}],
  'send/submitted': [{ caipNetworkId: 'eip155:31337', hash }],
  'send/succeeded': [{ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', hash: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW' }],
  'send/failed': [{ message: 'Transaction rejected in the wallet', code: 4001 }, { message: 'Not connected' }, { message: 'Internal error', code: -32603 }],
  'tx-preview/requested': [
    { id: '9f86d081884c7d65', caipNetworkId: 'eip155:31337', from: account, call: { to: usdc, data: transferData, valueWei: '0' } },
    { id: 'send', caipNetworkId: 'eip155:1', from: account, call: { valueWei: '1000000000000000000' } },
  ],
  'tx-preview/simulated': [
    {
      id: '9f86d081884c7d65',
      caipNetworkId: 'eip155:31337',
      account,
      calls: [
        { kind: 'erc20-transfer', to: usdc, value: '0', token: { address: usdc, symbol: 'USDC', decimals: 6 }, recipient: receiver, amount: '1000000' },
        { kind: 'erc20-approve', to: usdc, value: '0', token: { address: usdc }, spender: router, amount: '0' },
        { kind: 'erc20-transfer-from', to: usdc, value: '0', token: { address: usdc, symbol: 'USDC' }, owner: account, recipient: receiver, amount: '5' },
        { kind: 'erc721-approval-for-all', to: receiver, value: '0', spender: router, approved: false },
        { kind: 'erc721-transfer', to: receiver, value: '0', owner: account, recipient: receiver, tokenId: '42' },
        {
          kind: 'swap',
          to: router,
          value: '1000',
          swapFrom: { address: native, symbol: 'ETH', decimals: 18 },
          swapTo: { address: usdc, symbol: 'USDC', decimals: 6 },
          amount: '1000',
          minOut: '990',
          recipient: account,
        },
        { kind: 'contract-call', to: router, value: '0', selector: '0x12aa3caf' },
        { kind: 'contract-creation', value: '0' },
      ],
      batch: { id: batch, index: 1 },
      simulated: true,
      failed: 2,
      changes: [
        { token: native, diff: '-1000', symbol: 'ETH', decimals: 18 },
        { token: usdc, diff: '990' },
      ],
      approvals: [
        { token: usdc, spender: router, kind: 'approval', symbol: 'USDC' },
        { token: receiver, spender: router, kind: 'approval-for-all' },
      ],
    },
    {
      id: 'send',
      caipNetworkId: 'eip155:1',
      account,
      calls: [{ kind: 'native-transfer', to: receiver, value: '1000000000000000000', recipient: receiver }],
      send: { token: usdc, amount: '1000000', receiver },
      simulated: false,
      changes: [],
      approvals: [],
    },
    {
      id: 'send',
      caipNetworkId: 'eip155:1',
      account,
      calls: [{ kind: 'erc721-approve', to: receiver, value: '0', spender: router, tokenId: '7' }],
      send: { amount: '5', receiver },
      simulated: true,
      changes: [{ token: native, diff: '0' }],
      approvals: [],
    },
  ],
  'swap/token-selected': [
    { side: 'from', token: { name: 'Ether', symbol: 'ETH', address: from, decimals: 18, logoUri: 'https://example.com/eth.png' } },
    { side: 'to', token: { name: 'USD Coin', symbol: 'USDC', address: to, decimals: 6 } },
    { side: 'to', token: { name: 'USD Coin', symbol: 'USDC', address: to, decimals: 6, logoUri: 'javascript:alert(1)' } },
  ],
  'swap/amount-changed': [{ amount: '0.25' }, { amount: '' }],
  'swap/token-list-requested': [{ side: 'from' }, { side: 'to' }],
  'swap/quote-fetched': [
    { from, to, fromAmount: '1000000000000000000', toAmount: '2500000000', fromPrice: 2500.5, toPrice: 1, nativePrice: 0, gasPrice: '30000000000', gas: '180000', fee: '0' },
    { from, to, fromAmount: '1', toAmount: '0' },
  ],
  'swap/quote-failed': [{ from, to, fromAmount: '1000', message: 'Insufficient liquidity' }],
  'swap/tokens-fetched': [
    {
      caipNetworkId: 'eip155:1',
      tokens: [
        { name: 'Ether', symbol: 'ETH', address: from, decimals: 18, logoUri: 'https://example.com/eth.png' },
        { name: 'USD Coin', symbol: 'USDC', address: to, decimals: 6 },
      ],
    },
    { caipNetworkId: 'eip155:8453', tokens: [] },
  ],
  'swap/tokens-failed': [{ caipNetworkId: 'eip155:31337', message: 'Network not supported for Swaps' }, { message: 'Error fetching swap tokens' }],
  'swap/checked': [
    {
      from: to,
      to: from,
      typedAmount: '1000000',
      fromAmount: '1000000',
      minimum: '390000000000000',
      transactions: [
        { kind: 'reset', to: usdc, data: '0x095ea7b3', value: '0', gas: '50000' },
        { kind: 'approve', to: usdc, data: '0x095ea7b3', value: '0' },
        { kind: 'swap', to: router, data: '0x12aa3caf00', value: '0', gas: '200000' },
      ],
      tokens: [
        { address: to, symbol: 'USDC', decimals: 6 },
        { address: from, symbol: 'ETH', decimals: 18 },
      ],
      simulated: true,
      changes: [
        { token: to, diff: '-1000000', symbol: 'USDC', decimals: 6 },
        { token: from, diff: '400000000000000' },
      ],
    },
    { from, to, typedAmount: '1000', fromAmount: '900', minimum: '1', transactions: [{ kind: 'swap', to: router, data: '0x', value: '900' }], tokens: [], simulated: false },
  ],
  'swap/check-failed': [
    { from, to, typedAmount: '1000', message: 'Insufficient balance', details: 'execution reverted' },
    { from, to, typedAmount: '0', message: 'Error building swap' },
  ],
  'swap/requested': [{}],
  'swap/approval-submitted': [{ caipNetworkId: 'eip155:1', hash }],
  'swap/submitted': [{ caipNetworkId: 'eip155:1', hash }],
  'swap/succeeded': [{ caipNetworkId: 'eip155:1', hash, from, to, fromAmount: '1000000000000000000' }],
  'swap/failed': [{ message: 'User rejected the request.', code: 4001 }, { message: 'Insufficient balance' }],
  'calls/requested': [
    {
      id: batch,
      connectorId: 'io.metamask',
      caipNetworkId: 'eip155:31337',
      from: account,
      calls: [{ to: usdc, data: transferData, valueWei: '0' }, { to: receiver, valueWei: '1000' }, { data: '0x6080', valueWei: '0' }],
    },
  ],
  'calls/sent': [{ id: batch, index: 0, hash }],
  'calls/landed': [{ id: batch, index: 9, success: true }, { id: batch, index: 1, success: false }],
  'calls/failed': [{ id: batch, index: 0, message: 'User rejected the request.', code: 4001 }, { id: batch, index: 2, message: 'The call was not sent' }],
}
