/**
 * The Localnet Wallet: an EIP-1193 provider for the demo page and the tests, forwarding to anvil's
 * unlocked dev accounts. It behaves like an extension: it announces itself through EIP-6963 (mipd),
 * sets `window.ethereum` when nothing else has, asks the visitor before the first connection (a
 * prompt in its own shadow root), remembers the approval, and emits accountsChanged / chainChanged.
 * It sends transactions and signs messages (personal_sign, eth_signTypedData_v4) only for the site
 * it was connected to, only with an account it exposes there, and only after the visitor approved
 * that request. Demo and test tooling only: never part of Gangway's bundles.
 */
import { announceProvider } from 'mipd'
import { readPersonalSign, readTypedData } from './evm-sign-params.js'
import { ICON, prompt } from './prompt.js'
import { ProviderRpcError } from './rpc-error.js'
import { registerSolanaWallet } from './solana.js'
import { registerBitcoinWallet, type LocalnetBitcoinWallet } from './bitcoin.js'
import type { BatchDeps, batchMethods } from './batch.js'

type Listener = (...args: unknown[]) => void
interface RequestArgs {
  method: string
  params?: unknown[] | Record<string, unknown>
}
interface LocalnetConfig {
  chains: { chainId: number; rpcUrl: string }[]
  /** Simple7702Account by chain id, the EIP-7702 delegate of atomic EIP-5792 batches (localnet/batch-delegate.ts). */
  batchDelegates?: Record<number, `0x${string}`>
  solana?: { walletSeedHex: string; walletAddress: string }
  bitcoin?: LocalnetBitcoinWallet
}

const AUTH_KEY = 'localnet-wallet:authorized'
/** The wallet's EIP-5792 module, as the demo server serves it (a variable, so the build leaves the import to run time). */
const BATCH_MODULE: string = '/localnet/wallet-batch.js'
/** How many dev accounts the wallet exposes to an approved site (the selected one first). */
const EXPOSED_ACCOUNTS = 3
/** The wallet's selected chain survives reloads, as in an extension. */
const CHAIN_KEY = 'localnet-wallet:chainId'

const config: LocalnetConfig = (window as unknown as { __LOCALNET__: LocalnetConfig }).__LOCALNET__

const chains = [...config.chains]
const chainNow = () => chains.find((c) => c.chainId === Number(localStorage.getItem(CHAIN_KEY))) ?? chains[0]!

async function anvil(method: string, params: unknown = [], chain = chainNow()): Promise<unknown> {
  const res = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const json = (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (json.error) throw new ProviderRpcError(json.error.code, json.error.message)
  return json.result
}

class LocalnetWallet {
  readonly isLocalnetWallet = true
  readonly #listeners = new Map<string, Set<Listener>>()
  #accounts: string[] | undefined
  #selected = 0
  /** How many times the approval prompt showed since this page loaded (tests read it). */
  prompts = 0
  /** The fault switch (`failRevoke`): wallet_revokePermissions throws instead of forgetting the site. */
  #revokeFails = false
  /** The EIP-5792 switch (`support5792`): off, the wallet answers its methods 4200 like a wallet without them. */
  #batches = true
  /** The EIP-5792 methods, loaded at the first batch call (localnet/server.ts serves batch.ts on its own). */
  #batch: Promise<ReturnType<typeof batchMethods>> | undefined
  #batchMethods(): Promise<ReturnType<typeof batchMethods>> {
    const deps: BatchDeps = {
      delegates: config.batchDelegates!,
      chain: chainNow,
      chains: () => chains,
      anvil,
      accountIndex: async (address) => (await this.#all()).findIndex((a) => a.toLowerCase() === address.toLowerCase()),
      mayUse: (address) => this.#mayUse(address),
      approve: (text) => this.#approve(text),
    }
    return (this.#batch ??= (import(BATCH_MODULE) as Promise<typeof import('./batch.js')>).then((m) => m.batchMethods(deps)))
  }

  async #all(): Promise<string[]> {
    return (this.#accounts ??= (await anvil('eth_accounts')) as string[])
  }
  #authorized(): boolean {
    return localStorage.getItem(AUTH_KEY) === 'true'
  }
  /**
   * The accounts the site sees, as an extension with several accounts exposes them: the selected
   * one first, then the next EXPOSED_ACCOUNTS − 1 dev accounts (issue 18: a connection holds
   * several accounts). None before the visitor approved the site.
   */
  async #current(): Promise<string[]> {
    if (!this.#authorized()) return []
    const all = await this.#all()
    const selected = all[this.#selected]
    if (!selected) return []
    const others = all.filter((a) => a !== selected).slice(0, EXPOSED_ACCOUNTS - 1)
    return [selected, ...others]
  }

  /**
   * The site's right to have `address` sign: 4100 'Unauthorized' before the visitor connected the
   * site, 4100 'The requested account has not been authorized by the user.' for an account the
   * wallet does not expose to it (issue 18: it signs for any account it exposes, and for no other).
   */
  async #mayUse(address: string | undefined): Promise<void> {
    if (!this.#authorized()) throw new ProviderRpcError(4100, 'Unauthorized')
    const exposed = await this.#current()
    if (address && !exposed.some((a) => a.toLowerCase() === address.toLowerCase())) throw new ProviderRpcError(4100, 'The requested account has not been authorized by the user.')
  }

  /** Counts and shows the approval prompt with `text`. @throws ProviderRpcError 4001 'User rejected the request.' on Reject. */
  async #approve(text: string): Promise<void> {
    this.prompts++
    if (!(await prompt(text))) throw new ProviderRpcError(4001, 'User rejected the request.')
  }

  async request({ method, params }: RequestArgs): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts': {
        if (!this.#authorized()) {
          this.prompts++
          if (!(await prompt(`Connect to ${location.host}?`))) throw new ProviderRpcError(4001, 'User rejected the request.')
          localStorage.setItem(AUTH_KEY, 'true')
        }
        return this.#current()
      }
      case 'eth_accounts':
        return this.#current()
      case 'eth_chainId':
        return `0x${chainNow().chainId.toString(16)}`
      case 'wallet_switchEthereumChain': {
        const wanted = Number((params as { chainId: string }[])[0]?.chainId)
        if (!chains.some((c) => c.chainId === wanted)) throw new ProviderRpcError(4902, 'Unrecognized chain ID.')
        if (wanted !== chainNow().chainId) {
          this.prompts++
          if (!(await prompt(`Switch to chain ${wanted}?`))) throw new ProviderRpcError(4001, 'User rejected the request.')
          localStorage.setItem(CHAIN_KEY, String(wanted))
          this.#emit('chainChanged', `0x${wanted.toString(16)}`)
        }
        return null
      }
      case 'wallet_addEthereumChain': {
        const [chain] = params as { chainId: string; rpcUrls?: string[] }[]
        const chainId = Number(chain?.chainId)
        if (!chains.some((c) => c.chainId === chainId)) {
          if (!chain?.rpcUrls?.[0]) throw new ProviderRpcError(-32602, 'rpcUrls required')
          chains.push({ chainId, rpcUrl: chain.rpcUrls[0] })
        }
        return null
      }
      case 'eth_sendTransaction': {
        if (!this.#authorized()) throw new ProviderRpcError(4100, 'Unauthorized')
        const [tx] = params as { from?: string; to?: string; value?: string; data?: string }[]
        await this.#mayUse(tx?.from)
        const what = tx?.data && tx.data !== '0x' ? `Call ${tx.to}` : `Send ${Number(BigInt(tx?.value ?? '0')) / 1e18} ETH to ${tx?.to}`
        await this.#approve(`${what} on chain ${chainNow().chainId}?`)
        return anvil(method, params)
      }
      case 'personal_sign': {
        if (!this.#authorized()) throw new ProviderRpcError(4100, 'Unauthorized')
        const { messageHex, address, text } = readPersonalSign(params)
        await this.#mayUse(address)
        await this.#approve(`Sign this message for ${location.host} with ${address}?\n\n${text}`)
        // anvil signs EIP-191 messages for its unlocked dev accounts (the wallet exposes no other).
        return anvil(method, [messageHex, address])
      }
      case 'eth_signTypedData_v4': {
        if (!this.#authorized()) throw new ProviderRpcError(4100, 'Unauthorized')
        const { address, json, primaryType, domainName, chainId } = readTypedData(params)
        await this.#mayUse(address)
        // As MetaMask: typed data bound to a chain is signed on that chain only.
        const active = chainNow().chainId
        if (chainId !== undefined && chainId !== active) throw new ProviderRpcError(-32602, `Provided chainId "${chainId}" must match the active chainId "${active}"`)
        await this.#approve(`Sign ${primaryType} for ${domainName ?? 'an unnamed domain'} (${location.host}) with ${address}?`)
        return anvil(method, [address, json])
      }
      case 'wallet_getCapabilities':
      case 'wallet_sendCalls':
      case 'wallet_getCallsStatus':
      case 'wallet_showCallsStatus': {
        if (!this.#batches || !config.batchDelegates) throw new ProviderRpcError(4200, `Method not supported: ${method}`)
        if (!this.#authorized()) throw new ProviderRpcError(4100, 'Unauthorized')
        const batch = await this.#batchMethods()
        if (method === 'wallet_getCapabilities') return batch.getCapabilities(params)
        if (method === 'wallet_sendCalls') return batch.sendCalls(params)
        if (method === 'wallet_getCallsStatus') return batch.getCallsStatus(params)
        return null
      }
      case 'wallet_revokePermissions':
        if (this.#revokeFails) throw new ProviderRpcError(-32603, 'Internal error: the wallet could not revoke the permission')
        localStorage.removeItem(AUTH_KEY)
        this.#emit('accountsChanged', [])
        return null
      default:
        return anvil(method, params ?? [])
    }
  }

  on(event: string, listener: Listener): this {
    if (!this.#listeners.has(event)) this.#listeners.set(event, new Set())
    this.#listeners.get(event)!.add(listener)
    return this
  }
  removeListener(event: string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener)
    return this
  }
  #emit(event: string, ...args: unknown[]): void {
    for (const l of this.#listeners.get(event) ?? []) l(...args)
  }

  /** Test control: while `on`, wallet_revokePermissions fails (a wallet whose revoke breaks: 'Failed to disconnect'). */
  failRevoke(on: boolean): void {
    this.#revokeFails = on
  }

  /** Test control: with `on` false the wallet lacks EIP-5792 (its methods answer 4200). */
  support5792(on: boolean): void {
    this.#batches = on
  }

  /** Test control: switch to dev account `index` and emit accountsChanged. */
  async selectAccount(index: number): Promise<void> {
    this.#selected = index
    this.#emit('accountsChanged', await this.#current())
  }
}

const wallet = new LocalnetWallet()
const w = window as unknown as { ethereum?: unknown; __localnetWallet: LocalnetWallet }
w.__localnetWallet = wallet
if (!w.ethereum) w.ethereum = wallet
announceProvider({
  info: { uuid: crypto.randomUUID(), name: 'Localnet Wallet', icon: ICON as `data:image/${string}`, rdns: 'dev.gangway.localnet' },
  provider: wallet as never,
})
if (config.solana) registerSolanaWallet(config.solana.walletSeedHex, config.solana.walletAddress)
if (config.bitcoin) registerBitcoinWallet(config.bitcoin)
