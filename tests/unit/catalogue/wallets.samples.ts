import type { Samples } from './samples.js'

const metamask = {
  id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
  name: 'MetaMask',
  image_id: '018b2d52-10e9-4158-1fde-a5d5bac5aa00',
  image_url: 'https://api.web3modal.org/getWalletImage/018b2d52-10e9-4158-1fde-a5d5bac5aa00',
  mobile_link: 'metamask://',
  desktop_link: null,
  webapp_link: 'https://metamask.io/',
  rdns: 'io.metamask',
  chains: ['eip155:1', 'eip155:137'],
}
const phantom = { id: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393', name: 'Phantom', rdns: null }
const plain = { id: '35640cb54380d7ba3fdd416166e915313b5ab560f7cd88f596e1d53c5c082766', name: 'Localnet WalletConnect Wallet' }

/** Well-formed payloads of the wallet registry's events (events/catalogue/wallets.ts). */
export const wallets: Samples = {
  'wallets/page-requested': [{ page: 1 }, { page: 3 }],
  'wallets/page-fetched': [
    { page: 1, count: 420, wallets: [metamask, phantom, plain] },
    { page: 2, count: 420, wallets: [plain], received: 2 },
    { page: 11, count: 420, wallets: [] },
  ],
  'wallets/page-failed': [{ page: 2, message: 'Failed to fetch' }],
  'wallets/search-requested': [{ query: 'meta' }, { query: '  phantom ' }, { query: '' }],
  'wallets/search-fetched': [{ query: 'meta', count: 2, wallets: [metamask, plain] }, { query: 'zzz', count: 0, wallets: [] }],
  'wallets/search-failed': [{ query: 'meta', message: 'HTTP 503' }],
  'wallets/lists-fetched': [{ featured: [metamask], recommended: [phantom, plain], count: 420 }, { featured: [], recommended: [], count: 0 }],
  'wallets/lists-failed': [{ message: 'Failed to fetch' }],
}
