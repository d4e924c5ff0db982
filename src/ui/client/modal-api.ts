/**
 * The modal's members that need the engine (GangwayModal in options.ts: disconnect, switchNetwork,
 * setAddressLabel, getWalletProvider's request, exportLog, headless), built here in the core chunk: the
 * loader only forwards each call to them once the core has loaded, which keeps the loader (the
 * only file before load) within its budget.
 */
import type { CaipNetworkId, Intent, Namespace, Network, ProviderRequest } from '../../contract.js'
import type { GangwayModal } from '../options.js'
import type { GangwayHeadless } from '../headless-types.js'

/** The engine-backed members of GangwayModal, as the core implements them. */
export interface ModalApi {
  /** GangwayModal.disconnect: `disconnect/requested` for `namespace` (absent: the active one). */
  disconnect(namespace?: Namespace): Promise<void>
  /** GangwayModal.switchNetwork (docs/behaviour.md §4): a Network or its CAIP-2 id. @throws the engine's refusal, Error 'Network not found'. */
  switchNetwork(network: Network | string): Promise<void>
  /** GangwayModal.setAddressLabel (docs/behaviour.md §3 addressLabels). @throws GangwayError 'Invalid intent payload: address-label/set-requested'. */
  setAddressLabel(address: string, label: string): Promise<void>
  /** GangwayModal.getWalletProvider(namespace, options).request (Client.walletRequest lists its errors). */
  request(args: ProviderRequest, namespace?: Namespace, options?: { restricted?: boolean }): Promise<unknown>
  /** GangwayModal.exportLog: the log as NDJSON. */
  exportLog: GangwayModal['exportLog']
  /** GangwayModal.headless: the headless surface (client/headless.ts), built on its first call. */
  headless(): Promise<GangwayHeadless>
}

/**
 * The members over the engine's `dispatch`, its wallet requests and its log export.
 * @example
 * ```ts
 * const api = modalApi({ dispatch: (i) => engine.dispatch(i), walletRequest, exportLog: (o) => engine.exportLog(o), headless: (api) => createHeadless({ engine, signals, dispatch, api, reach }) })
 * await api.switchNetwork('eip155:8453')
 * ```
 */
export function modalApi(engine: {
  dispatch(intent: Intent): Promise<void>
  walletRequest(args: ProviderRequest, options: { namespace?: Namespace; restricted?: boolean }): Promise<unknown>
  exportLog: GangwayModal['exportLog']
  /** Builds the headless surface over this api (called once). */
  headless(api: ModalApi): Promise<GangwayHeadless>
}): ModalApi {
  let headless: Promise<GangwayHeadless> | undefined
  const api: ModalApi = {
    disconnect: (namespace) => engine.dispatch({ type: 'disconnect/requested', payload: namespace ? { namespace } : {} }),
    switchNetwork: (network) => engine.dispatch({ type: 'network/switch-requested', payload: { caipNetworkId: (typeof network === 'string' ? network : network?.caipNetworkId) as CaipNetworkId } }),
    setAddressLabel: (address, label) => engine.dispatch({ type: 'address-label/set-requested', payload: { address, label } }),
    // The core reads `restricted` as a boolean (any truthy value restricts) and an absent namespace as the active one.
    request: (args, namespace, options) => engine.walletRequest(args, { ...options, namespace }),
    exportLog: (options) => engine.exportLog(options),
    headless: () => (headless ??= engine.headless(api)),
  }
  return api
}
