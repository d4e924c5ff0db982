/**
 * The localnet WalletConnect relay with real clients: a dApp on @walletconnect/sign-client and a
 * wallet on @reown/walletkit pair through it, the wallet approves the session, and a personal_sign
 * request and its answer cross it both ways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignClient } from '@walletconnect/sign-client'
import { Core } from '@walletconnect/core'
import { WalletKit } from '@reown/walletkit'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import { startRelay, type Relay } from '../../localnet/walletconnect/relay.js'
import { freePort } from '../../localnet/ports.js'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const metadata = (name: string) => ({ name, description: name, url: 'http://127.0.0.1', icons: [] })

let relay: Relay
beforeAll(async () => {
  relay = await startRelay({ port: await freePort() })
})
afterAll(async () => {
  await relay?.stop()
})

describe('WalletConnect relay', () => {
  it('pairs a dApp and a wallet, settles a session, and carries a request and its answer', async () => {
    // Telemetry off: nothing may leave 127.0.0.1.
    const dapp = await SignClient.init({ projectId: 'gangway-test', relayUrl: relay.url, metadata: metadata('dapp'), customStoragePrefix: `dapp-${Date.now()}`, telemetryEnabled: false })
    const core = new Core({ projectId: 'gangway-test', relayUrl: relay.url, customStoragePrefix: `wallet-${Date.now()}`, telemetryEnabled: false })
    const wallet = await WalletKit.init({ core, metadata: metadata('wallet') })

    wallet.on('session_proposal', async (proposal) => {
      const namespaces = buildApprovedNamespaces({
        proposal: proposal.params,
        supportedNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'], accounts: [`eip155:31337:${ACCOUNT}`] } },
      })
      await wallet.approveSession({ id: proposal.id, namespaces })
    })
    wallet.on('session_request', async ({ topic, id, params }) => {
      await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: `signed:${String((params.request.params as string[])[0])}` } })
    })

    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['accountsChanged'] } } })
    expect(uri).toMatch(/^wc:/)
    await wallet.pair({ uri: uri! })
    const session = await approval()
    expect(session.namespaces.eip155!.accounts).toEqual([`eip155:31337:${ACCOUNT}`])

    const answer = await dapp.request({ topic: session.topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] } })
    expect(answer).toBe('signed:0x68656c6c6f')
    expect(relay.published()).toBeGreaterThanOrEqual(4)

    await dapp.core.relayer.transportClose().catch(() => undefined)
    await core.relayer.transportClose().catch(() => undefined)
  })
})
