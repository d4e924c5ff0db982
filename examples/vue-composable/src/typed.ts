// The composables' types are the package's, not `any`: each misuse below must fail to compile
// (`tsc` reports an unused @ts-expect-error otherwise), so `npm run typecheck` proves the types.
import type { GangwayNetworks, GangwayWallets } from './gangway.js'

export function misuses(wallets: GangwayWallets, networks: GangwayNetworks): void {
  // @ts-expect-error connect takes a WalletItem of the list
  void wallets.connect(42)
  // @ts-expect-error a network's id is a string
  void networks.switchNetwork(31338)
  // @ts-expect-error the list is read-only
  wallets.list.value = wallets.list.value
}
