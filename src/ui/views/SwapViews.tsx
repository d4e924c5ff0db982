/**
 * Swapping (docs/behaviour.md §2, §4 swap): the form (the token to pay with, its amount,
 * the token to get, the quote and what it costs), the token list, the preview that sends the swap
 * through the wallet (an approval first when the token needs one). The amount reaches the engine
 * after typing stops (use-edited.ts); the engine quotes it 200 ms later and every 10 s while the
 * form shows. Every text from the swap service renders as text.
 */
import type { SwapDetails, SwapModel, SwapReview, SwapTokenRow } from '../../contract.js'
import { useClient } from '../client-context.js'
import { useT } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'
import { useEdited } from '../use-edited.js'
import { useSignalValue } from '../use-signal.js'

function TokenButton({ side, token }: { side: 'from' | 'to'; token?: SwapTokenRow | undefined }) {
  const { dispatch } = useClient()
  const { t } = useT()
  return (
    <button type="button" className="gw-row gw-swap-token" data-testid={`gw-swap-${side}-token`} onClick={() => void dispatch({ type: 'swap/token-list-requested', payload: { side } })}>
      {token ? <Icon src={token.iconUrl} name={token.name} /> : null}
      <span className="gw-name">{token ? token.symbol : t('swap.selectToken')}</span>
    </button>
  )
}

/** The quote's rate, price impact, minimum received (the checked swap's own, once checked), provider fee and network cost. */
function Details({ swap, details }: { swap: SwapModel; details: SwapDetails }) {
  const { t, format } = useT()
  const minimum = swap.review?.minimumReceived ?? details.minimumReceived
  const rows: [string, string, string][] = [['rate', t('swap.rate'), t('swap.rateValue', { from: swap.from?.symbol ?? '', rate: format.amount(details.rate), to: swap.to?.symbol ?? '' })]]
  if (details.priceImpact !== undefined) rows.push(['impact', t('swap.priceImpact'), t('swap.percent', { value: format.amount(details.priceImpact) })])
  rows.push(['minimum', t('swap.minimumReceived', { slippage: details.slippagePercent }), `${format.amount(minimum)} ${swap.to?.symbol ?? ''}`])
  if (details.providerFee !== undefined) rows.push(['fee', t('swap.providerFee'), details.providerFeeUsd !== undefined ? format.usd(details.providerFeeUsd) : `${format.amount(details.providerFee)} ${swap.from?.symbol ?? ''}`])
  if (details.networkCostUsd !== undefined) rows.push(['cost', t('swap.networkCost'), format.usd(details.networkCostUsd)])
  return (
    <dl className="gw-swap-details" data-testid="gw-swap-details">
      {rows.map(([key, label, value]) => (
        <div key={key} className="gw-swap-detail" data-detail={key}>
          <dt className="gw-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function SwapView() {
  const { signals, dispatch } = useClient()
  const swap = useSignalValue(signals.swap)
  const amount = useEdited(swap.amount, (v) => void dispatch({ type: 'swap/amount-changed', payload: { amount: v } }))
  const { t, known, format } = useT()
  const message = swap.problem ?? swap.error ?? swap.tokensError
  return (
    <form
      className="gw-send gw-swap"
      data-testid="gw-swap"
      onSubmit={(e) => {
        e.preventDefault()
        amount.flush()
        if (swap.canSwap) void dispatch({ type: 'modal/navigate-requested', payload: { view: 'SwapPreview' } })
      }}
    >
      <div className="gw-field">
        <span>{t('swap.pay')}</span>
        <TokenButton side="from" token={swap.from} />
        <input data-testid="gw-swap-amount" aria-label={t('swap.amount')} inputMode="decimal" autoComplete="off" placeholder="0.0" value={amount.text} onChange={(e) => amount.change(e.target.value)} onBlur={amount.flush} />
        <span className="gw-muted">
          {swap.from?.balanceDisplay !== undefined ? t('send.balance', { amount: format.amount(swap.from.balanceDisplay) }) : null}
        </span>
        {swap.fromUsd !== undefined ? <span className="gw-muted">{format.usd(swap.fromUsd)}</span> : null}
      </div>
      <div className="gw-field">
        <span>{t('swap.receive')}</span>
        <TokenButton side="to" token={swap.to} />
        <output data-testid="gw-swap-to-amount" aria-busy={swap.quoting}>
          {swap.toAmount !== undefined ? format.amount(swap.toAmount) : swap.quoting ? t('swap.quoting') : '—'}
        </output>
        {swap.toUsd !== undefined ? <span className="gw-muted">{format.usd(swap.toUsd)}</span> : null}
      </div>
      {swap.details ? <Details swap={swap} details={swap.details} /> : null}
      <p className="gw-muted gw-send-problem">{message ? <span data-testid="gw-swap-problem">{known(message)}</span> : null}</p>
      <button className="gw-btn gw-primary" type="submit" data-testid="gw-swap-review" disabled={!swap.canSwap}>
        {t('send.review')}
      </button>
    </form>
  )
}

export function SwapSelectTokenView() {
  const { signals, dispatch } = useClient()
  const swap = useSignalValue(signals.swap)
  const { t, known, format } = useT()
  const side = swap.selecting ?? 'from'
  const other = side === 'from' ? swap.to : swap.from
  if (swap.tokensError) return <p className="gw-empty">{known(swap.tokensError)}</p>
  if (swap.tokens.length === 0) return <div className="gw-skeleton" data-testid="gw-view-loading" />
  return (
    <ul className="gw-list" data-testid="gw-swap-tokens" aria-label={t('swap.selectToken')}>
      {swap.tokens
        .filter((x) => x.address !== other?.address)
        .map((x) => (
          <li key={x.address}>
            <button
              className="gw-row"
              data-token={x.symbol}
              onClick={() => {
                const { iconUrl: _i, balance: _b, balanceDisplay: _d, ...token } = x
                void dispatch({ type: 'swap/token-selected', payload: { side, token } })
              }}
            >
              <Icon src={x.iconUrl} name={x.name} />
              <span className="gw-name">{x.name}</span>
              <span className="gw-muted">{x.balanceDisplay !== undefined ? `${format.amount(x.balanceDisplay)} ${x.symbol}` : x.symbol}</span>
            </button>
          </li>
        ))}
    </ul>
  )
}

/** What the checked swap does to the account, as simulated ('Not simulated' where the node could not), and the two tokens' contracts, all as text. */
function Review({ review }: { review: SwapReview }) {
  const { t, format } = useT()
  return (
    <div className="gw-swap-review" data-testid="gw-swap-check" data-simulated={String(review.simulated)}>
      <span className="gw-muted">{t('swap.changes')}</span>
      {review.simulated ? (
        <ul className="gw-swap-changes" data-testid="gw-swap-changes">
          {review.changes.map((c) => (
            <li key={`${c.address ?? ''}${c.symbol}`} data-change={c.symbol}>
              {`${c.amount.startsWith('-') ? '−' : '+'}${format.amount(c.amount.replace(/^-/, ''))} ${c.symbol}`}
            </li>
          ))}
        </ul>
      ) : (
        <span data-testid="gw-swap-not-simulated">{t('swap.notSimulated')}</span>
      )}
      <dl className="gw-swap-details">
        {review.tokens.map((x) => (
          <div key={x.address} className="gw-swap-detail" data-contract={x.symbol}>
            <dt className="gw-muted">{t('swap.contract', { symbol: x.symbol })}</dt>
            <dd className="gw-address-label">{x.address}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

export function SwapPreviewView() {
  const { signals, dispatch } = useClient()
  const swap = useSignalValue(signals.swap)
  const { t, known, format } = useT()
  const busy = swap.step !== undefined
  return (
    <div className="gw-center" data-testid="gw-swap-preview">
      <strong data-testid="gw-swap-summary">
        {t('swap.summary', { fromAmount: format.amount(swap.amount), from: swap.from?.symbol ?? '', toAmount: swap.toAmount !== undefined ? format.amount(swap.toAmount) : '—', to: swap.to?.symbol ?? '' })}
      </strong>
      <span className="gw-muted">{t('send.previewOn', { network: swap.networkName ?? '' })}</span>
      {swap.details ? <Details swap={swap} details={swap.details} /> : null}
      {swap.review ? <Review review={swap.review} /> : swap.checking ? <span className="gw-muted" data-testid="gw-swap-checking">{t('swap.checking')}</span> : null}
      {swap.error ? (
        <span className="gw-error" data-testid="gw-swap-error">
          {known(swap.error)}
        </span>
      ) : null}
      <button className="gw-btn gw-primary" data-testid="gw-swap-confirm" disabled={busy || !swap.canConfirm} onClick={() => void dispatch({ type: 'swap/requested', payload: {} }).catch(() => undefined)}>
        {swap.step === 'approving' ? t('swap.approving') : swap.step === 'swapping' ? t('swap.swapping') : t('swap.confirm')}
      </button>
    </div>
  )
}
