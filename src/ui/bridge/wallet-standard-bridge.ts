/**
 * The Wallet Standard source (@wallet-standard/app): Solana and Bitcoin wallets that register on the
 * page. A Solana wallet's connector id is `wallet-standard:<name>`, a Bitcoin wallet's
 * `wallet-standard-bitcoin:<name>` (a wallet of both chains is two connectors, one per namespace);
 * a Bitcoin connector's `bitcoin:` calls are bitcoin-standard-requests.ts's, loaded with the first.
 * Requests the engine may make of a Solana connector:
 * - `standard:connect` (params `[{ silent }]`) → the accounts' base58 addresses;
 * - `standard:disconnect`;
 * - `solana:signTransaction` (params `[base64 wire transaction, signer address]`) → the signed one, base64;
 * - `solana:signMessage` (params `[text, signer address]`: the text signed as UTF-8, docs/behaviour.md §4 SIWX) →
 *   `{ signature }`, the ed25519 signature in base64.
 * - `solana:signIn` (params `[input]`, the Wallet Standard's `SolanaSignInInput`: `address` (the
 *   signer: an account of the wallet, else ProviderRequestError 4100 'Unauthorized'), `domain`,
 *   `statement`, `uri`, `version`, `chainId`, `nonce`, `issuedAt`, `expirationTime`, `notBefore`,
 *   `requestId` as strings and `resources` as strings, other keys dropped)
 *   → `{ address, signedMessage, signature }`: the account the wallet signed in with, the text it
 *   wrote and signed (UTF-8 decoded), the ed25519 signature in base64. Nothing here checks the text
 *   against the input: the engine does (worker/effects/siwx/siwx-sign.ts). A wallet without the feature
 *   is refused with ProviderRequestError 4200 'Unsupported method: solana:signIn', so the engine
 *   signs the same text with `solana:signMessage` instead.
 * Wallet errors are thrown typed (events/kernel/errors.ts `walletError`: a refusal, 4001, is a UserRejectedError);
 * a sign-in output that is not `{ account, signedMessage, signature }` with UTF-8 text of at most
 * MAX_SIGN_IN_BYTES (32 KiB) and a 64-byte signature is GangwayError 'The wallet returned no signed sign-in'.
 */
import { toBase64, fromBase64 } from '../../events/kernel/base64.js'
import { GANGWAY_WALLET_FEATURE } from './gangway-wallet-feature.js'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { Connector, Intent } from '../../contract.js'
import type { ConnectorSource } from './eip1193-bridge.js'
import { GangwayError, PROVIDER_ERROR_CODES, ProviderRequestError, noConnectorFound, walletError } from '../../events/kernel/errors.js'

const PREFIX = 'wallet-standard:'
/** events/kernel/page-kernel.ts BITCOIN_STANDARD_CONNECTOR_PREFIX, written out: importing it would split a chunk every page loads (wallet-standard-bridge.test.ts checks the two agree). */
const BITCOIN_PREFIX = 'wallet-standard-bitcoin:'

type Features = {
  'standard:connect'?: { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }
  'standard:disconnect'?: { disconnect(): Promise<void> }
  'standard:events'?: { on(event: 'change', listener: (p: { accounts?: readonly WalletAccount[] }) => void): () => void }
  'solana:signTransaction'?: { signTransaction(...inputs: { transaction: Uint8Array; account: WalletAccount; chain?: string }[]): Promise<{ signedTransaction: Uint8Array }[]> }
  'solana:signMessage'?: { signMessage(...inputs: { message: Uint8Array; account: WalletAccount }[]): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]> }
  'solana:signIn'?: { signIn(...inputs: Record<string, unknown>[]): Promise<unknown[]> }
}

/**
 * A Solana wallet the modal offers: not Gangway's own registration of its connections
 * (solana-standard-wallet.ts, marked with the GANGWAY_WALLET_FEATURE), which would offer the
 * modal's connection back to itself.
 */
const isSolanaWallet = (w: Wallet) => w.chains.some((c) => c.startsWith('solana:')) && 'standard:connect' in w.features && !(GANGWAY_WALLET_FEATURE in w.features)
/** A Bitcoin wallet the modal offers (the `bitcoin:connect` feature, ExodusMovement/bitcoin-wallet-standard). */
const isBitcoinWallet = (w: Wallet) => 'bitcoin:connect' in w.features && !(GANGWAY_WALLET_FEATURE in w.features)

/** The string fields of a `solana:signIn` input passed on to the wallet. */
const SIGN_IN_FIELDS = ['domain', 'address', 'statement', 'uri', 'version', 'chainId', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId'] as const
/** The longest sign-in field or resource passed on, in characters, and the most resources. */
const SIGN_IN_FIELD_CHARS = 2048
const SIGN_IN_RESOURCES = 64
/** The longest signed sign-in text taken from a wallet, in bytes (the engine reads at most 8192 characters). */
const MAX_SIGN_IN_BYTES = 32 * 1024

/** The known fields of a `solana:signIn` input, as plain strings (longer or other values dropped). */
function signInInput(value: unknown): Record<string, unknown> {
  const given = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const input: Record<string, unknown> = {}
  for (const key of SIGN_IN_FIELDS) {
    const v = given[key]
    if (typeof v === 'string' && v.length <= SIGN_IN_FIELD_CHARS) input[key] = v
  }
  const resources = given.resources
  if (Array.isArray(resources)) input.resources = resources.slice(0, SIGN_IN_RESOURCES).filter((r): r is string => typeof r === 'string' && r.length <= SIGN_IN_FIELD_CHARS)
  return input
}

/** A wallet's `solana:signIn` output as `{ address, signedMessage, signature }`. @throws GangwayError 'The wallet returned no signed sign-in'. */
function signInOutput(output: unknown): { address: string; signedMessage: string; signature: string } {
  const o = (output && typeof output === 'object' ? output : {}) as { account?: { address?: unknown }; signedMessage?: unknown; signature?: unknown }
  const address = o.account?.address
  const { signedMessage, signature } = o
  if (typeof address !== 'string' || address.length > 64 || !(signedMessage instanceof Uint8Array) || signedMessage.length > MAX_SIGN_IN_BYTES || !(signature instanceof Uint8Array) || signature.length !== 64) {
    throw new GangwayError('The wallet returned no signed sign-in', { category: 'API_ERROR' })
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(signedMessage)
  } catch {
    throw new GangwayError('The wallet returned no signed sign-in', { category: 'API_ERROR', details: 'the signed message is not UTF-8' })
  }
  return { address, signedMessage: text, signature: toBase64(signature) }
}

export function createWalletStandardBridge(dispatch: (intent: Intent) => Promise<void> | void, report: (connectors: Connector[]) => void): ConnectorSource {
  const registry = getWallets()
  const wallets = () => registry.get().filter(isSolanaWallet)
  const bitcoinWallets = () => registry.get().filter(isBitcoinWallet)
  const find = (id: string) => (id.startsWith(BITCOIN_PREFIX) ? bitcoinWallets().find((w) => BITCOIN_PREFIX + w.name === id) : wallets().find((w) => PREFIX + w.name === id))
  const publish = () =>
    report([
      ...wallets().map((w): Connector => ({ id: PREFIX + w.name, type: 'ANNOUNCED', name: w.name, chain: 'solana', imageUrl: w.icon })),
      ...bitcoinWallets().map((w): Connector => ({ id: BITCOIN_PREFIX + w.name, type: 'ANNOUNCED', name: w.name, chain: 'bip122', imageUrl: w.icon })),
    ])
  const offs = [registry.on('register', publish), registry.on('unregister', publish)]
  publish()

  const waitFor = (id: string, waitMs: number) =>
    new Promise<Wallet | undefined>((resolve) => {
      if (find(id) || waitMs <= 0) return resolve(find(id))
      const off = registry.on('register', () => find(id) && done())
      const timer = setTimeout(done, waitMs)
      function done() {
        clearTimeout(timer)
        off()
        resolve(find(id))
      }
    })

  let unwatch: (() => void)[] = []
  return {
    owns: (id) => id.startsWith(PREFIX) || id.startsWith(BITCOIN_PREFIX),
    async request(connectorId, args, options = {}) {
      const wallet = await waitFor(connectorId, options.waitMs ?? 0)
      if (!wallet) throw noConnectorFound(connectorId)
      const features = wallet.features as Features
      const params = Array.isArray(args.params) ? args.params : []
      /** The wallet's account `address`, when the wallet can `feature` with it. */
      const signer = (address: unknown, feature: 'solana:signTransaction' | 'solana:signMessage' | 'solana:signIn') => {
        const account = wallet.accounts.find((a) => a.address === address)
        if (!account || !features[feature]) throw new ProviderRequestError('Unauthorized', { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError, details: `${String(address).slice(0, 64)} is not an account of ${wallet.name} that can sign` })
        return account
      }
      try {
        if (connectorId.startsWith(BITCOIN_PREFIX) && args.method !== 'standard:disconnect') return await (await import('./bitcoin-standard-requests.js')).bitcoinStandardRequest(wallet, args)
        switch (args.method) {
          case 'standard:connect': {
            const { accounts } = await features['standard:connect']!.connect(params[0] as { silent?: boolean } | undefined)
            return accounts.filter((a) => a.chains.some((c) => c.startsWith('solana:'))).map((a) => a.address)
          }
          case 'standard:disconnect':
            await features['standard:disconnect']?.disconnect()
            return null
          case 'solana:signTransaction': {
            // The engine names the signer: the account it connected (or restored), not whichever comes first.
            const account = signer(params[1], 'solana:signTransaction')
            const [signed] = await features['solana:signTransaction']!.signTransaction({ transaction: fromBase64(String(params[0])), account })
            return toBase64(signed!.signedTransaction)
          }
          case 'solana:signMessage': {
            const account = signer(params[1], 'solana:signMessage')
            const [signed] = await features['solana:signMessage']!.signMessage({ message: new TextEncoder().encode(String(params[0])), account })
            return { signature: toBase64(signed!.signature) }
          }
          case 'solana:signIn': {
            // Without the feature the engine falls back to solana:signMessage: say so with the code it looks for.
            if (!features['solana:signIn']) throw new ProviderRequestError(`Unsupported method: ${args.method}`, { code: PROVIDER_ERROR_CODES.UnsupportedProviderMethodError })
            const input = signInInput(params[0])
            signer(input.address, 'solana:signIn')
            const [output] = await features['solana:signIn'].signIn(input)
            return signInOutput(output)
          }
          default:
            throw new ProviderRequestError(`Unsupported method: ${args.method}`, { code: PROVIDER_ERROR_CODES.UnsupportedProviderMethodError })
        }
      } catch (error) {
        throw walletError(error, connectorId, args.method)
      }
    },
    watch(connectorIds) {
      for (const off of unwatch) off()
      unwatch = []
      for (const connectorId of connectorIds) {
        const events = (find(connectorId)?.features as Features | undefined)?.['standard:events']
        if (!events) continue
        unwatch.push(
          events.on('change', ({ accounts }) => {
            if (!accounts) return
            // A Bitcoin connector's accounts are those on a Bitcoin chain (the wallet may hold others).
            const bitcoin = connectorId.startsWith(BITCOIN_PREFIX)
            const addresses = (bitcoin ? accounts.filter((a) => a.chains.some((c) => c.startsWith('bitcoin:'))) : accounts).map((a) => a.address)
            void dispatch({ type: 'wallet/accounts-changed', payload: { connectorId, namespace: bitcoin ? 'bip122' : 'solana', addresses } })
          }),
        )
      }
    },
    close() {
      for (const off of [...unwatch, ...offs]) off()
    },
  }
}
