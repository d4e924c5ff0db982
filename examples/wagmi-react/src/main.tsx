// wagmi's hooks through Gangway: connect and disconnect here or in the modal, and both follow.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { erc20Abi, formatEther, isAddress, parseEther, parseUnits } from 'viem'
import { useBalance, useConnect, useConnection, useConnectors, useDisconnect, useSendTransaction, useSignMessage, useSwitchChain, useWaitForTransactionReceipt, useWriteContract, WagmiProvider } from 'wagmi'
import { config } from './config.js'
import { wagmiConfig } from './wagmi.js'

function Wallet() {
  const { address, chainId, status } = useConnection()
  const connectors = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  const balance = useBalance({ address })
  const sign = useSignMessage()
  const send = useSendTransaction()
  const write = useWriteContract()
  const switchChain = useSwitchChain()
  const sent = useWaitForTransactionReceipt({ hash: send.data })
  const written = useWaitForTransactionReceipt({ hash: write.data })
  const [to, setTo] = useState('')
  const error = connect.error ?? sign.error ?? send.error ?? write.error ?? switchChain.error

  if (status !== 'connected') {
    return (
      <p>
        <button id="connect" onClick={() => connect.mutate({ connector: connectors[0]! })}>
          Connect with wagmi
        </button>{' '}
        <output id="status">{status}</output> <output id="error">{error?.message.split('\n')[0]}</output>
      </p>
    )
  }
  return (
    <section>
      <p>
        <output id="status">{status}</output>: <output id="address">{address}</output> on chain <output id="chain">{chainId}</output>{' '}
        <button id="disconnect" onClick={() => disconnect.mutate()}>
          Disconnect with wagmi
        </button>
      </p>
      <p>
        Balance: <output id="balance">{balance.data ? `${formatEther(balance.data.value)} ${balance.data.symbol}` : ''}</output>
      </p>
      <p>
        {wagmiConfig.chains.map((c) => (
          <button key={c.id} data-switch={c.id} disabled={c.id === chainId} onClick={() => switchChain.mutate({ chainId: c.id })}>
            Switch to {c.name}
          </button>
        ))}
      </p>
      <p>
        <button id="sign" onClick={() => sign.mutate({ message: 'Hello from wagmi' })}>
          Sign
        </button>{' '}
        <output id="signature">{sign.data}</output>
      </p>
      <p>
        <input id="to" placeholder="0x… receiver" aria-label="Receiver" size={44} value={to} onChange={(e) => setTo(e.target.value)} />{' '}
        <button id="send" disabled={!isAddress(to)} onClick={() => isAddress(to) && send.mutate({ to, value: parseEther('0.01') })}>
          Send 0.01 ETH
        </button>{' '}
        <output id="sent">{sent.data ? `landed in block ${sent.data.blockNumber}` : send.data ? `sent ${send.data}` : ''}</output>
      </p>
      {config.token ? (
        <p>
          <button id="write" disabled={!isAddress(to)} onClick={() => isAddress(to) && write.mutate({ address: config.token!, abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits('1', 18)] })}>
            Send 1 token (useWriteContract)
          </button>{' '}
          <output id="written">{written.data ? `landed in block ${written.data.blockNumber}` : write.data ? `sent ${write.data}` : ''}</output>
        </p>
      ) : null}
      <p>
        <output id="error">{error?.message.split('\n')[0]}</output>
      </p>
    </section>
  )
}

const queryClient = new QueryClient()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <Wallet />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
