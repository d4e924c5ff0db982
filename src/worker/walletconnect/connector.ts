/**
 * The WalletConnect connector (docs/behaviour.md §3 Connector type WALLET_CONNECT), in the engine: it answers
 * the same wallet calls as the page's EIP-1193 and Wallet Standard wallets (wallet-calls.ts), so
 * connect, restore, switch, send and disconnect need no WalletConnect branch.
 *
 * - eth_requestAccounts / standard:connect: pairs (a `wc:` URI on the pairing channel, renewed
 *   when 10 s or less of its 4 minutes remain, docs/behaviour.md §5 and §9) and waits for the wallet to settle a
 *   session; an existing session with accounts on the namespace answers at once, and a pairing in
 *   progress is joined (on Telegram and iOS Safari one outlives the modal's close: `hold()`).
 * - eth_accounts / silent standard:connect: the stored session's accounts (restore; never pairs).
 * - eth_chainId: the session's current eip155 chain; wallet_switchEthereumChain moves it within the
 *   session's chains (else 4902).
 * - wallet_revokePermissions / standard:disconnect: ends the session.
 * - solana:signTransaction: solana_signTransaction.
 * - solana:signMessage (params `[text, signer address]`, for SIWX): solana_signMessage with
 *   `{ message: base58 of the text's UTF-8 bytes, pubkey: the address }`; the wallet's `{ signature }`
 *   (base58, 64 bytes) is answered as `{ signature }` in base58, which src/siwx/verify.ts reads as
 *   it reads the Wallet Standard bridge's base64.
 * - solana:signIn: refused with 4200 'Unsupported method' (WalletConnect has no sign-in method), so
 *   the engine signs with solana:signMessage instead (worker/effects/siwx/siwx-sign.ts).
 * - bitcoin:connect (silent: the stored session's bip122 accounts), as standard:connect.
 * - bitcoin:signTransaction, bitcoin:signMessage, bitcoin:getPublicKey: signPsbt, signMessage and
 *   getAccountAddresses (bitcoin-calls.ts, loaded with the first of them).
 * Anything else goes to the wallet as it is.
 * Wallet-side changes (session events, update, delete, expiry) come out of `events$` as wallet/* events.
 * A pairing `prepare()` started that fails comes out as walletconnect/pairing-failed; one a wallet
 * approves while no connect waits on it comes out as connect/requested (WalletConnect, the session's
 * first namespace), which the connect effect completes with that session.
 */
import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import { SwitchChainError, UnauthorizedProviderError, UnsupportedProviderMethodError } from 'viem'
import { WALLETCONNECT_CONNECTOR_ID, type CaipNetworkId, type Namespace, type Network } from '../../events/entities.js'
import { event, type NewEvent } from '../../events/types.js'
import { GangwayError, MODAL_CLOSED, ProviderRequestError, loggedMessage, walletError } from '../../events/kernel/errors.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { readCaipAddress, readCaipNetworkId } from '../../chains/caip.js'
import { chainIdHexOf } from '../../chains/eip155/accounts.js'
import { PAIRING_EXPIRY_MARGIN_S, PAIRING_LIFETIME_S } from '../../projections/rules/wallet-rules.js'
import { isEvmAddress } from '../../events/address-rules.js'
import type { PairingUri, ProviderRequest } from '../../contract.js'
import { pairingTopicOf, proposalNamespaces, sessionAddresses, sessionChains, sessionNamespaceNames, type SessionNamespace } from './namespaces.js'

/** A settled session, as much of it as Gangway reads. */
export interface SessionLike {
  topic: string
  expiry: number
  namespaces: Record<string, SessionNamespace>
  peer?: { metadata?: { name?: string } }
}

/** The part of `@walletconnect/sign-client` the connector uses (tests pass a fake). */
export interface SignClientLike {
  connect(params: { optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }> }): Promise<{ uri?: string; approval(): Promise<SessionLike> }>
  request<T = unknown>(params: { topic: string; chainId: string; request: { method: string; params?: unknown } }): Promise<T>
  disconnect(params: { topic: string; reason: { code: number; message: string } }): Promise<void>
  session: { getAll(): SessionLike[] }
  on(event: string, listener: (args: never) => void): unknown
}


export interface WalletConnectConnectorOptions {
  /** Starts the sign client (lazily, on the first call that needs it). */
  load: () => Promise<SignClientLike>
  /** The site's networks (proposed to the wallet). */
  networks: () => readonly Network[]
  /** The network the site is on for a namespace, if any (a restored session resumes on it). */
  activeChain: (namespace: Namespace) => CaipNetworkId | undefined
  /** ms since the epoch. */
  clock: () => number
  /** Pairing lifetime in s; default 240 (docs/behaviour.md §9). */
  pairingLifetimeS?: number
  /** Loads the sign client's code ahead of need, without starting it. */
  preload?: () => Promise<unknown>
}

export interface WalletConnectConnector {
  /**
   * Answers a wallet call (see the module comment).
   * @throws the wallet's error typed (events/kernel/errors.ts `walletError`: category API_ERROR, details
   *   '{method} on connector walletConnect'): UserRejectedError with the wallet's code (5000) and
   *   message for a refusal, else ProviderRequestError with its code, or GangwayError;
   *   GangwayError 'Modal closed' (or `cancel`'s message) when `cancel` ends a pairing;
   *   ProviderRequestError 4100 'No WalletConnect session' for a call that needs a session when none
   *   is settled; ProviderRequestError 4902 'Unrecognized chain ID' for a chain the session lacks;
   *   GangwayError 'Invalid CAIP-2 network id' (DATA_PARSING_ERROR) for eth_chainId when the
   *   session's chain is malformed; GangwayError 'The wallet returned no signed transaction', 'The
   *   wallet returned no signature' (solana:signMessage: not a 64-byte base58 signature) and
   *   'WalletConnect gave no pairing URI' (API_ERROR); ProviderRequestError 4200 'Unsupported
   *   method: solana:signIn'.
   */
  request(args: ProviderRequest): Promise<unknown>
  /** The pairing URI on show, or undefined. */
  readonly pairing$: Observable<PairingUri | undefined>
  /** walletconnect/pairing-* (created, expired, failed) and wallet/* events for the log. */
  readonly events$: Observable<NewEvent>
  /**
   * Ends a pairing in progress, or one `prepare()` is starting: its URI leaves the pairing channel,
   * renewal stops, and a request waiting on it rejects with GangwayError `message` (default 'Modal
   * closed'; 'Pairing reset' for `walletconnect/pairing-reset-requested`). Not a failure: no
   * walletconnect/pairing-failed. Does nothing when no pairing is in progress.
   */
  cancel(message?: string): void
  /**
   * The modal closed on a browser that reuses its pairing (docs/behaviour.md §4: Telegram's in-app
   * browser, iOS Safari): the pairing in progress stays on show, and a wallet may still settle it,
   * until it expires (10 s or less of its lifetime left); then it ends with GangwayError 'Modal
   * closed' instead of being renewed. The next connect or `prepare()` takes it over, and renewal
   * resumes. Does nothing when no pairing is in progress.
   */
  hold(): void
  /** Loads the sign client's code ahead of a pairing (once; errors are ignored). */
  preload(): void
  /**
   * Starts a pairing ahead of a pick (for mobile devices, docs/behaviour.md §2): its URI is on the pairing channel before
   * the visitor taps a wallet, so the page can open the wallet's deep link inside that tap's user
   * gesture. The next connect takes this pairing over instead of making one; `cancel` ends it like
   * any other, and it is renewed like any other (a new URI when 10 s or less of its lifetime
   * remain) until it settles, fails or is cancelled. Does nothing while a pairing is in progress or
   * a session is settled. A failure (the sign client did not start, the relay gave no URI, the
   * wallet refused the proposal) comes out of `events$` as walletconnect/pairing-failed with its
   * message (at most 256 characters: it may be the relay's), and the next connect pairs afresh.
   * Called on a mobile open with nobody connected and on `walletconnect/pairing-requested`.
   */
  prepare(): void
}

/** The error a WalletConnect call meets when the site turned WalletConnect off (`walletConnect: false`). */
export const WALLETCONNECT_OFF = ERRORS.walletConnectOff.message

/** The message `cancel` gives a pairing ended by `walletconnect/pairing-reset-requested`. */
export const PAIRING_RESET = ERRORS.pairingReset.message

const noSession = () => new ProviderRequestError('No WalletConnect session', { code: UnauthorizedProviderError.code })
/**
 * The reason Gangway gives the sign client when it ends a session: WalletConnect's own SDK reason
 * (`getSdkError('USER_DISCONNECTED')` of @walletconnect/utils, written out so the engine's main
 * chunk does not load that package), not an EIP-1193 error.
 */
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }

/** `value` decoded by `coder`, or undefined when it is not in that encoding. */
const decodes = (coder: { decode(s: string): Uint8Array }, value: string): Uint8Array | undefined => {
  try {
    return coder.decode(value)
  } catch {
    return undefined
  }
}

/** An account of a session event: a CAIP-10 id's address, a bare address as it is, else undefined. */
const eventAddress = (account: unknown): string | undefined => (typeof account !== 'string' ? undefined : account.includes(':') ? readCaipAddress(account)?.address : account)

export function createWalletConnectConnector(o: WalletConnectConnectorOptions): WalletConnectConnector {
  const lifetime = o.pairingLifetimeS ?? PAIRING_LIFETIME_S
  const pairing$ = new BehaviorSubject<PairingUri | undefined>(undefined)
  const events$ = new Subject<NewEvent>()
  let client: Promise<SignClientLike> | undefined
  let session: SessionLike | undefined
  /** The session's current eip155 chain. */
  let chain: CaipNetworkId | undefined
  /** Rejects the pairing in progress. */
  let abort: ((error: Error) => void) | undefined
  let preloaded = false
  /** The pairing prepare() started, until it settles: the next connect waits on it instead of pairing anew. */
  let prepared: Promise<SessionLike> | undefined
  /** The prepared pairings a connect took over (that connect reports the approval). */
  const joined = new WeakSet<Promise<SessionLike>>()
  /** Counts cancel() calls: a prepared pairing whose client is still starting checks it was not cancelled meanwhile. */
  let cancels = 0
  /** The last cancel()'s message, which a prepared pairing cancelled while its client started ends with. */
  let cancelledWith: string = MODAL_CLOSED
  /** The pairing in progress (a connect's or prepare()'s), which another connect joins instead of pairing anew. */
  let live: Promise<SessionLike> | undefined
  /** hold(): the pairing in progress ends at its expiry instead of being renewed. */
  let held = false
  /** The errors that end a pairing on purpose (cancel(), a held pairing's expiry): a prepared pairing ending with one did not fail. */
  const ended = new WeakSet<Error>()
  /** A GangwayError `message` that ends a pairing on purpose. */
  const deliberate = (message: string): GangwayError => {
    const error = new GangwayError(message)
    ended.add(error)
    return error
  }

  /** Reports each namespace of an ended session disconnected. */
  const reportGone = (gone: SessionLike) => {
    for (const namespace of sessionNamespaceNames(gone.namespaces)) events$.next(event('wallet/disconnected', { connectorId: WALLETCONNECT_CONNECTOR_ID, namespace }))
  }

  const adopt = (s: SessionLike) => {
    session = s
    const chains = sessionChains(s.namespaces, 'eip155')
    const wanted = o.activeChain('eip155')
    chain = wanted && chains.includes(wanted) ? wanted : chains[0]
  }

  const getClient = () =>
    (client ??= o.load().then((c) => {
      const live = c.session.getAll().filter((s) => s.expiry * 1000 > o.clock())
      const latest = live.sort((a, b) => b.expiry - a.expiry)[0]
      if (latest) adopt(latest)
      // The wallet deleted the session, or it expired.
      const ended = ({ topic }: { topic: string }) => {
        if (!session || session.topic !== topic) return
        const gone = session
        session = undefined
        reportGone(gone)
      }
      c.on('session_delete', ended)
      c.on('session_expire', ended)
      c.on('session_update', ({ topic, params }: { topic: string; params: { namespaces: Record<string, SessionNamespace> } }) => {
        if (session?.topic !== topic) return
        session = { ...session, namespaces: params.namespaces }
        for (const namespace of sessionNamespaceNames(params.namespaces)) {
          const addresses = sessionAddresses(params.namespaces, namespace, namespace === 'eip155' ? chain : undefined)
          events$.next(event('wallet/accounts-changed', { connectorId: WALLETCONNECT_CONNECTOR_ID, namespace, addresses }))
        }
      })
      c.on('session_event', ({ topic, params }: { topic: string; params: { chainId: string; event: { name: string; data: unknown } } }) => {
        if (session?.topic !== topic) return
        const namespace = readCaipNetworkId(params.chainId)?.namespace as Namespace | undefined
        if (!namespace) return
        if (params.event.name === 'chainChanged' && namespace === 'eip155') {
          const data = params.event.data
          const id = typeof data === 'string' && data.includes(':') ? data : `eip155:${Number(data)}`
          if (!readCaipNetworkId(id)) return
          chain = id as CaipNetworkId
          events$.next(event('wallet/chain-changed', { connectorId: WALLETCONNECT_CONNECTOR_ID, namespace, caipNetworkId: chain }))
        } else if (params.event.name === 'accountsChanged' && Array.isArray(params.event.data)) {
          const read = (params.event.data as unknown[]).map(eventAddress)
          if (!read.every((a): a is string => a !== undefined)) return
          const addresses = read
          if (namespace === 'eip155' && !addresses.every(isEvmAddress)) return
          events$.next(event('wallet/accounts-changed', { connectorId: WALLETCONNECT_CONNECTOR_ID, namespace, addresses }))
        }
      })
      return c
    }).catch((error: unknown) => {
      // A client that failed to start (relay unreachable) is started afresh by the next call.
      client = undefined
      throw error
    }))

  /** Pairs until a wallet settles a session, a new URI each time one expires. */
  const pair = async (c: SignClientLike): Promise<SessionLike> => {
    let stopped = false
    const cancelled = new Promise<never>((_, reject) => {
      abort = (error) => {
        stopped = true
        reject(error)
      }
    })
    cancelled.catch(() => undefined)
    try {
      for (;;) {
        const { uri, approval } = await Promise.race([c.connect({ optionalNamespaces: proposalNamespaces(o.networks()) }), cancelled])
        if (!uri) throw new GangwayError('WalletConnect gave no pairing URI', { category: 'API_ERROR' })
        const pairingTopic = pairingTopicOf(uri)
        const expiresAt = Math.floor(o.clock() / 1000) + lifetime
        pairing$.next({ uri, pairingTopic, expiresAt })
        events$.next(event('walletconnect/pairing-created', { pairingTopic, expiresAt }))
        let timer: ReturnType<typeof setTimeout> | undefined
        const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), (expiresAt - PAIRING_EXPIRY_MARGIN_S) * 1000 - o.clock())))
        const approved = approval()
        // A wallet that settles on a URI no longer on show (expired, or the visitor left) is let go.
        const letGo = () => void approved.then((late) => c.disconnect({ topic: late.topic, reason: USER_DISCONNECTED })).catch(() => undefined)
        let outcome: SessionLike | 'expired'
        try {
          outcome = await Promise.race([approved, expired, cancelled])
        } catch (error) {
          if (stopped) letGo()
          throw error
        } finally {
          clearTimeout(timer)
        }
        if (outcome !== 'expired') return outcome
        // docs/behaviour.md §5: expired with 10 s or less left; a new pairing follows, unless the modal closed over a held one.
        letGo()
        events$.next(event('walletconnect/pairing-expired', { pairingTopic }))
        if (held) throw deliberate(MODAL_CLOSED)
      }
    } finally {
      abort = undefined
      held = false
      pairing$.next(undefined)
    }
  }

  /** The pairing in progress, or a new one. */
  const pairOnce = (c: SignClientLike): Promise<SessionLike> => {
    if (live) return live
    const started = pair(c)
    live = started
    started.then(
      () => live === started && (live = undefined),
      () => live === started && (live = undefined),
    )
    return started
  }

  const connect = async (namespace: Namespace): Promise<string[]> => {
    held = false
    const c = await getClient()
    if (!session || sessionAddresses(session.namespaces, namespace).length === 0) {
      if (prepared) joined.add(prepared)
      adopt(await (prepared ?? pairOnce(c)))
    }
    const addresses = sessionAddresses(session!.namespaces, namespace, namespace === 'eip155' ? chain : undefined)
    return addresses.length ? addresses : sessionAddresses(session!.namespaces, namespace)
  }

  const storedAccounts = async (namespace: Namespace): Promise<string[]> => {
    await getClient()
    if (!session) return []
    return sessionAddresses(session.namespaces, namespace, namespace === 'eip155' ? chain : undefined)
  }

  const end = async () => {
    const c = await getClient()
    const gone = session
    if (!gone) return
    session = undefined
    await c.disconnect({ topic: gone.topic, reason: USER_DISCONNECTED }).catch(() => undefined)
    reportGone(gone)
  }

  const forward = async (args: ProviderRequest, namespace: Namespace): Promise<unknown> => {
    const c = await getClient()
    if (!session) throw noSession()
    const chainId = namespace === 'eip155' ? chain : sessionChains(session.namespaces, namespace)[0]
    if (!chainId) throw noSession()
    // A method the wallet did not approve for the session is one it lacks (sign-client would refuse it untyped).
    if (!(session.namespaces[namespace]?.methods ?? []).includes(args.method)) throw new ProviderRequestError(`Unsupported method: ${args.method.slice(0, 64)}`, { code: UnsupportedProviderMethodError.code })
    return c.request({ topic: session.topic, chainId, request: { method: args.method, ...(args.params !== undefined ? { params: args.params } : {}) } })
  }

  /** One wallet call, by method (the module comment); the errors as they come, typed by `request`. */
  const answer = async (args: ProviderRequest): Promise<unknown> => {
    const params = Array.isArray(args.params) ? args.params : []
    switch (args.method) {
      case 'eth_requestAccounts':
        return connect('eip155')
      case 'standard:connect':
        return (params[0] as { silent?: boolean } | undefined)?.silent ? storedAccounts('solana') : connect('solana')
      case 'eth_accounts':
        return storedAccounts('eip155')
      case 'eth_chainId':
        await getClient()
        if (!chain) throw noSession()
        return chainIdHexOf(chain)
      case 'wallet_switchEthereumChain': {
        await getClient()
        if (!session) throw noSession()
        const wanted = `eip155:${Number((params[0] as { chainId: string }).chainId)}` as CaipNetworkId
        if (!sessionChains(session.namespaces, 'eip155').includes(wanted)) throw new ProviderRequestError('Unrecognized chain ID', { code: SwitchChainError.code, details: `${wanted} is not among the session's chains` })
        chain = wanted
        events$.next(event('wallet/chain-changed', { connectorId: WALLETCONNECT_CONNECTOR_ID, namespace: 'eip155', caipNetworkId: wanted }))
        return null
      }
      case 'wallet_revokePermissions':
      case 'standard:disconnect':
        await end()
        return null
      case 'solana:signTransaction': {
        const result = (await forward({ method: 'solana_signTransaction', params: { transaction: params[0] } }, 'solana')) as { transaction?: string }
        if (!result?.transaction) throw new GangwayError('The wallet returned no signed transaction', { category: 'API_ERROR' })
        return result.transaction
      }
      case 'solana:signMessage': {
        // Base58 is loaded with the first Solana message: most sites never ask for one.
        const { base58 } = await import('@scure/base')
        const message = base58.encode(new TextEncoder().encode(String(params[0])))
        const result = (await forward({ method: 'solana_signMessage', params: { message, pubkey: String(params[1]) } }, 'solana')) as { signature?: unknown } | null
        const signature = result?.signature
        if (typeof signature !== 'string' || signature.length > 128 || decodes(base58, signature)?.length !== 64) throw new GangwayError('The wallet returned no signature', { category: 'API_ERROR' })
        return { signature }
      }
      case 'solana:signIn':
        throw new ProviderRequestError(`Unsupported method: ${args.method}`, { code: UnsupportedProviderMethodError.code })
      case 'bitcoin:connect':
        return (params[0] as { silent?: boolean } | undefined)?.silent ? storedAccounts('bip122') : connect('bip122')
      case 'bitcoin:signTransaction':
      case 'bitcoin:signMessage':
      case 'bitcoin:getPublicKey':
        // Bitcoin's calls load with the first of them: most sessions never make one.
        return (await import('../bitcoin/bitcoin-code.js')).bitcoinSessionCall(args, (request) => forward(request, 'bip122'))
      default:
        return forward(args, args.method.startsWith('solana') ? 'solana' : 'eip155')
    }
  }

  return {
    pairing$: pairing$.asObservable(),
    events$: events$.asObservable(),
    preload() {
      if (preloaded || client) return
      preloaded = true
      o.preload?.().catch(() => undefined)
    },
    prepare() {
      held = false
      if (prepared || abort || session) return
      const ticket = ++cancels
      // A cancel while the client starts ends it before it pairs; a session the client restored needs none.
      let restored = false
      const started = getClient().then((c) => (ticket !== cancels ? Promise.reject(deliberate(cancelledWith)) : session ? ((restored = true), session) : pairOnce(c)))
      prepared = started
      // Settled (approved, cancelled or failed): the next connect pairs anew unless it took this one over.
      started
        .then((approved) => {
          adopt(approved)
          // A wallet approved it with no connect waiting (it scanned a site's own QR code of this
          // pairing): connected as a pick of WalletConnect would be, on the session's first namespace.
          const namespace = sessionNamespaceNames(approved.namespaces)[0]
          if (!restored && !joined.has(started) && namespace) events$.next(event('connect/requested', { connectorId: WALLETCONNECT_CONNECTOR_ID, namespace }))
        }, (error: unknown) => {
          if (!(error instanceof Error && ended.has(error))) events$.next(event('walletconnect/pairing-failed', { message: loggedMessage(error) }))
        })
        .finally(() => prepared === started && (prepared = undefined))
    },
    cancel(message = MODAL_CLOSED) {
      cancels++
      cancelledWith = message
      abort?.(deliberate(message))
    },
    hold() {
      if (abort || prepared) held = true
    },
    async request(args) {
      try {
        return await answer(args)
      } catch (error) {
        throw walletError(error, WALLETCONNECT_CONNECTOR_ID, args.method)
      }
    },
  }
}
