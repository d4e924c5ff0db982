/**
 * Buying with the fiat on-ramp (docs/behaviour.md §2, §4 on-ramp, §8 fallbacks, §9 limits
 * and provider fee): OnRampProviders (the currency to buy, the one to pay with, the amount with its
 * quote, and the providers), the two currency lists, and BuyInProgress, which follows the purchase
 * the provider's popup makes until the funds arrive or the watch ends ('Buy failed', Try again).
 * Every text from the service renders as text; the provider's URL passes the URL validator first.
 */
import { useEffect, useRef } from 'react'
import { useClient } from '../client-context.js'
import { Icon } from '../images/Icon.js'
import { useT } from '../i18n/i18n.js'
import { useEdited } from '../use-edited.js'
import { useSignalValue } from '../use-signal.js'
import { closeBlankBuyPopup, openBuyPopup, showProviderPage } from './buy-popup.js'
import { ERRORS } from '../../events/kernel/error-registry.js'

export function OnRampProvidersView() {
  const { signals, dispatch } = useClient()
  const m = useSignalValue(signals.onramp)
  const amount = useEdited(m.amount, (v) => void dispatch({ type: 'onramp/amount-changed', payload: { amount: v } }))
  const { t, known, format } = useT()
  if (m.loading) return <div className="gw-skeleton" data-testid="gw-view-loading" />
  return (
    <div className="gw-send gw-onramp" data-testid="gw-onramp">
      {m.sample ? (
        <p className="gw-muted" data-testid="gw-onramp-sample">
          {t('onramp.sample')}
        </p>
      ) : null}
      <button type="button" className="gw-row" data-testid="gw-onramp-token" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'OnRampTokenSelect' } })}>
        <span className="gw-muted">{t('onramp.buy')}</span>
        {m.purchaseCurrency ? <Icon src={m.purchaseCurrency.iconUrl} name={m.purchaseCurrency.name} /> : null}
        <span className="gw-name">{m.purchaseCurrency?.symbol ?? t('swap.selectToken')}</span>
      </button>
      <div className="gw-field">
        <span>{t('onramp.amount')}</span>
        <input data-testid="gw-onramp-amount" aria-label={t('onramp.amount')} inputMode="decimal" autoComplete="off" placeholder="10.00" value={amount.text} onChange={(e) => amount.change(e.target.value)} onBlur={amount.flush} />
        <button type="button" className="gw-row" data-testid="gw-onramp-fiat" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'OnRampFiatSelect' } })}>
          <span className="gw-name">{m.paymentCurrency}</span>
        </button>
      </div>
      <p className="gw-muted gw-send-problem" aria-live="polite">
        {m.problem ? (
          <span data-testid="gw-onramp-problem">{known(m.problem)}</span>
        ) : m.quote ? (
          <span data-testid="gw-onramp-quote" data-mocked={m.quote.mocked ? '' : undefined}>
            {t(m.quote.mocked ? 'onramp.estimate' : 'onramp.youGet', { amount: format.amount(m.quote.purchaseAmount), symbol: m.quote.symbol })}
          </span>
        ) : m.quotesLoading ? (
          <span>{t('swap.quoting')}</span>
        ) : null}
      </p>
      <ul className="gw-list" data-testid="gw-onramp-providers" aria-label={t('onramp.providers')}>
        {m.providers.map((p) => (
          <li key={p.name}>
            <button
              className="gw-row"
              data-provider={p.name}
              disabled={m.problem !== undefined || m.status === 'opening' || m.status === 'buying'}
              onClick={() => {
                amount.flush()
                // Inside the click: a popup opened after an await is blocked.
                openBuyPopup()
                void dispatch({ type: 'onramp/provider-selected', payload: { provider: p.name } }).catch(closeBlankBuyPopup)
              }}
            >
              <span className="gw-name">{p.label}</span>
              <span className="gw-muted">{t('onramp.fee', { fee: p.feeRange })}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function OnRampTokenSelectView() {
  const { signals, dispatch } = useClient()
  const m = useSignalValue(signals.onramp)
  const { t } = useT()
  if (m.purchaseCurrencies.length === 0) return <p className="gw-empty">{t('onramp.none')}</p>
  return (
    <ul className="gw-list" data-testid="gw-onramp-tokens" aria-label={t('swap.selectToken')}>
      {m.purchaseCurrencies.map((c) => (
        <li key={c.id}>
          <button className="gw-row" data-currency={c.id} onClick={() => void dispatch({ type: 'onramp/purchase-currency-selected', payload: { id: c.id } })}>
            <Icon src={c.iconUrl} name={c.name} />
            <span className="gw-name">{c.name}</span>
            <span className="gw-muted">{c.symbol}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

export function OnRampFiatSelectView() {
  const { signals, dispatch } = useClient()
  const m = useSignalValue(signals.onramp)
  const { t } = useT()
  return (
    <ul className="gw-list" data-testid="gw-onramp-fiats" aria-label={t('onramp.payWith')}>
      {m.paymentCurrencies.map((id) => (
        <li key={id}>
          <button className="gw-row" data-currency={id} onClick={() => void dispatch({ type: 'onramp/payment-currency-selected', payload: { id } })}>
            <span className="gw-name">{id}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

export function BuyInProgressView() {
  const { signals, dispatch, onrampOrigins } = useClient()
  const m = useSignalValue(signals.onramp)
  const { t, known, format } = useT()
  const shown = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (m.url && shown.current !== m.url && showProviderPage(m.url, onrampOrigins)) shown.current = m.url
    // The purchase could not start: the blank popup goes.
    if (m.status === 'failed' && !m.url) closeBlankBuyPopup()
  }, [m.url, m.status, onrampOrigins])
  return (
    <div className="gw-center" data-testid="gw-buy" data-status={m.status}>
      {m.status === 'succeeded' ? (
        <strong data-testid="gw-buy-received">{t('onramp.received', { amount: format.amount(m.received ?? '0'), symbol: m.receivedSymbol ?? '' })}</strong>
      ) : m.status === 'failed' ? (
        <>
          <span className="gw-error" data-testid="gw-buy-error">
            {known(m.error ?? ERRORS.buyFailed.message)}
          </span>
          <button className="gw-btn gw-primary" data-testid="gw-buy-retry" onClick={() => void dispatch({ type: 'onramp/reset-requested', payload: {} }).then(() => dispatch({ type: 'modal/back-requested', payload: {} }))}>
            {t('onramp.retry')}
          </button>
        </>
      ) : (
        <span className="gw-muted" data-testid="gw-buy-waiting">
          {t('onramp.waiting')}
        </span>
      )}
    </div>
  )
}
