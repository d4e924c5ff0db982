/**
 * docs/behaviour.md §1: a Solana connection that no Wallet Standard wallet on the page provides (a
 * WalletConnect session, an email or social account) registered through the Wallet Standard as
 * the wallet "Gangway", so `@solana/wallet-adapter-react` and `@solana/kit` apps see it, once, and
 * sign and send through it. A connection through a Wallet Standard wallet is never registered
 * again: the page has that wallet already (no duplicates). follow-solana-connection.ts registers
 * it at the first such connection; it has no account while there is none.
 *
 * Its features go through the modal's Solana provider (`getWalletProvider('solana')`, the engine's
 * connectors):
 * - `standard:connect` answers the connection's account; with none it refuses ('Not connected:
 *   connect in the modal first');
 *   `standard:disconnect` disconnects the modal's Solana connection; `standard:events` reports an
 *   account change;
 * - `solana:signTransaction` (legacy and v0) signs each wire transaction; an app's
 *   `sendTransaction` then sends it itself (wallet-adapter's path without `signAndSendTransaction`);
 * - `solana:signMessage` signs a UTF-8 text message without control characters other than tab,
 *   line feed and carriage return (refused otherwise: 'Gangway signs UTF-8 text messages only'), so
 *   a transaction's bytes cannot pass as a message (a legacy transaction message starts with its
 *   small signer counts, C0 controls; a v0 one with 0x80, not UTF-8).
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { base58 } from '@scure/base'
import { fromBase64, toBase64 } from '../../events/kernel/base64.js'
import { GANGWAY_WALLET_FEATURE } from './gangway-wallet-feature.js'
import { GangwayError } from '../../events/kernel/errors.js'

/** The Wallet Standard names of Solana's clusters, by their genesis hash prefix (CAIP-2 reference); any other is `solana:localnet`. */
const CLUSTERS: Record<string, `solana:${string}`> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VcUzwUK: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}
/** Gangway's mark, a small square in its accent colour. */
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzI1NjNlYiIvPjxwYXRoIGQ9Ik04IDIwaDE2djRIOHoiIGZpbGw9IiNmZmYiLz48L3N2Zz4=' as const

/** The modal's Solana connection as the registration sees it. */
export interface SolanaConnection {
  /** The base58 address. */
  address: string
  /** CAIP-2, `solana:<genesis hash prefix>`. */
  caipNetworkId: string
}

/** What the registration needs of the modal. */
export interface GangwayWalletDeps {
  /** The connection now, or undefined. */
  connection(): SolanaConnection | undefined
  /** The modal's Solana provider call (the engine's `solana:signTransaction`, `solana:signMessage`). */
  request(method: string, params: unknown[]): Promise<unknown>
  disconnect(): Promise<void>
}

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void

/** The refusal of a message that is not text. */
const TEXT_ONLY = 'Gangway signs UTF-8 text messages only'
/** C0 control characters other than tab (0x09), line feed (0x0a) and carriage return (0x0d), and DEL (0x7f). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * `message` as the text it encodes: strict UTF-8, with no C0 control character other than tab, line
 * feed and carriage return, and no DEL.
 * @throws GangwayError 'Gangway signs UTF-8 text messages only' for anything else.
 */
function messageText(message: Uint8Array): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(message)
  } catch {
    throw new GangwayError(TEXT_ONLY)
  }
  if (CONTROL.test(text)) throw new GangwayError(TEXT_ONLY)
  return text
}

/** A signature as the engine's connectors answer it: 64 bytes, base58 or padded base64 (the two cannot be confused). */
function signatureBytes(answer: unknown): Uint8Array {
  const signature = (answer as { signature?: unknown } | null)?.signature
  if (typeof signature !== 'string' || signature.length > 128) throw new GangwayError('The wallet returned no signature', { category: 'API_ERROR' })
  const bytes = signature.endsWith('=') ? fromBase64(signature) : base58.decode(signature)
  if (bytes.length !== 64) throw new GangwayError('The wallet returned no signature', { category: 'API_ERROR' })
  return bytes
}

/** The Wallet Standard's app API, as an app hands it to a wallet's register callback. */
type AppApi = { register(...wallets: Wallet[]): () => void }

/**
 * The Wallet Standard's window protocol, as `@wallet-standard/wallet`'s registerWallet speaks it,
 * keeping what each app's `register` returns so the wallet can be taken away again: every app on
 * the page (the site's copy of `@wallet-standard/app`, Gangway's own) gets `wallet` now through a
 * `wallet-standard:register-wallet` event, and an app that loads later through its
 * `wallet-standard:app-ready` event. @returns the unregister function.
 */
function announce(wallet: Wallet, target: EventTarget): () => void {
  const unregisters: (() => void)[] = []
  const callback = (api: AppApi) => void unregisters.push(api.register(wallet))
  const onReady = (e: Event) => callback((e as CustomEvent<AppApi>).detail)
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  target.addEventListener('wallet-standard:app-ready', onReady)
  return () => {
    target.removeEventListener('wallet-standard:app-ready', onReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}

/**
 * Registers "Gangway" with every Wallet Standard app on the page (`target`: the window).
 * @returns `{ changed, unregister }`: `changed()` tells the apps listening that the account changed;
 *   `unregister()` takes the wallet away.
 */
export function registerGangwayWallet(deps: GangwayWalletDeps, target: EventTarget = window): { changed(): void; unregister(): void } {
  const listeners = new Set<Listener>()
  const account = (): WalletAccount | undefined => {
    const c = deps.connection()
    if (!c) return undefined
    const chain = CLUSTERS[c.caipNetworkId.slice('solana:'.length)] ?? 'solana:localnet'
    return { address: c.address, publicKey: base58.decode(c.address), chains: [chain], features: ['solana:signTransaction', 'solana:signMessage'] }
  }
  const accounts = () => {
    const a = account()
    return a ? [a] : []
  }
  /** The account asked for must be the connection's. */
  const signer = (asked: WalletAccount) => {
    const a = account()
    if (!a || a.address !== asked.address) throw new GangwayError('Not connected with this account')
    return a.address
  }
  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Gangway',
    icon: ICON,
    chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'],
    get accounts() {
      return accounts()
    },
    features: {
      [GANGWAY_WALLET_FEATURE]: { version: '1.0.0' },
      'standard:connect': {
        version: '1.0.0',
        connect: async ({ silent }: { silent?: boolean } = {}) => {
          const list = accounts()
          if (!list.length && !silent) throw new GangwayError('Not connected: connect in the modal first')
          return { accounts: list }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: () => deps.disconnect() },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: { transaction: Uint8Array; account: WalletAccount }[]) => {
          const out: { signedTransaction: Uint8Array }[] = []
          for (const { transaction, account: asked } of inputs) {
            const signed = await deps.request('solana:signTransaction', [toBase64(transaction), signer(asked)])
            if (typeof signed !== 'string') throw new GangwayError('The wallet returned no signed transaction', { category: 'API_ERROR' })
            out.push({ signedTransaction: fromBase64(signed) })
          }
          return out
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { message: Uint8Array; account: WalletAccount }[]) => {
          const out: { signedMessage: Uint8Array; signature: Uint8Array }[] = []
          for (const { message, account: asked } of inputs) {
            const text = messageText(message)
            out.push({ signedMessage: message, signature: signatureBytes(await deps.request('solana:signMessage', [text, signer(asked)])) })
          }
          return out
        },
      },
    },
  }
  const unregister = announce(wallet, target)
  return {
    changed() {
      for (const l of listeners) l({ accounts: accounts() })
    },
    unregister() {
      for (const l of listeners) l({ accounts: [] })
      listeners.clear()
      unregister()
    },
  }
}
