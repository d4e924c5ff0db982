import type { Samples } from './samples.js'

const evmAddress = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const otherEvmAddress = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
const solanaNetwork = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const wallet = {
  id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
  name: 'MetaMask',
  rdns: 'io.metamask',
  imageUrl: 'https://api.example.com/v2/wallet-image/200x200/5195e9db.png',
  mobileLink: 'metamask://',
  desktopLink: 'https://metamask.app.link/',
  webappLink: 'https://portfolio.metamask.io/',
}

/** Well-formed payloads of the connection events (events/catalogue/connection.ts). */
export const connection: Samples = {
  'connectors/discovered': [
    {
      connectors: [
        { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+', rdns: 'io.metamask' },
        { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155', imageUrl: 'https://example.com/icon.png' },
        { id: 'phantom', type: 'ANNOUNCED', name: 'Phantom', chain: 'solana' },
      ],
    },
    { connectors: [] },
  ],
  'connect/requested': [
    { connectorId: 'io.metamask', namespace: 'eip155', wallet },
    { connectorId: 'walletConnect', namespace: 'solana', wallet: { id: 'phantom', name: 'Phantom' } },
    { connectorId: 'injected', namespace: 'eip155' },
  ],
  'connect/succeeded': [
    { connectorId: 'io.metamask', namespace: 'eip155', caipAddress: `eip155:31337:${evmAddress}`, via: 'prompt', wallet, accounts: [evmAddress, otherEvmAddress], mode: 'add' },
    { connectorId: 'phantom', namespace: 'solana', caipAddress: `${solanaNetwork}:${solanaAddress}`, via: 'restore', accounts: [solanaAddress], mode: 'replace' },
    { connectorId: 'injected', namespace: 'eip155', caipAddress: `eip155:1:${evmAddress}`, via: 'restore' },
  ],
  'connect/failed': [
    { connectorId: 'io.metamask', namespace: 'eip155', message: 'User rejected the request.', code: 4001 },
    { connectorId: 'phantom', namespace: 'solana', message: 'Failed to connect' },
  ],
  'wallet/accounts-changed': [
    { connectorId: 'io.metamask', namespace: 'eip155', addresses: [evmAddress, otherEvmAddress] },
    { connectorId: 'phantom', namespace: 'solana', addresses: [solanaAddress] },
    { connectorId: 'walletConnect', namespace: 'bip122', addresses: ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'] },
    { connectorId: 'io.metamask', namespace: 'eip155', addresses: [] },
  ],
  'wallet/chain-changed': [
    { connectorId: 'io.metamask', namespace: 'eip155', caipNetworkId: 'eip155:31337' },
    { connectorId: 'phantom', namespace: 'solana', caipNetworkId: solanaNetwork },
  ],
  'wallet/disconnected': [{ connectorId: 'io.metamask', namespace: 'eip155' }],
  'network/switch-requested': [{ caipNetworkId: 'eip155:31337' }, { caipNetworkId: solanaNetwork }],
  'network/active-chain-switch-requested': [{ caipNetworkId: solanaNetwork }],
  'network/switched': [{ caipNetworkId: 'eip155:1' }],
  'network/switch-failed': [{ caipNetworkId: 'eip155:10', message: 'Unrecognized chain ID', code: 4902 }, { caipNetworkId: 'eip155:10', message: 'Failed to switch network' }],
  'account-type/switch-requested': [
    { namespace: 'eip155', accountType: 'smartAccount' },
    { namespace: 'eip155', accountType: 'eoa' },
    { namespace: 'bip122', accountType: 'payment' },
  ],
  'disconnect/requested': [
    {},
    { namespace: 'eip155' },
    { namespace: 'eip155', connectorId: 'io.metamask' },
    { namespace: 'solana', all: true },
    { all: false },
  ],
  'disconnect/succeeded': [
    { connectorId: 'io.metamask', namespace: 'eip155', reason: 'user' },
    { connectorId: 'phantom', namespace: 'solana', reason: 'wallet' },
    { connectorId: 'injected', namespace: 'eip155', reason: 'restore-failed' },
  ],
  'disconnect/failed': [
    { connectorId: 'io.metamask', namespace: 'eip155', message: 'Failed to disconnect', cause: 'Internal JSON-RPC error.', code: -32603 },
    { connectorId: 'walletConnect', namespace: 'eip155', message: 'Failed to disconnect', cause: '' },
  ],
  'connection/switch-requested': [
    { namespace: 'eip155', connectorId: 'io.metamask', address: otherEvmAddress },
    { namespace: 'solana', connectorId: 'phantom', address: solanaAddress },
    { namespace: 'eip155', connectorId: 'injected' },
  ],
  'connection/switched': [
    { namespace: 'eip155', connectorId: 'io.metamask', caipAddress: `eip155:31337:${otherEvmAddress}`, wallet: false },
    { namespace: 'solana', connectorId: 'phantom', caipAddress: `${solanaNetwork}:${solanaAddress}`, wallet: true },
  ],
  'address-label/set-requested': [{ address: evmAddress, label: 'Treasury' }, { address: solanaAddress, label: '' }],
  'connection/switch-failed': [{ namespace: 'eip155', connectorId: 'io.metamask', message: 'The wallet no longer exposes this account' }],
  'walletconnect/pairing-created': [{ pairingTopic: '7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9', expiresAt: 1735689840 }],
  'walletconnect/pairing-expired': [{ pairingTopic: '7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9' }],
  'walletconnect/pairing-requested': [{}],
  'walletconnect/pairing-reset-requested': [{}],
  'walletconnect/pairing-failed': [{ message: 'WebSocket connection closed abnormally with code: 3000 (Unauthorized: invalid key)' }, { message: 'WalletConnect is off', errorId: 'walletConnectOff' }],
  'walletconnect/deep-link-opened': [{ name: 'MetaMask', href: 'metamask://' }, { name: 'Rainbow', href: 'https://rnbwapp.com/' }],
  'legal/acceptance-changed': [{ accepted: true }, { accepted: false }],
}
