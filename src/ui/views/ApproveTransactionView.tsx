/**
 * ApproveTransaction (docs/behaviour.md §2): a signing or sending call of the email or
 * social account waits for the visitor in the secure site's own approval UI. This view holds the
 * place; the page lays the secure site's iframe over it (client.showSecureFrame) while it shows,
 * and the modal goes back to where it was once the call is answered. Above that place, for a
 * transaction, Gangway's own preview of it (TxPreview.tsx: the calls decoded, the simulated balance
 * changes), in a box of fixed height, so its answer never moves the frame.
 */
import { useEffect, useRef } from 'react'
import { useClient } from '../client-context.js'
import { useT } from '../i18n/i18n.js'
import { useSignalValue } from '../use-signal.js'
import { TxPreview } from './TxPreview.js'

export function ApproveTransactionView() {
  const { showSecureFrame, signals } = useClient()
  const approval = useSignalValue(signals.approval)
  const { t } = useT()
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => (box.current && showSecureFrame ? showSecureFrame(box.current) : undefined), [showSecureFrame])
  return (
    <div className="gw-approve">
      {approval.preview || approval.checking ? <TxPreview preview={approval.preview} checking={approval.checking} /> : null}
      <p className="gw-muted">{t('approve.frame')}</p>
      <div ref={box} className="gw-approve-frame" data-testid="gw-approve-frame" />
    </div>
  )
}
