/**
 * `gangway/wagmi` (docs/behaviour.md §1): a wagmi 3 connector over a Gangway modal, so wagmi's hooks and
 * actions (`useConnection`, `useBalance`, `useSendTransaction`, `useSignMessage`,
 * `useSwitchChain`, `useWriteContract`, …) work through whatever the visitor connected in the
 * modal: an injected or announced wallet, WalletConnect, email or social login.
 *
 * ```ts
 * const modal = createModal({ projectId, networks })
 * const config = createConfig({ chains: [mainnet], connectors: [gangway({ modal })], transports: { [mainnet.id]: http() } })
 * ```
 *
 * Both ways in sync: wagmi's `connect` opens the modal and resolves once the visitor connected,
 * closing it (rejects with viem's UserRejectedRequestError when the modal closes without a connection);
 * wagmi's `disconnect` disconnects the modal's EVM connection; a connect, a disconnect, an account
 * or a network change made in the modal reaches wagmi as the connector's `connect`, `disconnect`
 * and `change` events. On a reload, wagmi's reconnect finds the modal's restored connection
 * (`isAuthorized` waits for the engine when the page has a stored connection).
 *
 * Nothing of wagmi is bundled: `@wagmi/core` is a peer dependency, named in types only, and this
 * module adds nothing to the loader.
 */
import type { CreateConnectorFn } from '@wagmi/core'
import { BaseError, SwitchChainError, UserRejectedRequestError, getAddress, type Address } from 'viem'
import type { GangwayModal } from '#loader'
import type { AccountModel, CaipNetworkId } from '../contract.js'

/**
 * The connector's options.
 * @example
 * ```ts
 * import { gangway, type GangwayParameters } from 'gangway/wagmi'
 *
 * const parameters: GangwayParameters = { modal, restoreTimeoutMs: 20_000 } // a slow RPC: wait longer for the restore
 * const connector = gangway(parameters)
 * ```
 */
export interface GangwayParameters {
  /** The modal, from `createModal` (a React site creates it with createModal too, as examples/wagmi-react does). */
  modal: GangwayModal
  /**
   * How long `isAuthorized` waits for the engine to restore a stored connection after a reload,
   * in ms. Default 10 000.
   */
  restoreTimeoutMs?: number
}

/**
 * The EIP-1193 provider the connector hands wagmi: the modal's for eip155.
 * @example
 * ```ts
 * import type { GangwayProvider } from 'gangway/wagmi'
 *
 * const connector = config.connectors.find((c) => c.id === 'gangway')
 * const provider = (await connector?.getProvider()) as GangwayProvider | undefined
 * const chainId = await provider?.request({ method: 'eth_chainId' }) // '0x2105' on Base
 * ```
 */
export type GangwayProvider = ReturnType<GangwayModal['getWalletProvider']>

/** What the connector reads of the modal's EVM account: its address and chain, when connected. */
interface EvmAccount {
  address: Address
  chainId: number
}

/** The modal's connected EVM account, or undefined. */
function evmAccount(modal: GangwayModal): EvmAccount | undefined {
  const a = modal.getAccount('eip155')
  return a ? fromModel(a) : undefined
}
function fromModel(a: AccountModel): EvmAccount | undefined {
  if (!a.isConnected || !a.caipAddress) return undefined
  const [, chain, address] = a.caipAddress.split(':')
  return address && chain ? { address: getAddress(address), chainId: Number(chain) } : undefined
}

/** Resolves with the first value of `read` that `done` accepts, calling `read` on every account or state change; undefined after `ms`. */
function when<T>(modal: GangwayModal, read: () => T, done: (v: T) => boolean, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const offs: (() => void)[] = []
    let over = false
    const finish = (v: T | undefined) => {
      if (over) return
      over = true
      for (const off of offs) off()
      resolve(v)
    }
    const check = () => {
      if (over) return
      const v = read()
      if (done(v)) finish(v)
    }
    const timer = setTimeout(() => finish(undefined), ms)
    offs.push(() => clearTimeout(timer), modal.subscribeAccount(check), modal.subscribeState(check))
    check()
    // A subscription that called back at once, before it was kept, is ended here.
    if (over) for (const off of offs) off()
  })
}

/**
 * The wagmi connector (docs/api.md, "wagmi"): id and type `gangway`, name 'Gangway'.
 * connect @throws viem UserRejectedRequestError when the modal closes with no EVM connection;
 * switchChain @throws viem SwitchChainError for a chain the modal's `networks` do not list, or
 * one the wallet refused.
 * @example
 * ```ts
 * import { createModal } from 'gangway'
 * import { gangway } from 'gangway/wagmi'
 * import { createConfig, http } from 'wagmi'
 * import { mainnet } from 'wagmi/chains'
 *
 * const modal = createModal({ projectId, networks: [{ id: 1, caipNetworkId: 'eip155:1', chainNamespace: 'eip155', name: 'Ethereum', nativeCurrency: mainnet.nativeCurrency, rpcUrls: mainnet.rpcUrls }], assetsUrl: '/gangway/' })
 * export const config = createConfig({ chains: [mainnet], connectors: [gangway({ modal })], transports: { [mainnet.id]: http() } })
 * ```
 */
export function gangway({ modal, restoreTimeoutMs = 10_000 }: GangwayParameters): CreateConnectorFn<GangwayProvider> {
  return (config) => {
    /** The account wagmi last heard of from this connector (undefined: disconnected). */
    let told: EvmAccount | undefined
    /** Follows the modal: a connect, disconnect, account or network change made there reaches wagmi. */
    const follow = (a: AccountModel) => {
      const now = a.byNamespace ? (a.byNamespace.eip155 ? fromModel(a.byNamespace.eip155) : undefined) : undefined
      // Before the engine runs, the account is the stored chip (no caipAddress): nothing to tell yet.
      if (!a.byNamespace && a.isConnected) return
      const before = told
      told = now
      if (!before && now) config.emitter.emit('connect', { accounts: [now.address], chainId: now.chainId })
      else if (before && !now) config.emitter.emit('disconnect')
      else if (before && now && (before.address !== now.address || before.chainId !== now.chainId)) {
        config.emitter.emit('change', { ...(before.address !== now.address ? { accounts: [now.address] } : {}), ...(before.chainId !== now.chainId ? { chainId: now.chainId } : {}) })
      }
    }
    const chainOf = (chainId: number) => config.chains.find((c) => c.id === chainId)

    return {
      id: 'gangway',
      name: 'Gangway',
      type: 'gangway',
      async setup() {
        modal.subscribeAccount(follow)
      },
      async connect(parameters) {
        let account = evmAccount(modal)
        if (!account) {
          await modal.open({ namespace: 'eip155' })
          // Opened: wait for a connection, or for the modal to close without one.
          account = (await when(modal, () => ({ account: evmAccount(modal), open: modal.getState().open }), (v) => v.account !== undefined || !v.open, 24 * 3600_000))?.account
          if (!account) throw new UserRejectedRequestError(new BaseError('The modal closed with no EVM connection'))
          // Connected: the site's own UI takes over from the modal it asked for.
          void modal.close()
        }
        told = account
        if (parameters?.chainId !== undefined && parameters.chainId !== account.chainId) {
          const chain = await this.switchChain!({ chainId: parameters.chainId })
          account = { ...account, chainId: chain.id }
        }
        const accounts = [account.address]
        return { accounts: (parameters?.withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never, chainId: account.chainId }
      },
      async disconnect() {
        told = undefined
        await modal.disconnect('eip155')
      },
      async getAccounts() {
        const account = evmAccount(modal)
        return account ? [account.address] : []
      },
      async getChainId() {
        const account = evmAccount(modal)
        if (account) return account.chainId
        const network = modal.getNetwork().caipNetworkId
        return network?.startsWith('eip155:') ? Number(network.slice(7)) : config.chains[0].id
      },
      async getProvider() {
        return modal.getWalletProvider('eip155')
      },
      async isAuthorized() {
        // No stored connection (the loader's chip): not authorized, at once.
        if (!modal.getAccount().isConnected) return false
        // A stored one: the engine restores it; wait for its verdict.
        modal.warm()
        const settled = await when(
          modal,
          () => ({ engine: modal.getState().engine, account: modal.getAccount() }),
          (v) => v.engine !== undefined && v.account.byNamespace !== undefined && v.account.status !== 'connecting',
          restoreTimeoutMs,
        )
        return settled !== undefined && evmAccount(modal) !== undefined
      },
      async switchChain({ chainId }) {
        const chain = chainOf(chainId)
        if (!chain) throw new SwitchChainError(new BaseError(`Chain ${chainId} is not among wagmi's chains`))
        const caipNetworkId: CaipNetworkId = `eip155:${chainId}`
        try {
          await modal.switchNetwork(caipNetworkId)
        } catch (error) {
          throw new SwitchChainError(error as Error)
        }
        // The switch is logged; the account follows once the wallet (or the modal alone, disconnected) is there.
        const landed = await when(modal, () => evmAccount(modal)?.chainId ?? Number(modal.getNetwork().caipNetworkId?.slice(7)), (id) => id === chainId, 60_000)
        if (landed !== chainId) throw new SwitchChainError(new BaseError(`The wallet did not switch to chain ${chainId}`))
        if (told) told = { ...told, chainId }
        config.emitter.emit('change', { chainId })
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        told = undefined
        config.emitter.emit('disconnect')
      },
    }
  }
}
