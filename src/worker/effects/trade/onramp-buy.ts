/**
 * A purchase through the on-ramp provider (docs/behaviour.md §4 on-ramp, §9 provider fee):
 * once the visitor picks a provider (the page opened the popup inside that click), its page's URL
 * (meld's, with the §4 fields: publicKey, destinationCurrencyCode SOL on solana else USDC,
 * walletAddress, externalCustomerId the project id) and the bought currency's balance before
 * (`onramp/provider-opened`; the page sends the popup there). Then the balance is read every
 * ONRAMP_POLL_MS (4 s) for up to ONRAMP_WATCH_MS (180 s): more than before is `onramp/succeeded`
 * (and the holdings are asked afresh), nothing is `onramp/failed` 'Buy failed'.
 */
import { concatMap, EMPTY, filter, first, from, merge, mergeMap, of, switchMap, takeUntil, timer, type Observable } from 'rxjs'
import { erc20Abi } from 'viem'
import { readContract } from 'viem/actions'
import { meldDestinationCurrency, meldUrl, ONRAMP_PROVIDERS } from '../../../api/onramp.js'
import type { CaipAddress, CaipNetworkId } from '../../../events/entities.js'
import { BUY_FAILED, ONRAMP_NOT_ON_NETWORK, loggedMessage } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { pageOrigin } from '../../../events/kernel/urls.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import type { OnrampPurchase } from '../../../projections/slices/onramp.js'
import { networkOn } from '../../../projections/select/onramp-form.js'
import { ofType, type Effect, type EffectContext } from '../context.js'
import { NATIVE_TOKEN } from '../../../chains/eip155/swap/decode-swap-call.js'
import { parseCaipAddress } from '../../../chains/caip.js'

/** docs/behaviour.md §4: the balance is read this often after the provider's page opened, in ms. */
export const ONRAMP_POLL_MS = 4_000
/** docs/behaviour.md §4: and for this long, in ms, before 'Buy failed'. */
export const ONRAMP_WATCH_MS = 180_000

/** The balance of the purchase's currency, in base units. */
async function balance(ctx: EffectContext, p: Pick<OnrampPurchase, 'caipAddress' | 'token'>): Promise<bigint> {
  const [namespace, reference, address] = p.caipAddress.split(':') as [string, string, string]
  const network = `${namespace}:${reference}` as CaipNetworkId
  if (p.token === undefined) return BigInt((await ctx.chains.nativeBalance(network, address)).value)
  const [held] = await ctx.chains.tokenBalances(network, address, [p.token])
  return BigInt(held?.value ?? '0')
}

/** The bought currency's decimals: the native coin's, an ERC20's from its contract, an SPL mint's from the site's `tokens` (else 9). */
async function decimalsOf(ctx: EffectContext, caipNetworkId: CaipNetworkId, token: string | undefined): Promise<number> {
  if (caipNetworkId.startsWith('eip155:')) return token ? await readContract(ctx.chains.evmClient(caipNetworkId), { address: token as `0x${string}`, abi: erc20Abi, functionName: 'decimals' }) : 18
  return token ? (ctx.state().config.tokens?.[caipNetworkId]?.find((t) => t.address === token)?.decimals ?? 9) : 9
}

/** The provider's page and the balance before, or why the purchase cannot start. */
async function open(ctx: EffectContext): Promise<NewEvent> {
  const s = ctx.state()
  const account = activeAccount(s)
  if (!account) return event('onramp/failed', { message: ONRAMP_NOT_ON_NETWORK })
  // What meld delivers (docs/behaviour.md §4: SOL on solana, else USDC) is what is watched, when the
  // options deliver it on this network; else the currency picked (the localnet's HUSD stands for USDC).
  const delivered = meldDestinationCurrency(account.namespace)
  const here = (s.onramp.options?.purchaseCurrencies ?? []).filter((c) => networkOn(c, account.caipNetworkId))
  const currency = here.find((c) => c.symbol === delivered) ?? here.find((c) => c.id === s.onramp.purchaseCurrency)
  const network = currency && networkOn(currency, account.caipNetworkId)
  // On Solana meld delivers SOL, the native coin, whatever the options list (their sample lists EVM
  // networks only): that balance is watched. Elsewhere the options must name the token on this network.
  const native = account.namespace === 'solana' && (!currency || !network)
  if (!native && (!currency || !network)) return event('onramp/failed', { message: ONRAMP_NOT_ON_NETWORK })
  try {
    const meld = ONRAMP_PROVIDERS.find((p) => p.name === 'meld')!
    const base = ctx.services.onramp ?? meld.url
    const allowed = pageOrigin(ctx.services.onramp)
    const publicKey = s.config.onramp?.meldPublicKey
    if (!publicKey) return event('onramp/failed', { message: BUY_FAILED })
    const url = meldUrl(base, { publicKey, destinationCurrencyCode: delivered, walletAddress: account.address, externalCustomerId: s.config.projectId }, allowed)
    const token = native || network!.contract_address === '' ? undefined : network!.contract_address
    const before = await balance(ctx, { caipAddress: account.caipAddress, ...(token ? { token } : {}) })
    const decimals = await decimalsOf(ctx, account.caipNetworkId, token)
    return event('onramp/provider-opened', { provider: 'meld', url, caipAddress: account.caipAddress, ...(token ? { token } : {}), decimals, symbol: native ? delivered : currency!.symbol, baseline: before.toString() })
  } catch (error) {
    return event('onramp/failed', { message: loggedMessage(error, BUY_FAILED) })
  }
}

/** On an EVM network, the bought token as the service's balance refresh names it (CAIP-10, the native coin as NATIVE_TOKEN); elsewhere nothing to name. */
function refreshed(p: Pick<OnrampPurchase, 'caipAddress' | 'token'>): { tokens?: string[] } {
  const { namespace, caipNetworkId } = parseCaipAddress(p.caipAddress)
  return namespace === 'eip155' ? { tokens: [`${caipNetworkId}:${p.token ?? NATIVE_TOKEN}`] } : {}
}

/** Reads the balance every 4 s until it grows (succeeded) or 180 s pass (failed); a reset or another purchase ends the watch. */
function watch(ctx: EffectContext, p: OnrampPurchase): Observable<NewEvent> {
  const baseline = BigInt(p.baseline)
  const end$ = merge(timer(ONRAMP_WATCH_MS, ctx.scheduler), ctx.events$.pipe(ofType('onramp/reset-requested', 'onramp/provider-selected')))
  return timer(ONRAMP_POLL_MS, ONRAMP_POLL_MS, ctx.scheduler).pipe(
    takeUntil(end$),
    concatMap(() => from(balance(ctx, p).catch(() => baseline))),
    first((now) => now > baseline, undefined),
    mergeMap((now): Observable<NewEvent> => {
      if (now !== undefined) return of(event('onramp/succeeded', { received: (now - baseline).toString() }), event('portfolio/fetch-requested', { caipAddress: p.caipAddress as CaipAddress, forceUpdate: true, ...refreshed(p) }))
      const s = ctx.state().onramp
      return s.status === 'buying' && s.purchase?.url === p.url ? of(event('onramp/failed', { message: BUY_FAILED })) : EMPTY
    }),
  )
}

export const onrampBuyEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('onramp/provider-selected'),
    filter((e) => e.tab === ctx.state().tab),
    switchMap(() => from(open(ctx))),
  ) as Observable<NewEvent>

export const onrampWatchEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('onramp/provider-opened'),
    filter((e) => e.tab === ctx.state().tab),
    switchMap(() => {
      const p = ctx.state().onramp.purchase
      return p ? watch(ctx, p) : of()
    }),
  ) as Observable<NewEvent>
