/**
 * Gangway's preview of a transaction (docs/behaviour.md §2 ApproveTransaction and WalletSendPreview):
 * each call in one sentence (what it sends, to whom, what it allows; 'Contract call to <address>'
 * for anything else), the contract of every token named, and the account's balance changes as the
 * node simulated them ('Not simulated' where it could not). For a batch's call, every call of the
 * batch with this one marked. Everything shown came from the chain or the site: text only, addresses
 * in full. A box of fixed height (tx-preview-styles.ts) that scrolls, focusable for the keyboard.
 * Part of the lazy chunks of the views that show it; its CSS is adopted when it first renders.
 */
import { useRef, type ReactElement } from 'react'
import type { TxCallRow, TxPreviewModel, TxTokenRef } from '../../contract.js'
import { shortenAddress } from '../../projections/format-address.js'
import { useT, type Translator } from '../i18n/i18n.js'
import { txPreviewCss } from './tx-preview-styles.js'
import { useViewCss } from './use-view-css.js'

/** A token's name in a sentence: its symbol, else its contract shortened ('?' where the call names none). */
const nameOf = (token: TxTokenRef | undefined) => token?.symbol ?? (token?.address ? shortenAddress(token.address) : '?')

/** The sentence of one call. */
function sentence(c: TxCallRow, nativeSymbol: string, { t, format }: Translator): string {
  const symbol = nameOf(c.token)
  const amount = format.amount(c.amount ?? '0')
  switch (c.kind) {
    case 'native-transfer':
      return t('tx.nativeTransfer', { amount, symbol: nativeSymbol, address: c.recipient ?? c.to ?? '' })
    case 'erc20-transfer':
      return t('tx.erc20Transfer', { amount, symbol, address: c.recipient ?? '' })
    case 'erc20-transfer-from':
      return t('tx.erc20TransferFrom', { amount, symbol, owner: c.owner ?? '', address: c.recipient ?? '' })
    case 'erc20-approve':
      return c.unlimited ? t('tx.erc20ApproveUnlimited', { spender: c.spender ?? '', symbol }) : t('tx.erc20Approve', { spender: c.spender ?? '', amount, symbol })
    case 'erc721-approve':
      return t('tx.erc721Approve', { spender: c.spender ?? '', symbol, tokenId: c.tokenId ?? '' })
    case 'erc721-approval-for-all':
      return c.approved ? t('tx.erc721ApproveAll', { spender: c.spender ?? '', symbol }) : t('tx.erc721RevokeAll', { spender: c.spender ?? '', symbol })
    case 'erc721-transfer':
      return t('tx.erc721Transfer', { symbol, tokenId: c.tokenId ?? '', owner: c.owner ?? '', address: c.recipient ?? '' })
    case 'swap':
      return t('tx.swap', { amount, from: nameOf(c.swapFrom), minimum: format.amount(c.minimum ?? '0'), to: nameOf(c.swapTo) })
    case 'contract-call':
      return t('tx.contractCall', { address: c.to ?? '' })
    case 'contract-creation':
      return t('tx.contractCreation')
  }
}

/** One call: its sentence, then what else it names (its token's contract, a swap's recipient elsewhere, the native value it sends with it). */
function Call({ call, index, current, count, nativeSymbol }: { call: TxCallRow; index: number; current?: number; count: number; nativeSymbol: string }) {
  const tr = useT()
  const { t, format } = tr
  const details: string[] = []
  if (current === index) details.push(t('tx.batchCurrent', { index: index + 1, count }))
  if (call.token?.address) details.push(t('tx.tokenContract', { symbol: nameOf(call.token), address: call.token.address }))
  if (call.foreignRecipient && call.recipient) details.push(t('tx.swapRecipient', { address: call.recipient }))
  if (call.value !== undefined) details.push(t('tx.value', { amount: format.amount(call.value), symbol: nativeSymbol }))
  return (
    <li className="gw-tx-call" data-kind={call.kind} aria-current={current === index ? 'step' : undefined}>
      <span>{sentence(call, nativeSymbol, tr)}</span>
      {details.map((d) => (
        <span key={d} className="gw-tx-detail">
          {d}
        </span>
      ))}
    </li>
  )
}

/** The simulated balance changes, or why there are none to show. */
function Changes({ preview }: { preview: TxPreviewModel }): ReactElement {
  const { t, format } = useT()
  if (!preview.simulated) return <span data-testid="gw-tx-not-simulated">{t('tx.notSimulated')}</span>
  if (preview.failed !== undefined) return <span data-testid="gw-tx-reverts">{t('tx.reverts', { index: preview.failed + 1 })}</span>
  if (preview.changes.length === 0) return <span data-testid="gw-tx-no-changes">{t('tx.noChanges')}</span>
  return (
    <ul className="gw-tx-changes" data-testid="gw-tx-changes">
      {preview.changes.map((c) => (
        <li key={`${c.address ?? ''}${c.symbol}`} className="gw-tx-amount" data-change={c.symbol} data-address={c.address}>
          {`${c.amount.startsWith('-') ? '−' : '+'}${format.amount(c.amount.replace(/^-/, ''))} ${c.symbol}`}
        </li>
      ))}
    </ul>
  )
}

/**
 * The preview box: `preview` once computed, 'Simulating…' while `checking`.
 * data-testid `gw-tx-preview` (`data-simulated` once computed), `gw-tx-calls` (each call `data-kind`),
 * `gw-tx-changes` (each change `data-change`: its symbol), `gw-tx-not-simulated`, `gw-tx-checking`.
 */
export function TxPreview({ preview, checking }: { preview?: TxPreviewModel; checking: boolean }) {
  const { t } = useT()
  const box = useRef<HTMLElement>(null)
  useViewCss(box, txPreviewCss)
  const batch = preview && preview.calls.length > 1
  const title = batch ? t('tx.titleBatch') : t('tx.title')
  return (
    <section ref={box} className="gw-tx" data-testid="gw-tx-preview" data-simulated={preview ? String(preview.simulated) : undefined} tabIndex={0} aria-label={title} aria-busy={checking && !preview ? true : undefined}>
      <span className="gw-tx-head">{title}</span>
      {preview ? (
        <>
          <ol className="gw-tx-calls" data-testid="gw-tx-calls">
            {preview.calls.map((c, i) => (
              <Call key={i} call={c} index={i} current={preview.current} count={preview.calls.length} nativeSymbol={preview.nativeSymbol} />
            ))}
          </ol>
          <span className="gw-muted">{preview.current ? t('tx.changesFrom', { from: preview.current + 1, to: preview.calls.length }) : t('tx.changes')}</span>
          <Changes preview={preview} />
          {preview.approvals.map((a) => (
            <span key={`${a.token.address ?? ''}${a.spender}`} className="gw-tx-detail" data-testid="gw-tx-approval">
              {t(a.all ? 'tx.approvalAll' : 'tx.approval', { spender: a.spender, symbol: nameOf(a.token) })}
            </span>
          ))}
        </>
      ) : checking ? (
        <span className="gw-muted" data-testid="gw-tx-checking">
          {t('tx.checking')}
        </span>
      ) : null}
    </section>
  )
}
