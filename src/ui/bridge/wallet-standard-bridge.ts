/**
 * The Wallet Standard source (@wallet-standard/app): Solana wallets that register on the page.
 * Connector ids are `wallet-standard:<name>`. Requests the engine may make:
 * - `standard:connect` (params `[{ silent }]`) → the accounts' base58 addresses;
 * - `standard:disconnect`;
 * - `solana:signTransaction` (params `[base64 wire transaction, signer address]`) → the signed one, base64;
 * - `solana:signMessage` (params `[text, signer address]`: the text signed as UTF-8, issue 20 SIWX) →
 *   `{ signature }`, the ed25519 signature in base64.
 * Wallet errors are thrown typed (events/errors.ts `walletError`: a refusal, 4001, is a UserRejectedError).
 */
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { Connector, Intent } from '../../contract.js'
import type { ConnectorSource } from './eip1193-bridge.js'
import { PROVIDER_ERROR_CODES, ProviderRequestError, noConnectorFound, walletError } from '../../events/errors.js'

const PREFIX = 'wallet-standard:'

type Features = {
  'standard:connect'?: { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> }
  'standard:disconnect'?: { disconnect(): Promise<void> }
  'standard:events'?: { on(event: 'change', listener: (p: { accounts?: readonly WalletAccount[] }) => void): () => void }
  'solana:signTransaction'?: { signTransaction(...inputs: { transaction: Uint8Array; account: WalletAccount; chain?: string }[]): Promise<{ signedTransaction: Uint8Array }[]> }
  'solana:signMessage'?: { signMessage(...inputs: { message: Uint8Array; account: WalletAccount }[]): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]> }
}

const isSolanaWallet = (w: Wallet) => w.chains.some((c) => c.startsWith('solana:')) && 'standard:connect' in w.features
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))

export function createWalletStandardBridge(dispatch: (intent: Intent) => Promise<void> | void, report: (connectors: Connector[]) => void): ConnectorSource {
  const registry = getWallets()
  const wallets = () => registry.get().filter(isSolanaWallet)
  const find = (id: string) => wallets().find((w) => PREFIX + w.name === id)
  const publish = () => report(wallets().map((w) => ({ id: PREFIX + w.name, type: 'ANNOUNCED', name: w.name, chain: 'solana', imageUrl: w.icon })))
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
    owns: (id) => id.startsWith(PREFIX),
    async request(connectorId, args, options = {}) {
      const wallet = await waitFor(connectorId, options.waitMs ?? 0)
      if (!wallet) throw noConnectorFound(connectorId)
      const features = wallet.features as Features
      const params = Array.isArray(args.params) ? args.params : []
      /** The wallet's account `address`, when the wallet can `feature` with it. */
      const signer = (address: unknown, feature: 'solana:signTransaction' | 'solana:signMessage') => {
        const account = wallet.accounts.find((a) => a.address === address)
        if (!account || !features[feature]) throw new ProviderRequestError('Unauthorized', { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError, details: `${String(address).slice(0, 64)} is not an account of ${wallet.name} that can sign` })
        return account
      }
      try {
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
            if (accounts) void dispatch({ type: 'wallet/accounts-changed', payload: { connectorId, namespace: 'solana', addresses: accounts.map((a) => a.address) } })
          }),
        )
      }
    },
    close() {
      for (const off of [...unwatch, ...offs]) off()
    },
  }
}
