/**
 * The events of discovering wallets, connecting, the wallet's own changes, switching networks,
 * connections and accounts, disconnecting, WalletConnect pairings and the legal checkbox.
 */
import { readCaipAddress, readCaipNetworkId } from '../../chains/caip.js'
import { isAddressOf } from '../address-rules.js'
import { ACCOUNT_TYPES, type Connector } from '../entities.js'
import { MAX_ADDRESS_LABEL } from '../kernel/host-options.js'
import { MAX_CONNECTION_ACCOUNTS } from '../kernel/limits.js'
import { both, bool, check, list, nothing, object, oneOf, optional, text, whole, type Schema } from '../schema.js'
import { intent, outcome } from './define.js'
import { anyText, caip10, caip2, caip2Id, errorCode, errorId, filled, link, message, namespace, plainAddress, unchecked, walletRef, withStoredImage } from './fields.js'

/** A connection's connector id as an outcome stores it: 1 to 256 characters. */
const connectorId = text(256)

/** A discovered wallet (EIP-6963 announced, injected, Wallet Standard): id, name and type, bounded strings. */
const connector = check<Connector>((v) => {
  const c = v as Record<string, unknown>
  return !!c && typeof c === 'object' && text(256)(c.id) && text(256)(c.name) && text(64)(c.type) && (c.rdns === undefined || text(256)(c.rdns))
})

export const connection = {
  /** The bridge's full current list of wallets (EIP-6963 announced, legacy injected). Replaces the previous list. */
  'connectors/discovered': intent(object({ connectors: list(connector, 200) }), { clean: (p) => ({ ...p, connectors: p.connectors.map((c) => withStoredImage(c, 'imageUrl')) }) }),
  /** `wallet`: the listing or connector the visitor picked (remembered as a recent wallet on success). */
  'connect/requested': intent(object({ connectorId: filled, namespace, wallet: optional(walletRef) })),
  /**
   * `via`: `prompt` after the wallet approved a request, `restore` when a stored session was confirmed silently.
   * `wallet` (schema 2): the wallet the visitor picked, remembered as the newest recent wallet; the
   * event carries it so that every tab folds the same recent wallets (v1 logs get it by upcasting).
   */
  'connect/succeeded': outcome(
    both(
      object({
        connectorId,
        namespace,
        caipAddress: caip10,
        via: oneOf(['prompt', 'restore']),
        wallet: optional(walletRef),
        /**
         * Every address the wallet exposes on the namespace, as it gave them, de-duplicated by
         * lowercase, at most MAX_CONNECTION_ACCOUNTS; absent in older logs, where the
         * connection's one account is `caipAddress`'s.
         */
        accounts: optional(list(plainAddress, MAX_CONNECTION_ACCOUNTS)),
        /**
         * docs/behaviour.md §6: `add` keeps the namespace's other connections (the multiWallet remote
         * feature was on when the effect decided); `replace` (or absent, as before multi-wallet) marks them
         * disconnected. Decided by the effect, so every tab and the snapshots fold the same.
         */
        mode: optional(oneOf(['add', 'replace'])),
      }),
      (p) => !p.accounts || p.accounts.every((a) => isAddressOf(p.namespace, a)),
    ),
    { shared: true },
  ),
  /** The connection did not happen: `message` says why, `code` is the wallet's EIP-1193 code when it had one. */
  'connect/failed': outcome(object({ connectorId, namespace, message: anyText, errorId: optional(errorId), code: optional(unchecked<number>()) })),

  /** EIP-1193 `accountsChanged` from the connected provider (addresses as the wallet sent them). */
  'wallet/accounts-changed': intent(
    both(object({ connectorId: filled, namespace, addresses: list(plainAddress, Infinity) }), (p) => p.addresses.every((a) => isAddressOf(p.namespace, a))),
    { shared: true },
  ),
  /** EIP-1193 `chainChanged`, normalised to CAIP-2. */
  'wallet/chain-changed': intent(
    both(object({ connectorId: filled, namespace, caipNetworkId: caip2Id }), (p) => readCaipNetworkId(p.caipNetworkId)?.namespace === p.namespace),
    { shared: true },
  ),
  /** EIP-1193 `disconnect` from the provider. */
  'wallet/disconnected': intent(object({ connectorId: filled, namespace })),

  /** Switch the active network (docs/behaviour.md §4): through the wallet when one is connected on that namespace. */
  'network/switch-requested': intent(object({ caipNetworkId: caip2Id })),
  /** docs/behaviour.md §2 SwitchActiveChain: the visitor picked a network of a namespace no wallet is connected on; the view asks before switching. */
  'network/active-chain-switch-requested': intent(object({ caipNetworkId: caip2Id })),
  /** The active network is now `caipNetworkId`. */
  'network/switched': outcome(object({ caipNetworkId: caip2 }), { shared: true }),
  /** The switch did not happen: `message` says why, `code` is the wallet's EIP-1193 code when it had one. */
  'network/switch-failed': outcome(object({ caipNetworkId: caip2, message: anyText, errorId: optional(errorId), code: optional(unchecked<number>()) })),

  /** docs/behaviour.md §6: switch the preferred account type of a namespace. */
  'account-type/switch-requested': intent(object({ namespace, accountType: oneOf(ACCOUNT_TYPES) }), { shared: true }),

  /**
   * Disconnect (docs/behaviour.md §4): `connectorId` names one connection of `namespace`; `all` every
   * live connection of `namespace` (of every namespace when none is named); neither, the active
   * connection of `namespace` (of the active namespace when none is named).
   */
  'disconnect/requested': intent(
    both(
      object({ namespace: optional(namespace), connectorId: optional(text(256)), all: optional(bool) }),
      (p) => (p.connectorId === undefined || p.namespace !== undefined) && (p.all === undefined || p.connectorId === undefined),
    ),
    { clean: (p) => ({ ...(p.namespace ? { namespace: p.namespace } : {}), ...(p.connectorId ? { connectorId: p.connectorId } : {}), ...(p.all ? { all: true } : {}) }) },
  ),
  /** `reason`: `user` (disconnect button or API), `wallet` (provider side), `restore-failed` (stored session no longer authorised). */
  'disconnect/succeeded': outcome(object({ connectorId, namespace, reason: oneOf(['user', 'wallet', 'restore-failed']) }), { shared: true }),
  /**
   * The wallet failed to end the connection the visitor asked to end (its revoke threw with another
   * error than "method not supported"): the connection stays as it was. `message` is
   * 'Failed to disconnect'; `cause` the wallet's own message (at most 256 characters), `code` its EIP-1193 code when it had one.
   */
  'disconnect/failed': outcome(object({ connectorId, namespace, message, errorId: optional(errorId), cause: text(256, 0), code: optional(errorCode) })),

  /**
   * Switch to a connection of `namespace` (docs/behaviour.md §4, ProfileWallets' Switch): the one
   * `connectorId` names, on `address` (one of its accounts; its first when absent). How depends on
   * the connection's class (select/connection-class.ts).
   */
  'connection/switch-requested': intent(
    both(object({ namespace, connectorId: text(256), address: optional(plainAddress) }), (p) => p.address === undefined || isAddressOf(p.namespace, p.address)),
  ),
  /**
   * The namespace's active connection is now `connectorId`'s, on `caipAddress` (no prompt: the
   * wallet still exposed it). `wallet`: another connection became the active one (else an account
   * switch inside the active connection).
   */
  'connection/switched': outcome(
    both(object({ namespace, connectorId, caipAddress: caip10, wallet: bool }), (p) => readCaipAddress(p.caipAddress)?.namespace === p.namespace),
    { shared: true },
  ),
  /**
   * docs/behaviour.md §3 addressLabels (`modal.setAddressLabel`): the site names `address` with
   * `label` (at most 64 characters); an empty label removes the name.
   */
  'address-label/set-requested': intent(object({ address: plainAddress, label: text(MAX_ADDRESS_LABEL, 0) })),
  /** A switch that did not happen; the active connection is as it was. */
  'connection/switch-failed': outcome(object({ namespace, connectorId, message: anyText, errorId: optional(errorId) })),

  /**
   * A WalletConnect pairing to show (QR code, copy, deep link). The `wc:` URI itself carries the
   * pairing's symmetric key, so it never enters the log: the UI reads it through the engine's
   * pairing channel. `expiresAt`: s since the epoch (docs/behaviour.md §9: 4 minutes).
   */
  'walletconnect/pairing-created': outcome(object({ pairingTopic: text(128), expiresAt: whole() })),
  /** docs/behaviour.md §5: the pairing has 10 s or less left; a new one follows while the view is open. */
  'walletconnect/pairing-expired': outcome(object({ pairingTopic: text(128) })),
  /**
   * The site asks for a WalletConnect pairing ahead of a pick, on any device (docs/behaviour.md §2,
   * §5 pairing): its URI comes on the engine's pairing channel, `walletconnect/pairing-created` is
   * logged, and it is renewed like any other (10 s or less of its 4 minutes left) until a wallet
   * settles it, the next connect takes it over, or it is reset. Nothing happens while a pairing is
   * in progress or a WalletConnect session is settled. Refused with 'WalletConnect is off' when the
   * site turned WalletConnect off. Not a reach for the modal: services still wait for
   * `modal/trigger-approached`.
   */
  'walletconnect/pairing-requested': intent(nothing),
  /**
   * The site lets go of the pairing in progress (docs/behaviour.md §5 pairing): its URI leaves the
   * pairing channel, renewal stops, and a connect waiting on it fails with 'Pairing reset'. Does
   * nothing when no pairing is in progress.
   */
  'walletconnect/pairing-reset-requested': intent(nothing),
  /**
   * The pairing `walletconnect/pairing-requested` (or a mobile open) started failed before a wallet
   * settled it: the sign client did not start, the relay gave no URI, or the wallet refused the
   * proposal. `message` is the failure's, at most 256 characters (it may come from the relay);
   * cancelling or resetting a pairing is no failure.
   */
  'walletconnect/pairing-failed': outcome(object({ message, errorId: optional(errorId) })),
  /** The page opened a wallet's deep link (docs/behaviour.md §3 wallet deep link choice: name, href). */
  'walletconnect/deep-link-opened': intent(object({ name: text(256), href: link }), { shared: true }),

  /**
   * The visitor ticked (`accepted` true) or unticked the legal checkbox (features.legalCheckbox):
   * while it is on and unticked, the engine refuses `connect/requested`. It holds for this page
   * session only (projections/slices/legal.ts): each page load asks again.
   */
  'legal/acceptance-changed': intent(object({ accepted: bool })),
}
