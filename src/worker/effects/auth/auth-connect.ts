/**
 * The auth connector's connection (docs/behaviour.md §1, §4), once the secure site holds a session: after the
 * email's code (`auth/otp-verified`), an email it already knows on this device (`CONNECT`), or a
 * social login (`auth/social-connected`), `gangway_auth_getUser` → `auth/user-received`, then the
 * auth connector's `connect/succeeded` on the preferred account type's address. A failure gives
 * `connect/failed` 'Failed to connect'; closing the modal meanwhile, 'Modal closed'.
 */
import { EMPTY, from, map, mergeMap, race, switchMap, take, type Observable } from 'rxjs'
import { AUTH_CONNECTOR_ID, type AccountType, type CaipAddress, type CaipNetworkId } from '../../../events/entities.js'
import { MODAL_CLOSED } from '../../../events/kernel/errors.js'
import { event, type EventPayloads, type NewEvent } from '../../../events/types.js'
import { isEvmAddress } from '../../../events/address-rules.js'
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../events/kernel/host-options.js'
import { AUTH_ACCOUNT_TYPES, isEmail } from '../../../events/catalogue/auth.js'
import { preferredAccountType } from '../../../projections/select/preferred-account-type.js'
import { resolvedFeatures } from '../../../projections/select/features.js'
import type { State } from '../../../projections/state.js'
import type { Bridge } from '../../../contract.js'
import { ofType, type Effect } from '../context.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** docs/behaviour.md §8: the auth connector's connect failed. */
export const FAILED_TO_CONNECT = ERRORS.failedToConnect.message
/** The bridge calls of the auth connector the engine makes (ui/bridge/auth/ serves them); the prefix keeps them from the site (provider-request.ts). */
export const AUTH_CALLS = { connectEmail: 'gangway_auth_connectEmail', awaitDevice: 'gangway_auth_awaitDevice', getUser: 'gangway_auth_getUser', reload: 'gangway_auth_reload', setPreferredAccount: 'gangway_auth_setPreferredAccount', updateEmail: 'gangway_auth_updateEmail' } as const

/** An EVM address given as anything. */
const isAddress = (v: unknown): v is string => typeof v === 'string' && isEvmAddress(v)

/** The message of a refusal, bounded, or `fallback`. */
export const messageOf = (error: unknown, fallback: string): string => {
  const m = (error as { message?: unknown })?.message
  return typeof m === 'string' && m ? m.slice(0, 256) : fallback
}

/** The eip155 network the auth connector works on: the active one, else the site's first EVM network. */
export function authNetwork(s: State): CaipNetworkId | undefined {
  return s.networks.active.eip155 ?? s.config.networks.find((n) => n.chainNamespace === 'eip155')?.caipNetworkId
}

/**
 * What the engine already knows of a user whose answer leaves it out (Reown's client keeps neither
 * a social provider nor, outside a social login, a username in its user: its schema drops them):
 * the provider of the social login under way; else, for the same user (an account in common) with
 * no email login under way, the provider and username the engine knew.
 */
function knownOfUser(s: State, accounts: { address: string }[]): { socialProvider?: SocialProvider; username?: string } {
  const before = s.auth.users.eip155
  const same = !s.auth.step && !!before && before.accounts.some((a) => accounts.some((b) => b.address.toLowerCase() === a.address.toLowerCase()))
  const provider = s.auth.social?.provider ?? (same ? before.socialProvider : undefined)
  return { ...(provider ? { socialProvider: provider } : {}), ...(same && before.username ? { username: before.username } : {}) }
}

/**
 * The secure site's user as the engine keeps it, checked where it enters (an untrusted answer):
 * EVM addresses of the two types only (at most 10), the preferred type's account first, the email
 * and username bounded, the network the one asked for when the answer's is not a configured one.
 * @returns undefined when the answer has no usable account.
 */
export function authUserOf(raw: unknown, s: State, asked: CaipNetworkId): Omit<EventPayloads['auth/user-received'], 'namespace'> | undefined {
  if (!raw || typeof raw !== 'object') return undefined
  const r = raw as Record<string, unknown>
  const listed = Array.isArray(r.accounts) ? r.accounts.slice(0, 10) : []
  const accounts: { address: string; type: AccountType }[] = []
  for (const a of listed as Record<string, unknown>[]) {
    if (!a || !isAddress(a.address) || !AUTH_ACCOUNT_TYPES.includes(a.type as AccountType)) continue
    if (accounts.some((x) => x.address.toLowerCase() === (a.address as string).toLowerCase())) continue
    accounts.push({ address: a.address as string, type: a.type as AccountType })
  }
  // An answer that lists no accounts still names its address (as an eoa).
  if (accounts.length === 0 && isAddress(r.address)) accounts.push({ address: r.address, type: 'eoa' })
  if (accounts.length === 0) return undefined
  const preferred: AccountType = AUTH_ACCOUNT_TYPES.includes(r.preferredAccountType as AccountType) && accounts.some((a) => a.type === r.preferredAccountType) ? (r.preferredAccountType as AccountType) : accounts[0]!.type
  const ordered = [...accounts.filter((a) => a.type === preferred), ...accounts.filter((a) => a.type !== preferred)]
  const chain = typeof r.chainId === 'string' && s.config.networks.some((n) => n.caipNetworkId === r.chainId) ? (r.chainId as CaipNetworkId) : asked
  const email = typeof r.email === 'string' && isEmail(r.email) ? r.email : undefined
  const known = knownOfUser(s, accounts)
  const username = typeof r.userName === 'string' && r.userName.length > 0 && r.userName.length <= 256 ? r.userName : known.username
  const provider = SOCIAL_PROVIDERS.includes(r.socialProvider as SocialProvider) ? (r.socialProvider as SocialProvider) : known.socialProvider
  return {
    caipNetworkId: chain,
    ...(email ? { email } : {}),
    ...(username ? { username } : {}),
    ...(provider ? { socialProvider: provider } : {}),
    accounts: ordered,
    preferredAccountType: preferred,
    smartAccountDeployed: r.smartAccountDeployed === true,
  }
}

/**
 * Reads the secure site's user and connects the auth connector: `auth/user-received` then
 * `connect/succeeded` (added beside the namespace's other connections with multiWallet on, else
 * replacing them), or `connect/failed` 'Failed to connect'.
 */
export async function connectAuthUser(bridge: Bridge, state: () => State): Promise<NewEvent[]> {
  const s = state()
  const network = authNetwork(s)
  const failed = (message: string = FAILED_TO_CONNECT) => [event('connect/failed', { connectorId: AUTH_CONNECTOR_ID, namespace: 'eip155', message })]
  if (!network) return failed()
  try {
    const raw = await bridge.request(AUTH_CONNECTOR_ID, { method: AUTH_CALLS.getUser, params: [{ caipNetworkId: network, preferredAccountType: preferredAccountType(s.accountTypes, 'eip155') }] })
    const user = authUserOf(raw, state(), network)
    if (!user) return failed()
    const [first] = user.accounts
    return [
      event('auth/user-received', { namespace: 'eip155', ...user }),
      event('connect/succeeded', {
        connectorId: AUTH_CONNECTOR_ID,
        namespace: 'eip155',
        caipAddress: `${user.caipNetworkId}:${first!.address}` as CaipAddress,
        via: 'prompt',
        accounts: user.accounts.map((a) => a.address),
        mode: resolvedFeatures(state()).multiWallet ? 'add' : 'replace',
      }),
    ]
  } catch (error) {
    return failed(messageOf(error, FAILED_TO_CONNECT))
  }
}

/** The code was accepted, or the secure site needs none: the user, and the connection. */
export const authConnectEffect: Effect = ({ events$, bridge, state }) =>
  events$.pipe(
    ofType('auth/otp-verified', 'auth/email-accepted', 'auth/social-connected'),
    switchMap((e) => {
      // An email the secure site already knows here connects at once, unless the login ended meanwhile (the modal closed).
      if (e.type === 'auth/email-accepted' && (e.payload.action !== 'CONNECT' || state().auth.step !== 'connecting')) return EMPTY
      const closed$ = events$.pipe(
        ofType('modal/close-requested'),
        take(1),
        map((): NewEvent[] => [event('connect/failed', { connectorId: AUTH_CONNECTOR_ID, namespace: 'eip155', message: MODAL_CLOSED })]),
      )
      return race(from(connectAuthUser(bridge, state)), closed$).pipe(mergeMap((events) => events))
    }),
  ) as Observable<NewEvent>
