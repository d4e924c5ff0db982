// The Solana wallet adapter over Gangway: the visitor connects in the modal; the app picks the wallet
// the modal connected (the page's own Wallet Standard wallet, or "Gangway", the registration of a
// WalletConnect, email or social connection), then reads, signs and sends through the adapter.
import { ConnectionProvider, useConnection, useWallet, WalletProvider } from '@solana/wallet-adapter-react'
import type { WalletName } from '@solana/wallet-adapter-base'
import { LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { createModal } from 'gangway'
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { config, solana } from './config.js'

const modal = createModal({
  projectId: config.projectId,
  networks: [
    {
      id: solana.caipNetworkId.slice('solana:'.length),
      caipNetworkId: solana.caipNetworkId,
      chainNamespace: 'solana',
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [solana.rpcUrl] } },
    },
  ],
  metadata: { name: 'Gangway + Solana', description: 'The Solana wallet adapter example', url: location.origin, icons: [] },
  ...(config.services ? { services: config.services } : {}),
  ...(config.walletConnect ? { walletConnect: config.walletConnect } : {}),
  // The bundle carries the loader; Gangway's other files are copied to ./gangway/ (build.mjs).
  assetsUrl: new URL('./gangway/', location.href).href,
})

/** Follows the modal: once it has a Solana connection, the adapter selects that wallet (autoConnect connects it). */
function useModalWallet() {
  const { wallets, wallet, select, connected, connecting } = useWallet()
  useEffect(() => {
    const sync = () => {
      const account = modal.getAccount('solana')
      if (!account?.isConnected || connected || connecting) return
      const named = wallets.find((w) => w.adapter.name === account.connectedWalletInfo?.name) ?? wallets.find((w) => w.adapter.name === 'Gangway')
      if (named && named.adapter.name !== wallet?.adapter.name) select(named.adapter.name as WalletName)
    }
    sync()
    return modal.subscribeAccount(sync)
  }, [wallets, wallet, select, connected, connecting])
}

function App() {
  useModalWallet()
  const { connection } = useConnection()
  const { wallets, wallet, publicKey, connected, signMessage, sendTransaction, disconnect } = useWallet()
  const [balance, setBalance] = useState('')
  const [signature, setSignature] = useState('')
  const [sent, setSent] = useState('')
  const [to, setTo] = useState('')
  const [error, setError] = useState('')
  const act = (f: () => Promise<void>) => () => {
    setError('')
    f().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
  }

  const list = (
    <p>
      The adapter's wallets: <output id="wallets">{wallets.map((w) => w.adapter.name).join(', ')}</output>
    </p>
  )
  if (!connected || !publicKey)
    return (
      <section>
        <p id="status">disconnected</p>
        {list}
      </section>
    )
  return (
    <section>
      {list}
      <p>
        <output id="status">connected</output> with <output id="wallet">{wallet?.adapter.name}</output>: <output id="address">{publicKey.toBase58()}</output>{' '}
        <button id="disconnect" onClick={act(() => disconnect())}>
          Disconnect with the adapter
        </button>
      </p>
      <p>
        <button id="balance" onClick={act(async () => setBalance(String(await connection.getBalance(publicKey))))}>
          Read balance
        </button>{' '}
        <output id="balance-out">{balance && `${balance} lamports`}</output>
      </p>
      <p>
        <button
          id="sign"
          onClick={act(async () => {
            if (!signMessage) throw new Error('This wallet cannot sign messages')
            const bytes = await signMessage(new TextEncoder().encode('Hello from the Solana wallet adapter'))
            setSignature(btoa(String.fromCharCode(...bytes)))
          })}
        >
          Sign
        </button>{' '}
        <output id="signature">{signature}</output>
      </p>
      <p>
        <input id="to" placeholder="receiver (base58)" aria-label="Receiver" size={46} value={to} onChange={(e) => setTo(e.target.value)} />{' '}
        <button
          id="send"
          onClick={act(async () => {
            const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
            const tx = new Transaction({ feePayer: publicKey, blockhash, lastValidBlockHeight }).add(SystemProgram.transfer({ fromPubkey: publicKey, toPubkey: new PublicKey(to), lamports: LAMPORTS_PER_SOL / 100 }))
            const sig = await sendTransaction(tx, connection)
            setSent(`sent ${sig}`)
            await connection.confirmTransaction({ signature: sig, blockhash, lastValidBlockHeight }, 'confirmed')
            setSent(`landed ${sig}`)
          })}
        >
          Send 0.01 SOL
        </button>{' '}
        <output id="sent">{sent}</output>
      </p>
      <p>
        <output id="error">{error}</output>
      </p>
    </section>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConnectionProvider endpoint={solana.rpcUrl}>
      <WalletProvider wallets={[]} autoConnect>
        <App />
      </WalletProvider>
    </ConnectionProvider>
  </StrictMode>,
)
