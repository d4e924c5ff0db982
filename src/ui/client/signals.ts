/**
 * The views' signals (@preact/signals-core), one per engine selector plus the pairing URI on show
 * and the time-travel position, each with the value the views show before the engine's first; and
 * `followEngine`, which feeds them from the engine's subscriptions.
 */
import { signal, type Signal } from '@preact/signals-core'
import type { AccountActionsModel, AccountModel, AccountTabsModel, AllWalletsModel, ApprovalModel, ConnectionsModel, ConnectModel, ModalModel, NamesModel, NetworkListModel, NetworkModel, OnrampModel, OpeningModel, PairingUri, ProfileWalletsModel, SendModel, SnackbarModel, SwapModel, WalletConnectModel } from '../../contract.js'
import { sameShallow } from '../same-value.js'
import type { ClientEngine } from './engine-start.js'

/** The views' signals (see the module's comment). */
export interface ClientSignals {
  modal: Signal<ModalModel>
  account: Signal<AccountModel>
  network: Signal<NetworkModel>
  connect: Signal<ConnectModel>
  snackbar: Signal<SnackbarModel>
  opening: Signal<OpeningModel>
  networkList: Signal<NetworkListModel>
  send: Signal<SendModel>
  /** The swap views' data. */
  swap: Signal<SwapModel>
  /** The buying views' data. */
  onramp: Signal<OnrampModel>
  connections: Signal<ConnectionsModel>
  allWallets: Signal<AllWalletsModel>
  walletConnect: Signal<WalletConnectModel>
  accountTabs: Signal<AccountTabsModel>
  accountActions: Signal<AccountActionsModel>
  /** The ProfileWallets view's connections by namespace. */
  profileWallets: Signal<ProfileWalletsModel>
  names: Signal<NamesModel>
  /** ApproveTransaction's data: Gangway's preview of the transaction the secure site's panel shows. */
  approval: Signal<ApprovalModel>
  /** The WalletConnect pairing URI on show (never logged: it carries the pairing key). */
  pairing: Signal<PairingUri | undefined>
  /** The event seq the views show while time travelling (debug panel), else null: the live state. */
  travel: Signal<number | null>
}

/** The signals the engine's selectors feed (all but the pairing URI and the time-travel position). */
export type SelectorName = Exclude<keyof ClientSignals, 'pairing' | 'travel'>

/** The views' signals with the values they show before the engine's first. */
export function createSignals(): ClientSignals {
  return {
    modal: signal<ModalModel>({ open: false, view: 'Connect', canGoBack: false, loading: false, shake: false }),
    account: signal<AccountModel>({ status: 'disconnected', balanceLoading: false, isConnected: false }),
    network: signal<NetworkModel>({}),
    connect: signal<ConnectModel>({ rows: [], status: 'disconnected', methods: ['wallet'], legalCheckbox: false, legalAccepted: false, collapseWallets: false, branding: false, socials: [] }),
    snackbar: signal<SnackbarModel>({ open: false, variant: 'success', message: '' }),
    opening: signal<OpeningModel>({ view: 'Connect', mobileView: 'Connect' }),
    networkList: signal<NetworkListModel>({ groups: [] }),
    send: signal<SendModel>({ tokens: [], amount: '', receiver: '', loading: false }),
    swap: signal<SwapModel>({ tokens: [], amount: '', quoting: false, canSwap: false, checking: false, canConfirm: false }),
    onramp: signal<OnrampModel>({ loading: true, sample: false, purchaseCurrencies: [], paymentCurrencies: [], paymentCurrency: 'USD', amount: '', quotesLoading: false, providers: [], status: 'idle' }),
    connections: signal<ConnectionsModel>({ connectorIds: {} }),
    allWallets: signal<AllWalletsModel>({ wallets: [], count: 0, loading: false, hasMore: true, nextPage: 1 }),
    walletConnect: signal<WalletConnectModel>({ connecting: false }),
    accountTabs: signal<AccountTabsModel>({ tab: 'Tokens', tabs: ['Tokens'], tokens: [], tokensLoading: false, nfts: [], nftsLoading: false, activity: [], activityLoading: false, activityLoadingMore: false }),
    accountActions: signal<AccountActionsModel>({ actions: [] }),
    profileWallets: signal<ProfileWalletsModel>({ multiWallet: false, namespaces: [], canDisconnect: false }),
    names: signal<NamesModel>({ canChoose: false, zone: '', label: '', suggestions: [], loading: false }),
    approval: signal<ApprovalModel>({ checking: false }),
    pairing: signal<PairingUri | undefined>(undefined),
    travel: signal<number | null>(null),
  }
}

/**
 * Feeds `signals` from `engine`: each selector's signal takes each value unless it equals the one
 * shown (the engine confirming an open the page showed first renders nothing again), then `hooks`
 * of that selector hears it; the pairing signal follows the engine's pairing URI. Resolves once
 * every selector has given its first value, so a started client already holds state.
 */
export async function followEngine(engine: ClientEngine, signals: ClientSignals, hooks: { [K in SelectorName]?: (v: ClientSignals[K]['value']) => void }): Promise<void> {
  const follow = <K extends SelectorName>(name: K) =>
    new Promise<void>((first) => {
      void engine.subscribe(name, ((v: ClientSignals[K]['value']) => {
        if (!sameShallow(signals[name].peek(), v)) (signals[name] as Signal<unknown>).value = v
        hooks[name]?.(v)
        first()
      }) as never)
    })
  // Every signal but the two the engine's selectors do not feed, in createSignals' order.
  const selectors = (Object.keys(signals) as (keyof ClientSignals)[]).filter((name): name is SelectorName => name !== 'pairing' && name !== 'travel')
  await Promise.all(selectors.map(follow))
  await engine.subscribePairing((p: PairingUri | undefined) => void (signals.pairing.value = p))
}
