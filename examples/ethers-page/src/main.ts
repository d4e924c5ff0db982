// Gangway's modal connects the wallet; ethers v6 reads, signs and sends through it:
// `new BrowserProvider(modal.getWalletProvider('eip155'))`.
import { BrowserProvider, formatEther, isAddress, parseEther } from 'ethers'
import { createModal } from 'gangway'
import { config } from './config.js'

const modal = createModal({
  projectId: config.projectId,
  networks: [
    {
      id: config.chainId,
      caipNetworkId: `eip155:${config.chainId}`,
      chainNamespace: 'eip155',
      name: config.chainId === 1 ? 'Ethereum' : `Chain ${config.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [config.rpcUrl] } },
    },
  ],
  metadata: { name: 'Gangway + ethers', description: 'The ethers example', url: location.origin, icons: [] },
  ...(config.services ? { services: config.services } : {}),
  ...(config.walletConnect ? { walletConnect: config.walletConnect } : {}),
  // The bundle carries the loader; Gangway's other files are copied to ./gangway/ (build.mjs).
  assetsUrl: new URL('./gangway/', location.href).href,
})

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T
/** ethers over the modal's EIP-1193 provider; 'any' follows the wallet across network switches. */
const ethersProvider = () => new BrowserProvider(modal.getWalletProvider('eip155'), 'any')

/** Runs an action, showing its error as text. */
const act = (f: () => Promise<void>) => () => {
  $('error').textContent = ''
  f().catch((e: unknown) => ($('error').textContent = e instanceof Error ? e.message : String(e)))
}

/** Shows the EVM account the modal has connected, if any. */
const showAccount = () => {
  const evm = modal.getAccount('eip155')
  $('wallet').hidden = !evm?.isConnected
  $('address').textContent = evm?.address ?? ''
  $('chain').textContent = evm?.caipAddress?.split(':')[1] ?? ''
}
modal.subscribeAccount(showAccount)
showAccount()

$('balance').addEventListener(
  'click',
  act(async () => {
    const provider = ethersProvider()
    const signer = await provider.getSigner()
    $('balance-out').textContent = `${formatEther(await provider.getBalance(signer.address))} ETH`
  }),
)
$('sign').addEventListener(
  'click',
  act(async () => {
    const signer = await ethersProvider().getSigner()
    $('signature').textContent = await signer.signMessage($<HTMLInputElement>('message').value)
  }),
)
$('send').addEventListener(
  'click',
  act(async () => {
    const to = $<HTMLInputElement>('to').value.trim()
    if (!isAddress(to)) throw new Error('Enter a receiver address')
    const signer = await ethersProvider().getSigner()
    const tx = await signer.sendTransaction({ to, value: parseEther($<HTMLInputElement>('amount').value) })
    $('tx').textContent = `sent ${tx.hash}`
    const receipt = await tx.wait()
    $('tx').textContent = `landed ${tx.hash} in block ${receipt?.blockNumber}`
  }),
)
// ethers has no disconnect: the site revokes its permission (EIP-2255) through the same provider,
// the wallet drops the site's accounts, and the modal follows.
$('disconnect').addEventListener(
  'click',
  act(async () => {
    await ethersProvider().send('wallet_revokePermissions', [{ eth_accounts: {} }])
  }),
)
