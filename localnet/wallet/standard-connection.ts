/**
 * What each Wallet Standard side of the Localnet Wallet (solana.ts, bitcoin.ts) keeps alike: the
 * site's approval, remembered in localStorage under its own key as an extension remembers it, its
 * change listeners, and the `standard:disconnect` and `standard:events` features over them.
 * Demo and test tooling only.
 */
import type { WalletAccount } from '@wallet-standard/base'

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void

/** The approval under `key` and the features over it; `accounts()` is what a change reports. */
export function standardConnection(key: string, accounts: () => readonly WalletAccount[]) {
  const listeners = new Set<Listener>()
  const emit = () => {
    for (const l of listeners) l({ accounts: accounts() })
  }
  return {
    authorized: () => localStorage.getItem(key) === 'true',
    /** Remembers the approval and tells the listeners. */
    authorize() {
      localStorage.setItem(key, 'true')
      emit()
    },
    features: {
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          localStorage.removeItem(key)
          emit()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
    },
  }
}
