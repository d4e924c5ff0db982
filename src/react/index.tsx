/**
 * React exports (docs/api.md): <GangwayProvider> and hooks. React is the host's (a peer dependency,
 * >= 18), and so are the views: the modal renders them with the host's React (react-views.js, a
 * dynamic import the host's bundler splits off), so a React site evaluates no second React. The
 * engine still loads lazily through the loader, as on a plain page. Server rendering works: the
 * loader starts nothing where there is no document, and each hook's server snapshot is a constant
 * (disconnected, no network, closed), which hydration renders first (tests/e2e/server-rendering.test.ts).
 */
import { useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { createModal, type GangwayModal, type GangwayOptions } from '#loader'
import type { AccountModel, Namespace, NetworkModel, ViewName } from '../contract.js'

import { ModalContext, useGangway } from './context.js'

/**
 * The hooks' server snapshots: what a server renders, and so what hydration must render first,
 * whatever the page knows by then (a stored connection shows right after hydration, not in it).
 */
const SERVER = {
  account: (): AccountModel => DISCONNECTED,
  network: (): NetworkModel => NO_NETWORK,
  state: (): { open: boolean } => CLOSED,
}
const DISCONNECTED: AccountModel = { status: 'disconnected', balanceLoading: false, isConnected: false }
const NO_NETWORK: NetworkModel = {}
const CLOSED = { open: false }

/**
 * Creates the modal once for `options` and provides it to the hooks below.
 * @example
 * ```tsx
 * import { GangwayProvider } from 'gangway/react'
 *
 * export const App = () => (
 *   <GangwayProvider options={{ projectId: 'your-project-id', networks, assetsUrl: '/gangway/' }}>
 *     <Wallet />
 *   </GangwayProvider>
 * )
 * ```
 */
export function GangwayProvider({ options, children }: { options: GangwayOptions; children?: ReactNode }) {
  // The modal is created once per provider: options are read at creation, as createModal does.
  const modal = useMemo(() => createModal(options, { views: () => import('../ui/app.js') }), []) // eslint-disable-line react-hooks/exhaustive-deps
  return <ModalContext.Provider value={modal}>{children}</ModalContext.Provider>
}


/**
 * `{ open, close, warm, isOpen }`: open takes a docs/behaviour.md §2 view name; warm readies the
 * views ahead of a click (call it from the site's button's onPointerEnter and onFocus).
 * @example
 * ```tsx
 * import { useModal } from 'gangway/react'
 *
 * function ConnectButton() {
 *   const { open, warm, isOpen } = useModal()
 *   return <button onPointerEnter={warm} onFocus={warm} onClick={() => open()} aria-expanded={isOpen}>Connect</button>
 * }
 * ```
 */
export function useModal(): { open: (options?: { view?: ViewName; namespace?: Namespace }) => Promise<void>; close: () => Promise<void>; warm: () => void; isOpen: boolean } {
  const modal = useGangway()
  const state = useSyncExternalStore(modal.subscribeState, modal.getState, SERVER.state)
  return { open: modal.open, close: modal.close, warm: modal.warm, isOpen: state.open }
}

/**
 * The active account: `{ address, caipAddress, status, isConnected, balance, balanceSymbol }`.
 * @example
 * ```tsx
 * import { useAccount } from 'gangway/react'
 *
 * function AccountChip() {
 *   const { isConnected, address, balance, balanceSymbol } = useAccount()
 *   return isConnected ? <span>{address} · {balance} {balanceSymbol}</span> : null
 * }
 * ```
 */
export function useAccount(): AccountModel {
  const modal = useGangway()
  return useSyncExternalStore(modal.subscribeAccount, modal.getAccount as () => AccountModel, SERVER.account)
}

/**
 * The active network: `{ caipNetworkId, namespace, name }`.
 * @example
 * ```tsx
 * import { useNetwork } from 'gangway/react'
 *
 * function NetworkName() {
 *   const { caipNetworkId, name, unsupported } = useNetwork() // caipNetworkId: 'eip155:8453', say
 *   return <span title={caipNetworkId}>{unsupported ? 'Unsupported network' : name}</span>
 * }
 * ```
 */
export function useNetwork(): NetworkModel {
  const modal = useGangway()
  return useSyncExternalStore(modal.subscribeNetwork, modal.getNetwork, SERVER.network)
}

/**
 * `{ disconnect(namespace?) }`.
 * @example
 * ```tsx
 * import { useDisconnect } from 'gangway/react'
 *
 * function DisconnectButton() {
 *   const { disconnect } = useDisconnect()
 *   return <button onClick={() => disconnect()}>Disconnect</button> // or disconnect('solana')
 * }
 * ```
 */
export function useDisconnect(): { disconnect: (namespace?: Namespace) => Promise<void> } {
  const modal = useGangway()
  return { disconnect: modal.disconnect }
}

export { useHeadless, useNetworks, useWallets, type WalletsHook } from './headless.js'
export type { GangwayModal, GangwayOptions }
