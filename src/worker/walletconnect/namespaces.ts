/**
 * WalletConnect session shapes, pure: the namespaces Gangway proposes (every configured network of
 * eip155, solana and bip122, CAIP-2), the accounts a settled session grants, and the pairing topic of a
 * `wc:` URI. WalletConnect's CAIP-25 namespaces use the same CAIP-2 and CAIP-10 ids as the log.
 */
import { readCaipAddress } from '../../chains/caip.js'
import type { CaipNetworkId, Namespace, Network } from '../../events/entities.js'
import { GangwayError } from '../../events/kernel/errors.js'

/** The methods and events asked for per namespace. */
export const PROPOSED_METHODS: Partial<Record<Namespace, { methods: string[]; events: string[] }>> = {
  eip155: {
    methods: ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4', 'eth_sign', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
    events: ['chainChanged', 'accountsChanged'],
  },
  solana: { methods: ['solana_signTransaction', 'solana_signMessage'], events: [] },
  // Reown AppKit's bip122 methods (adapters/bitcoin WalletConnectProvider); sendTransfer exists only here.
  bip122: { methods: ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'], events: ['bip122_addressesChanged'] },
}

/** A CAIP-25 namespace as a session proposal carries it. */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
}

/** A namespace as a settled session grants it: `accounts` are CAIP-10 ids. */
export interface SessionNamespace {
  accounts: string[]
  chains?: string[]
  methods: string[]
  events: string[]
}

/** The optional namespaces of a session proposal: each configured network of a namespace WalletConnect serves. */
export function proposalNamespaces(networks: readonly Network[]): Record<string, ProposalNamespace> {
  const out: Record<string, ProposalNamespace> = {}
  for (const n of networks) {
    const shape = PROPOSED_METHODS[n.chainNamespace]
    if (!shape) continue
    const ns = (out[n.chainNamespace] ??= { chains: [], methods: shape.methods, events: shape.events })
    if (!ns.chains.includes(n.caipNetworkId)) ns.chains.push(n.caipNetworkId)
  }
  return out
}

/** The CAIP-10 accounts a session grants on `namespace`, optionally on one chain only. */
export function sessionAccounts(namespaces: Record<string, SessionNamespace>, namespace: Namespace, chain?: CaipNetworkId): string[] {
  return (namespaces[namespace]?.accounts ?? []).filter((a) => !chain || readCaipAddress(a)?.caipNetworkId === chain)
}

/** The distinct addresses a session grants on `namespace` (on `chain` when given), in the session's order; malformed CAIP-10 ids are skipped. */
export function sessionAddresses(namespaces: Record<string, SessionNamespace>, namespace: Namespace, chain?: CaipNetworkId): string[] {
  return [...new Set(sessionAccounts(namespaces, namespace, chain).flatMap((a) => readCaipAddress(a)?.address ?? []))]
}

/** The chains a session grants on `namespace` (from its accounts, malformed ones skipped, and its chains list), CAIP-2. */
export function sessionChains(namespaces: Record<string, SessionNamespace>, namespace: Namespace): CaipNetworkId[] {
  const ns = namespaces[namespace]
  if (!ns) return []
  const fromAccounts = ns.accounts.flatMap((a) => readCaipAddress(a)?.caipNetworkId ?? [])
  return [...new Set([...(ns.chains ?? []), ...fromAccounts])] as CaipNetworkId[]
}

/** The namespaces a session holds accounts in. */
export function sessionNamespaceNames(namespaces: Record<string, SessionNamespace>): Namespace[] {
  return Object.keys(namespaces).filter((k) => (namespaces[k]?.accounts.length ?? 0) > 0) as Namespace[]
}

/**
 * The pairing topic of a `wc:` URI (`wc:{topic}@2?relay-protocol=irn&symKey=…&expiryTimestamp=…`).
 * @throws GangwayError 'Invalid WalletConnect URI' for anything else.
 */
export function pairingTopicOf(uri: string): string {
  const m = /^wc:([0-9a-f]{64})@2\?/.exec(uri)
  if (!m) throw new GangwayError('Invalid WalletConnect URI', { category: 'DATA_PARSING_ERROR' })
  return m[1]!
}
