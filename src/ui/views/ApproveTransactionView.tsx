/**
 * ApproveTransaction (docs/behaviour.md §2; issue 19): a signing or sending call of the email or
 * social account waits for the visitor in the secure site's own approval UI. This view holds the
 * place; the page lays the secure site's iframe over it (client.showSecureFrame) while it shows,
 * and the modal goes back to where it was once the call is answered.
 */
import { useEffect, useRef } from 'react'
import { useClient } from '../client-context.js'
import { useT } from '../i18n/i18n.js'

export function ApproveTransactionView() {
  const { showSecureFrame } = useClient()
  const { t } = useT()
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => (box.current && showSecureFrame ? showSecureFrame(box.current) : undefined), [showSecureFrame])
  return (
    <div className="gw-approve">
      <p className="gw-muted">{t('approve.frame')}</p>
      <div ref={box} className="gw-approve-frame" data-testid="gw-approve-frame" />
    </div>
  )
}
