/**
 * The Localnet WalletConnect wallet: a Node service on `@reown/walletkit` that stands in for a
 * visitor's mobile wallet. It pairs with a `wc:` URI and, on command, approves or rejects the
 * session proposal; it answers personal_sign, eth_signTypedData_v4, eth_sendTransaction (sent
 * through anvil), wallet_switchEthereumChain, solana_signMessage and solana_signTransaction, and on
 * bip122 (as Reown's sample wallet, web-examples react-wallet-v2 `Bip122Lib.ts`, answers them):
 * getAccountAddresses, signMessage (the legacy prefixed form, hex; BIP-322 with `protocol:
 * 'bip322'`), signPsbt (its inputs signed and finalised, base64; broadcast on request) and
 * sendTransfer (built, signed and broadcast by the wallet through the regtest's Esplora).
 *
 * Control over HTTP on 127.0.0.1 (control.ts): every call carries `authorization: Bearer <token>`
 * (`WalletConnectWallet.token`), and a browser may call only from `allowedOrigins` (the demo site,
 * whose page drives it too); anything else answers 403 and does nothing. Routes:
 * - POST /pair `{ uri }`: pairs; the proposal waits in GET /proposals (`[{ id, name, pairingTopic }]`,
 *   one entry per proposal: one the relay delivers again, or delivers after it was answered, is not
 *   shown twice).
 * - POST /approve, POST /reject `{ id? }`: answers the given (default: the oldest) proposal.
 * - GET /sessions: `[{ topic, accounts, peer }]`.
 * - POST /disconnect `{ topic? }`: deletes a session (default: every session), as a wallet user would.
 * - GET /requests: the methods answered so far.
 * Demo and test tooling only.
 */
import { Core } from '@walletconnect/core'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, defineChain, http, isHex, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { Keypair, Transaction, VersionedTransaction } from '@solana/web3.js'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { base64 } from '@scure/base'
import { Transaction as BitcoinTransaction } from '@scure/btc-signer'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { ControlError, newControlToken, startControlServer } from './control.js'
import { bitcoinAccounts, signBitcoinMessage, signPsbt } from '../wallet/bitcoin-sign.js'
import { bitcoinTransfer } from '../../src/chains/bip122/transfer.js'

/** anvil's dev mnemonic; the WalletConnect wallet uses accounts 5 and 6 (the injected Localnet Wallet uses 0 to 2). */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
export const WALLETCONNECT_WALLET_ACCOUNT_INDEX = 5

export interface WalletConnectWallet {
  /** Control base URL, http://127.0.0.1:port. */
  url: string
  /** The control token every call must send as `authorization: Bearer <token>`. */
  token: string
  /** The EVM account it signs with. */
  address: Hex
  /** Its Solana account (base58). */
  solanaAddress: string
  /** Its Bitcoin payment address (P2WPKH), when it serves Bitcoin. */
  bitcoinAddress?: string
  stop(): Promise<void>
}

export interface WalletConnectWalletOptions {
  /** Control port on 127.0.0.1; 0 picks a free one. */
  port: number
  /** The control token; default a fresh random one (control.ts `newControlToken`). */
  token?: string
  /** Browser origins allowed to call the control service (the demo site); default none. */
  allowedOrigins?: string[]
  relayUrl: string
  /** The EVM chains it serves: chain id → RPC URL. */
  chains: { chainId: number; rpcUrl: string }[]
  /** The Solana network it serves (CAIP-2), if any. */
  solanaCaipNetworkId?: string
  /** The 32-byte seed of its Solana keypair; default a fresh keypair. */
  solanaSeed?: Uint8Array
  /** The Bitcoin network it serves (CAIP-2), its Esplora, and its key (hex, no 0x), if any. */
  bitcoin?: { caipNetworkId: string; esploraUrl: string; keyHex: string }
}

const EVM_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'eth_accounts', 'eth_chainId']
const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_getAccounts']
const BIP122_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer']

/**
 * Starts the wallet (its WalletKit on `relayUrl`) and its control service; resolves once the
 * service listens. Throws what WalletKit.init throws (e.g. an unreachable relay), or
 * "The control token must be at least 16 characters" for a short `token`.
 */
export async function startWalletConnectWallet(o: WalletConnectWalletOptions): Promise<WalletConnectWallet> {
  // Two EVM accounts in every session (issue 18: a WalletConnect session can carry several); it
  // signs with the one a request names (`from`, or personal_sign's address), else the first.
  const evmAccounts = [WALLETCONNECT_WALLET_ACCOUNT_INDEX, WALLETCONNECT_WALLET_ACCOUNT_INDEX + 1].map((addressIndex) => mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }))
  const account = evmAccounts[0]!
  const signer = (address: unknown) => evmAccounts.find((a) => typeof address === 'string' && a.address.toLowerCase() === address.toLowerCase()) ?? account
  const solana = o.solanaSeed ? Keypair.fromSeed(o.solanaSeed) : Keypair.generate()
  const solanaAddress = solana.publicKey.toBase58()
  const bitcoinKey = o.bitcoin ? hexToBytes(o.bitcoin.keyHex) : undefined
  const bitcoinAccount = bitcoinKey ? bitcoinAccounts(bitcoinKey)[0] : undefined
  /** POSTs a raw transaction to the regtest's Esplora; its txid. */
  const broadcast = async (hex: string) => {
    const r = await fetch(`${o.bitcoin!.esploraUrl}/tx`, { method: 'POST', body: hex })
    const text = await r.text()
    if (!r.ok) throw new Error(`Error broadcasting transaction: ${text}`)
    return text
  }
  /** The wallet's own address, or an error for another. */
  const ownBitcoin = (address: unknown) => {
    if (!bitcoinAccount || address !== bitcoinAccount.address) throw new Error(`Unknown address: ${String(address)}`)
    return bitcoinAccount
  }
  const core = new Core({ projectId: 'gangway-localnet-wallet', relayUrl: o.relayUrl, customStoragePrefix: `localnet-wc-wallet-${process.pid}-${Date.now()}`, telemetryEnabled: false, logger: 'silent' })
  const kit = await WalletKit.init({ core, metadata: { name: 'Localnet WalletConnect Wallet', description: 'A wallet for the Gangway localnet', url: 'http://127.0.0.1', icons: [] } })
  const proposals: WalletKitTypes.SessionProposal[] = []
  const answered: string[] = []
  const chainOf = (caip: string) => {
    const chainId = Number(caip.split(':')[1])
    const c = o.chains.find((x) => x.chainId === chainId)
    if (!c) throw new Error(`Unsupported chain ${caip}`)
    return defineChain({ id: chainId, name: `Localnet ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } } })
  }

  /** The ids of the proposals answered (approved or rejected): a late copy of one is not shown again. */
  const settled = new Set<number>()
  kit.on('session_proposal', (p) => {
    if (settled.has(p.id) || proposals.some((x) => x.id === p.id)) return
    proposals.push(p)
  })
  kit.on('session_request', async ({ topic, id, params }) => {
    const { request, chainId } = params
    answered.push(request.method)
    const respond = (result: unknown) => kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
    const fail = (message: string, code = 5000) => kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } })
    try {
      const args = (request.params ?? []) as unknown[]
      switch (request.method) {
        case 'personal_sign':
          return await respond(await signer(args[1]).signMessage({ message: isHex(args[0]) ? { raw: args[0] } : String(args[0]) }))
        case 'eth_signTypedData_v4': {
          const typed = typeof args[1] === 'string' ? JSON.parse(args[1]) : args[1]
          return await respond(await signer(args[0]).signTypedData(typed))
        }
        case 'eth_sendTransaction': {
          const tx = args[0] as { from?: Hex; to: Hex; value?: Hex; data?: Hex; gas?: Hex }
          const client = createWalletClient({ account: signer(tx.from), chain: chainOf(chainId), transport: http() })
          const hash = await client.sendTransaction({ to: tx.to, value: tx.value ? BigInt(tx.value) : 0n, ...(tx.data ? { data: tx.data } : {}), ...(tx.gas ? { gas: BigInt(tx.gas) } : {}) })
          return await respond(hash)
        }
        case 'wallet_switchEthereumChain':
          return await respond(null)
        case 'solana_signMessage': {
          const { message } = request.params as { message: string }
          return await respond({ signature: base58.encode(ed25519.sign(base58.decode(message), solana.secretKey.slice(0, 32))) })
        }
        case 'solana_signTransaction': {
          const { transaction } = request.params as { transaction: string }
          const bytes = Buffer.from(transaction, 'base64')
          let signed: Uint8Array
          try {
            const tx = VersionedTransaction.deserialize(bytes)
            tx.sign([solana])
            signed = tx.serialize()
          } catch {
            const tx = Transaction.from(bytes)
            tx.partialSign(solana)
            signed = tx.serialize({ requireAllSignatures: false })
          }
          return await respond({ transaction: Buffer.from(signed).toString('base64') })
        }
        case 'solana_getAccounts':
          return await respond([{ pubkey: solanaAddress }])
        case 'getAccountAddresses':
          return await respond(bitcoinAccount ? [{ address: bitcoinAccount.address, publicKey: bytesToHex(bitcoinAccount.publicKey), path: "m/84'/1'/0'/0/0", intention: 'payment' }] : [])
        case 'signMessage': {
          const { message, address, protocol } = request.params as { message: string; address: string; protocol?: string }
          const account = ownBitcoin(address)
          const signature = base64.decode(signBitcoinMessage(new TextEncoder().encode(message), account, bitcoinKey!, protocol !== 'bip322'))
          return await respond({ signature: bytesToHex(signature), address })
        }
        case 'signPsbt': {
          const { account, psbt, signInputs, broadcast: send } = request.params as { account: string; psbt: string; signInputs: { address: string; index: number }[]; broadcast?: boolean }
          ownBitcoin(account)
          const tx = BitcoinTransaction.fromPSBT(signPsbt(base64.decode(psbt), signInputs.map((i) => ({ account: { address: i.address }, signingIndexes: [i.index] })), bitcoinKey!))
          tx.finalize()
          return await respond({ psbt: base64.encode(tx.toPSBT()), ...(send ? { txid: await broadcast(tx.hex) } : {}) })
        }
        case 'sendTransfer': {
          const { account, recipientAddress, amount } = request.params as { account: string; recipientAddress: string; amount: string }
          const from = ownBitcoin(account)
          const utxos = ((await (await fetch(`${o.bitcoin!.esploraUrl}/address/${from.address}/utxo`)).json()) as { txid: string; vout: number; value: number }[]).map((u) => ({ txid: u.txid, vout: u.vout, valueSatoshis: BigInt(u.value) }))
          const transfer = bitcoinTransfer({ caipNetworkId: o.bitcoin!.caipNetworkId, sender: { address: from.address }, receiver: recipientAddress, amountSatoshis: BigInt(amount), utxos, feeRate: 2n })
          const tx = BitcoinTransaction.fromPSBT(signPsbt(transfer.psbt, [{ account: from, signingIndexes: transfer.signingIndexes }], bitcoinKey!))
          tx.finalize()
          return await respond({ txid: await broadcast(tx.hex) })
        }
        default:
          return await fail(`Method not supported: ${request.method}`, 4200)
      }
    } catch (error) {
      return await fail(error instanceof Error ? error.message : String(error))
    }
  })

  const take = (id?: number) => {
    const i = id === undefined ? 0 : proposals.findIndex((p) => p.id === id)
    if (i < 0 || !proposals[i]) throw new Error('No pending proposal')
    const p = proposals.splice(i, 1)[0]!
    settled.add(p.id)
    return p
  }
  const approve = async (p: WalletKitTypes.SessionProposal) => {
    const evmChains = o.chains.map((c) => `eip155:${c.chainId}`)
    const supported: Parameters<typeof buildApprovedNamespaces>[0]['supportedNamespaces'] = {
      eip155: { chains: evmChains, methods: EVM_METHODS, events: ['accountsChanged', 'chainChanged'], accounts: evmChains.flatMap((c) => evmAccounts.map((a) => `${c}:${a.address}`)) },
    }
    if (o.bitcoin && bitcoinAccount) supported.bip122 = { chains: [o.bitcoin.caipNetworkId], methods: BIP122_METHODS, events: ['bip122_addressesChanged'], accounts: [`${o.bitcoin.caipNetworkId}:${bitcoinAccount.address}`] }
    if (o.solanaCaipNetworkId) supported.solana = { chains: [o.solanaCaipNetworkId], methods: SOLANA_METHODS, events: [], accounts: [`${o.solanaCaipNetworkId}:${solanaAddress}`] }
    const namespaces = buildApprovedNamespaces({ proposal: p.params, supportedNamespaces: supported })
    await kit.approveSession({ id: p.id, namespaces })
  }

  const token = o.token ?? newControlToken()
  const control = await startControlServer({
    port: o.port,
    token,
    allowedOrigins: o.allowedOrigins ?? [],
    routes: {
      'POST /pair': async ({ uri }) => {
        if (typeof uri !== 'string' || !uri.startsWith('wc:')) throw new ControlError(400, 'A wc: URI is required')
        await kit.pair({ uri })
        return { ok: true }
      },
      'GET /proposals': async () => proposals.map((p) => ({ id: p.id, name: p.params.proposer.metadata.name, pairingTopic: p.params.pairingTopic })),
      'POST /approve': async ({ id }) => {
        await approve(take(id))
        return { ok: true }
      },
      'POST /reject': async ({ id }) => {
        await kit.rejectSession({ id: take(id).id, reason: getSdkError('USER_REJECTED') })
        return { ok: true }
      },
      'GET /sessions': async () =>
        Object.values(kit.getActiveSessions()).map((s) => ({ topic: s.topic, peer: s.peer.metadata.name, accounts: Object.values(s.namespaces).flatMap((n) => n.accounts) })),
      'POST /disconnect': async ({ topic }) => {
        const topics = topic ? [topic] : Object.keys(kit.getActiveSessions())
        for (const t of topics) await kit.disconnectSession({ topic: t, reason: getSdkError('USER_DISCONNECTED') })
        return { ok: true, disconnected: topics.length }
      },
      'GET /requests': async () => answered,
    },
  })
  return {
    url: control.url,
    token,
    address: account.address,
    solanaAddress,
    ...(bitcoinAccount ? { bitcoinAddress: bitcoinAccount.address } : {}),
    stop: async () => {
      await core.relayer.transportClose().catch(() => undefined)
      await control.stop()
    },
  }
}
