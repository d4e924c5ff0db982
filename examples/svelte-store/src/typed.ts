// The stores' types are the package's, not `any`: each misuse below must fail to compile
// (`tsc` reports an unused @ts-expect-error otherwise), so `npm run typecheck` proves the types.
import type { GangwayStores } from './gangway.js'

export function misuses(gangway: GangwayStores): void {
  // @ts-expect-error connect takes a WalletItem of the list
  void gangway.connect(42)
  // @ts-expect-error a network's id is a string
  void gangway.switchNetwork(31338)
  // @ts-expect-error a readable store has no set
  gangway.wallets.set({ wallets: [] })
  // @ts-expect-error the list's wallets are WalletItems, not names
  gangway.wallets.subscribe(({ wallets }) => wallets.map((name: string) => name.toUpperCase()))
}
