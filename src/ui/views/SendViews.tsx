/**
 * Sending (docs/behaviour.md §2, §4): the form (token, amount, receiver), the token list, the preview. Inputs
 * keep their text locally and reach the engine 300 ms after typing stops (docs/behaviour.md §9 search wait), or
 * at once on Review, so the log holds edits, not keystrokes. On an EVM network the preview also shows
 * what the send does as Gangway decoded and simulated it (TxPreview.tsx), in a box of fixed height
 * between the summary and Send; Send never waits for it.
 */
import { useState } from 'react'
import { shortenAddress } from '../../projections/format-address.js'
import { useClient } from '../client-context.js'
import { useEdited } from '../use-edited.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'
import { TxPreview } from './TxPreview.js'

export function WalletSendView() {
  const { signals, dispatch } = useClient()
  const send = useSignalValue(signals.send)
  const amount = useEdited(send.amount, (v) => void dispatch({ type: 'send/amount-changed', payload: { amount: v } }))
  const receiver = useEdited(send.receiver, (v) => void dispatch({ type: 'send/receiver-changed', payload: { receiver: v } }))
  const token = send.token
  const { t, known, format } = useT()
  return (
    <form
      className="gw-send"
      data-testid="gw-send"
      onSubmit={(e) => {
        e.preventDefault()
        amount.flush()
        receiver.flush()
        void dispatch({ type: 'modal/navigate-requested', payload: { view: 'WalletSendPreview' } })
      }}
    >
      <button type="button" className="gw-row" data-testid="gw-send-token" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'WalletSendSelectToken' } })}>
        <span className="gw-name">{token ? token.symbol : t('send.selectToken')}</span>
        {token?.balanceDisplay !== undefined ? <span className="gw-muted">{t('send.balance', { amount: format.amount(token.balanceDisplay) })}</span> : null}
      </button>
      <label className="gw-field">
        <span>{t('send.amount')}</span>
        <input data-testid="gw-send-amount" inputMode="decimal" autoComplete="off" placeholder="0.0" value={amount.text} onChange={(e) => amount.change(e.target.value)} onBlur={amount.flush} />
      </label>
      <label className="gw-field">
        <span>{t('send.to')}</span>
 <input data-testid="gw-send-receiver" autoComplete="off" spellCheck={false} placeholder={token?.caipNetworkId.startsWith('solana:') ? t('send.solanaAddress') : '0x…'} value={receiver.text} onChange={(e) => receiver.change(e.target.value)} onBlur={receiver.flush} />
      </label>
      {send.receiverName && send.receiverAddress ? (
        <p className="gw-row" data-testid="gw-send-receiver-name">
          {send.receiverImage ? <Icon src={send.receiverImage} name={send.receiverName} /> : null}
          <span className="gw-muted">{t('send.resolvesTo', { name: send.receiverName, address: shortenAddress(send.receiverAddress) })}</span>
        </p>
      ) : null}
      {/* The problem's line is there with or without a problem, so the form keeps its height: pressing
          Review blurs the field being edited, whose flushed edit can clear or set the problem before
          the release, and a change of height (the card is centred) would move Review from under the
          pointer, so the click would never happen. */}
      <p className="gw-muted gw-send-problem">
        {send.problem && (amount.text || receiver.text) ? <span data-testid="gw-send-problem">{known(send.problem)}</span> : null}
      </p>
      <button className="gw-btn gw-primary" type="submit" data-testid="gw-send-review">
        {t('send.review')}
      </button>
    </form>
  )
}

export function WalletSendSelectTokenView() {
  const { signals, dispatch } = useClient()
  const { tokens } = useSignalValue(signals.send)
  const { format } = useT()
  return (
    <ul className="gw-list" data-testid="gw-send-tokens">
      {tokens.map((t) => (
        <li key={t.address ?? 'native'}>
          <button
            className="gw-row"
            data-token={t.address ?? 'native'}
            onClick={() => {
              const { balanceDisplay: _display, ...token } = t
              void dispatch({ type: 'send/token-selected', payload: { token } })
            }}
          >
            <Icon src={t.iconUrl} name={t.name} />
            <span className="gw-name">{t.name}</span>
            <span className="gw-muted">{t.balanceDisplay !== undefined ? `${format.amount(t.balanceDisplay)} ${t.symbol}` : t.symbol}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

export function WalletSendPreviewView() {
  const { signals, dispatch } = useClient()
  const send = useSignalValue(signals.send)
  const [refused, setRefused] = useState<string | undefined>(undefined)
  const message = refused ?? send.problem ?? send.error
  const { t, known } = useT()
  return (
    <div className="gw-center" data-testid="gw-send-preview">
      <strong data-testid="gw-send-summary">
        {send.amount} {send.token?.symbol ?? ''}
      </strong>
      <span className="gw-muted">{t('send.previewTo', { address: send.receiverName && send.receiverAddress ? `${send.receiverName} (${shortenAddress(send.receiverAddress)})` : send.receiver ? shortenAddress(send.receiver.trim()) : '—' })}</span>
      <span className="gw-muted">{t('send.previewOn', { network: send.networkName ?? '' })}</span>
      {send.preview || send.previewing ? <TxPreview preview={send.preview} checking={send.previewing === true} /> : null}
      {message ? (
        <span className="gw-error" data-testid="gw-send-error">
          {known(message)}
        </span>
      ) : null}
      <button
        className="gw-btn gw-primary"
        data-testid="gw-send-confirm"
        disabled={send.loading || send.problem !== undefined}
        onClick={() => {
          setRefused(undefined)
          dispatch({ type: 'send/requested', payload: {} }).catch((e: unknown) => setRefused(String((e as Error)?.message ?? e)))
        }}
      >
        {send.loading ? t('send.sending') : t('send.send')}
      </button>
    </div>
  )
}
