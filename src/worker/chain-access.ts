/**
 * Chain reads the effects need, per CAIP-2 network, on top of the JSON-RPC path. One viem public
 * client per network, created on first use.
 */
import { firstValueFrom, timer, type SchedulerLike } from 'rxjs'
import type { Client } from 'viem'
import { erc20Abi, type Hex } from 'viem'
import { getBlockNumber, getCode, getTransactionReceipt, readContract } from 'viem/actions'
import { eip155Client } from '../chains/eip155/client.js'
import { getNativeBalance } from '../chains/eip155/get-native-balance.js'
import type { CaipNetworkId, Network } from '../events/entities.js'
import { NO_LONGER_FOLLOWED, TRANSACTION_REVERTED, GangwayError } from '../events/kernel/errors.js'
import { NetworkNotFoundError, TransactionNotFoundError, TransactionRevertedError } from '../events/engine-errors.js'
import type { JsonRpc } from '../chains/json-rpc.js'
import { rpcEndpoint, type RoutingOptions } from './rpc/routing.js'
import { ERRORS } from '../events/kernel/error-registry.js'
import type { ServiceFetch } from '../api/service-fetch.js'
import { ServiceNotConfiguredError } from '../events/engine-errors.js'

export interface ChainAccess {
  /**
   * Native balance in the smallest unit (wei, lamports, satoshis: on bip122 the sum of the
   * address's unspent outputs), with the network's currency.
   * @throws NetworkNotFoundError 'Network not found' for a network the site did not configure;
   *   ServiceNotConfiguredError 'Service not configured: bitcoin' on bip122 without `services.bitcoin`.
   */
  nativeBalance(caipNetworkId: CaipNetworkId, address: string): Promise<{ value: string; decimals: number; symbol: string }>
  /** Latest block number, as a decimal string. */
  blockNumber(caipNetworkId: CaipNetworkId): Promise<string>
  /** Token balances of `owner` (ERC20 balanceOf, or SPL token accounts by mint; none on bip122), in each token's smallest unit, in one batched round trip. */
  tokenBalances(caipNetworkId: CaipNetworkId, owner: string, tokens: readonly string[]): Promise<{ address: string; value: string }[]>
  /** Solana: the latest blockhash. */
  latestBlockhash(caipNetworkId: CaipNetworkId): Promise<string>
  /** Solana: sends a signed transaction (base64) and resolves with its signature. */
  sendSolanaTransaction(caipNetworkId: CaipNetworkId, signedBase64: string): Promise<string>
  /**
   * Waits for a transaction's receipt (bip122: its block), polling every `intervalMs` (default 1000) for up to `timeoutMs` (default 120 000),
   * both in ms on the injected time (`createChainAccess`'s `time`).
   * `followed` is asked before each wait: false stops it (docs/behaviour.md §9 pending limit).
   * @throws TransactionRevertedError 'Transaction reverted' (Solana: 'Transaction failed') for a failed transaction; TransactionNotFoundError 'Transaction not found' after the timeout,
   *   'Transaction no longer followed' once `followed` answers false.
   */
  waitForReceipt(caipNetworkId: CaipNetworkId, hash: string, options?: { intervalMs?: number; timeoutMs?: number; followed?: () => boolean }): Promise<void>
  /**
   * EVM: whether `address` has code at the latest block (a deployed contract account).
   * @throws NetworkNotFoundError 'Network not found' for a network the site did not configure or a Solana one.
   */
  hasCode(caipNetworkId: CaipNetworkId, address: string): Promise<boolean>
  /**
   * EVM: the network's viem client, for the actions an effect runs itself (SIWX verification reads
   * EIP-1271 and ERC-6492 signatures through it).
   * @throws NetworkNotFoundError 'Network not found' for a network the site did not configure or a Solana one.
   */
  evmClient(caipNetworkId: CaipNetworkId): Client
}

/** The time chain access reads and waits on: the engine's clock (ms since the epoch) and the effects' scheduler. */
export interface ChainAccessTime {
  clock: () => number
  scheduler: SchedulerLike
}

/**
 * `networks` and `routing` are read on each call: the supported-chains answer can change the route.
 * eip155 goes through viem clients on the pipeline; solana reads are plain JSON-RPC on the pipeline;
 * bip122 reads go to the site's Esplora (`services.bitcoin`, through `api`, given when it is set), whose
 * client loads on the first of them (docs/behaviour.md §5 Bitcoin: the amounts are satoshis, the balance the sum of
 * the address's unspent outputs, a transaction final once in a block).
 * Receipt polling reads `time.clock` and waits on `time.scheduler`, never the wall clock.
 */
export function createChainAccess(networks: () => readonly Network[], rpc: JsonRpc, routing: () => RoutingOptions, time: ChainAccessTime, api?: ServiceFetch): ChainAccess {
  const clients = new Map<string, Client>()
  const find = (id: CaipNetworkId) => {
    const network = networks().find((n) => n.caipNetworkId === id)
    if (!network) throw new NetworkNotFoundError(id)
    return { network, url: network.chainNamespace === 'bip122' ? '' : rpcEndpoint(network, routing()) }
  }
  /** A bip122 network's reads (bitcoin/bitcoin-reads.ts, loaded with the Bitcoin chunk). @throws ServiceNotConfiguredError 'Service not configured: bitcoin' without `services.bitcoin`. */
  const bitcoin = async () => {
    if (!api) throw new ServiceNotConfiguredError('bitcoin')
    return (await import('./bitcoin/bitcoin-code.js')).bitcoinReads(api)
  }
  /** A Solana node's whole number (lamports, a slot) as it answered, checked where it enters. @throws GangwayError 'Malformed {method} answer' for anything but a whole number ≥ 0. */
  const lamports = (v: unknown, method: string): number => {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new GangwayError(`Malformed ${method} answer`, { category: 'API_ERROR' })
    return v
  }
  const lookup = (id: CaipNetworkId) => {
    const { network, url } = find(id)
    if (network.chainNamespace !== 'eip155') throw new NetworkNotFoundError(id)
    let client = clients.get(url)
    if (!client) clients.set(url, (client = eip155Client(url, rpc)))
    return { network, client }
  }
  return {
    async nativeBalance(id, address) {
      const { network, url } = find(id)
      const value =
        network.chainNamespace === 'bip122'
          ? await (await bitcoin()).balance(address)
          : network.chainNamespace === 'solana'
          ? String(lamports(((await rpc.request(url, { method: 'getBalance', params: [address, { commitment: 'confirmed' }] })) as { value?: unknown } | null)?.value, 'getBalance'))
          : await getNativeBalance(lookup(id).client, address)
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async blockNumber(id) {
      const { network, url } = find(id)
      if (network.chainNamespace === 'bip122') return (await bitcoin()).tipHeight()
      if (network.chainNamespace === 'solana') return String(lamports(await rpc.request(url, { method: 'getSlot', params: [{ commitment: 'confirmed' }] }), 'getSlot'))
      return (await getBlockNumber(lookup(id).client, { cacheTime: 0 })).toString()
    },
    async tokenBalances(id, owner, tokens) {
      const { network, url } = find(id)
      // Bitcoin has no tokens Gangway lists.
      if (network.chainNamespace === 'bip122') return []
      if (network.chainNamespace === 'solana') {
        return Promise.all(
          tokens.map(async (mint) => {
            const r = (await rpc.request(url, { method: 'getTokenAccountsByOwner', params: [owner, { mint }, { encoding: 'jsonParsed', commitment: 'confirmed' }] })) as {
              value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
            }
            const total = r.value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
            return { address: mint, value: total.toString() }
          }),
        )
      }
      const { client } = lookup(id)
      return Promise.all(
        tokens.map(async (address) => ({ address, value: (await readContract(client, { address: address as Hex, abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] })).toString() })),
      )
    },
    async latestBlockhash(id) {
      const { url } = find(id)
      return ((await rpc.request(url, { method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] })) as { value: { blockhash: string } }).value.blockhash
    },
    async sendSolanaTransaction(id, signedBase64) {
      const { url } = find(id)
      return String(await rpc.request(url, { method: 'sendTransaction', params: [signedBase64, { encoding: 'base64', preflightCommitment: 'confirmed' }] }))
    },
    evmClient: (id) => lookup(id).client,
    async hasCode(id, address) {
      const code = await getCode(lookup(id).client, { address: address as Hex })
      return code !== undefined && code !== '0x'
    },
    async waitForReceipt(id, hash, { intervalMs = 1000, timeoutMs = 120_000, followed } = {}) {
      const { network, url } = find(id)
      // Each poll answers true when final (throws when failed), false to ask again.
      const settled: () => Promise<boolean> =
        network.chainNamespace === 'bip122'
          ? async () => (await bitcoin()).confirmed(hash)
          : network.chainNamespace === 'solana'
          ? async () => {
              const r = (await rpc.request(url, { method: 'getSignatureStatuses', params: [[hash]] })) as { value: ({ err: unknown; confirmationStatus?: string } | null)[] }
              const status = r.value[0]
              if (status?.err) throw new TransactionRevertedError(ERRORS.transactionFailed.message, hash)
              return status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized'
            }
          : async () => {
              const receipt = await getTransactionReceipt(lookup(id).client, { hash: hash as Hex }).catch(() => undefined)
              if (receipt && receipt.status !== 'success') throw new TransactionRevertedError(TRANSACTION_REVERTED, hash)
              return receipt !== undefined
            }
      // Solana confirms within a slot or two: it is asked at least every 400 ms.
      const every = network.chainNamespace === 'solana' ? Math.min(intervalMs, 400) : intervalMs
      const end = time.clock() + timeoutMs
      while (!(await settled())) {
        if (time.clock() > end) throw new TransactionNotFoundError(ERRORS.transactionNotFound.message, hash)
        // docs/behaviour.md §9: a transaction pushed out of the 99 followed is polled no more.
        if (followed && !followed()) throw new TransactionNotFoundError(NO_LONGER_FOLLOWED, hash)
        await firstValueFrom(timer(every, time.scheduler))
      }
    },
  }
}
