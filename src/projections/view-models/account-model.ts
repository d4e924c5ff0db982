/** The active namespace's account as the views and the host see it (docs/api.md `getAccount`). A view model. Pure. */
import type { CaipAddress, Namespace } from '../../events/entities.js'
import type { ConnectionStatus } from '../connection.js'
import { floorUnits } from '../format.js'
import { activeAccount, activeAccountStatus } from '../select/active-account.js'
import { activeNamespace } from '../select/active-namespace.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'

/** The active namespace's account (docs/api.md `getAccount`). `balance` is floored to 3 decimals (docs/behaviour.md §9). */
export interface AccountModel {
  namespace?: Namespace
  status: ConnectionStatus
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  isConnected: boolean
  /** docs/behaviour.md §3 profileName and profileImage: the address's name and avatar (blockchain service identity, EVM). */
  profileName?: string
  profileImage?: string
}

/** The account model: the active account (activeAccount) with its balance floored to 3 decimals and its EVM name and avatar. */
export function accountModel(s: State): AccountModel {
  const a = activeAccount(s)
  const hasBalance = a?.balanceRaw !== undefined && a.balanceDecimals !== undefined
  const identity = a?.namespace === 'eip155' ? s.accountData.identities[a.address.toLowerCase()] : undefined
  return defined({
    namespace: activeNamespace(s),
    status: activeAccountStatus(s),
    caipAddress: a?.caipAddress,
    address: a?.address,
    balance: hasBalance ? floorUnits(a!.balanceRaw!, a!.balanceDecimals!, 3) : undefined,
    balanceSymbol: a?.balanceSymbol,
    balanceLoading: a?.balanceLoading ?? false,
    isConnected: a !== undefined,
    profileName: identity?.name,
    profileImage: identity?.avatar,
  })
}
