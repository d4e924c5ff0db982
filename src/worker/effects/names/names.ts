/**
 * Account names through the name service (docs/behaviour.md §4 name registration, §7 profile paths,
 * §9 names: EVM, name cache 5 min, debounce 500 ms):
 * - suggestions: RegisterAccountName's label, once typing stops for NAME_SUGGESTIONS_DEBOUNCE_MS, asks
 *   the service (a label outside the rule asks nothing): `name/suggestions-fetched` or
 *   `name/suggestions-failed`;
 * - registration: the JSON message `{ name, attributes, timestamp }` (seconds) signed with
 *   `personal_sign` by the active EVM account, then POST /v1/profile/account with the ENSIP-11 coin
 *   type of its chain: `name/registered` (the cached identity and names of the address are dropped),
 *   `name/register-cancelled` when the visitor refuses to sign, else `name/register-failed`;
 * - the send form's receiver name: looked up through the name cache (5 min): `name/resolved` with the
 *   address for the active chain's coin type (else ENSIP-19's default EVM one; mainnet's, 60, on chain
 *   1 only), or `name/resolve-failed` (a name with neither: 'Name not found').
 */
import { debounceTime, filter, from, map, mergeMap, of, switchMap, type Observable } from 'rxjs'
import { toHex } from 'viem'
import { nameClient, nameCoinType, nameRegistrationMessage } from '../../../api/names.js'
import { isUserRejection, NAME_NOT_FOUND, loggedMessage } from '../../../events/kernel/errors.js'
import { fullName, isNameLike, isValidNameLabel } from '../../../events/name-rules.js'
import { storedImageUrl } from '../../../events/kernel/urls.js'
import { event, type NewEvent } from '../../../events/types.js'
import { parseCaipNetworkId } from '../../../chains/caip.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { activeNamespace } from '../../../projections/select/active-namespace.js'
import { ofType, type Effect, type EffectContext } from '../context.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** docs/behaviour.md §9: the debounce before suggestions are asked for, in ms. */
export const NAME_SUGGESTIONS_DEBOUNCE_MS = 500

/** ENSIP-19's default EVM coin type: the address a name has on every EVM chain without one of its own (never mainnet's, 60, which is chain 1's alone). */
const DEFAULT_EVM_COIN_TYPE = '2147483648'


/** The registration of `label` by the active EVM account, as events. */
async function register(ctx: EffectContext, label: string): Promise<NewEvent[]> {
  const s = ctx.state()
  const account = activeAccount(s)
  const name = fullName(label)
  const failed = (message: string): NewEvent[] => [event('name/register-failed', { label, message })]
  if (!account || account.namespace !== 'eip155' || !account.connectorId) return failed(`Error registering name ${name}`)
  const chainId = Number(parseCaipNetworkId(account.caipNetworkId).reference)
  const message = nameRegistrationMessage(label, Math.floor(ctx.clock() / 1000))
  let signature: unknown
  try {
    signature = await ctx.bridge.request(account.connectorId, { method: 'personal_sign', params: [toHex(message), account.address] })
  } catch (error) {
    return isUserRejection(error) ? [event('name/register-cancelled', { label })] : failed(`Error registering name ${name}`)
  }
  // The client checks its shape (a 0x hex signature, an EOA's or a contract account's).
  if (typeof signature !== 'string') return failed(`Error registering name ${name}`)
  try {
    await nameClient(ctx.api).registerName({ coinType: nameCoinType(chainId), address: account.address, message, signature })
  } catch (error) {
    return failed(loggedMessage(error, `Error registering name ${name}`))
  }
  // What the caches say of the address and the name is out of date now.
  const address = account.address.toLowerCase()
  await Promise.all([ctx.caches.identity.delete(address), ctx.caches.name.delete(`lookup:${name}`)]).catch(() => undefined)
  return [event('name/registered', { address: account.address, name })]
}

/** The lookup of a receiver `name` (lowercased) for the active EVM network, through the name cache. */
function resolve(ctx: EffectContext, name: string): Observable<NewEvent> {
  const client = nameClient(ctx.api)
  const caipNetworkId = activeAccount(ctx.state())?.caipNetworkId
  let coinType: string
  try {
    coinType = String(nameCoinType(Number(parseCaipNetworkId(caipNetworkId!).reference)))
  } catch {
    // A chain id ENSIP-11 cannot name (over 0x7fffffff): no address for it.
    return of(event('name/resolve-failed', { name, message: NAME_NOT_FOUND }))
  }
  return ctx.read({
    requestKey: `name:${name}`,
    cache: { name: 'name', store: ctx.caches.name as never, key: `lookup:${name}`, readCache: true },
    load: (signal) => client.lookupName(name, signal),
    fetched: (found: Awaited<ReturnType<typeof client.lookupName>>) => {
      const address = found.addresses[coinType] ?? found.addresses[DEFAULT_EVM_COIN_TYPE]
      const avatar = storedImageUrl(found.attributes.avatar)
      return address ? event('name/resolved', { name, caipNetworkId: caipNetworkId!, address, ...(avatar ? { avatar } : {}) }) : event('name/resolve-failed', { name, message: NAME_NOT_FOUND })
    },
    failed: (message) => event('name/resolve-failed', { name, message }),
  })
}

export const nameSuggestionsEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('name/suggestions-requested'),
    filter((e) => e.tab === ctx.state().tab),
    debounceTime(NAME_SUGGESTIONS_DEBOUNCE_MS, ctx.scheduler),
    // The last label typed is the one asked: an answer for an older one is dropped.
    switchMap(({ payload: { label } }) => {
      if (!isValidNameLabel(label)) return [event('name/suggestions-fetched', { label, suggestions: [] })]
      return from(
        nameClient(ctx.api)
          .suggestNames(label)
          .then(
            (suggestions) => event('name/suggestions-fetched', { label, suggestions }),
            (error: unknown) => event('name/suggestions-failed', { label, message: loggedMessage(error, ERRORS.nameSuggestions.message) }),
          ),
      )
    }),
  ) as Observable<NewEvent>

export const nameRegisterEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('name/register-requested'),
    filter((e) => e.tab === ctx.state().tab),
    mergeMap(({ payload: { label } }) => from(register(ctx, label).catch((): NewEvent[] => [event('name/register-failed', { label, message: `Error registering name ${fullName(label)}` })])).pipe(mergeMap((events) => events))),
  ) as Observable<NewEvent>

export const nameResolveEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('send/receiver-changed'),
    filter((e) => e.tab === ctx.state().tab && activeNamespace(ctx.state()) === 'eip155'),
    map((e) => e.payload.receiver.trim().toLowerCase()),
    filter(isNameLike),
    // The receiver typed last is the one looked up (the cache answers a name typed again).
    switchMap((name) => resolve(ctx, name)),
  )
