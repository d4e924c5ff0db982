import type { Samples } from './samples.js'

/** Well-formed payloads of the modal's and the snackbar's events (events/catalogue/modal.ts). */
export const modal: Samples = {
  'modal/open-requested': [{ isMobile: false }, { view: 'Account', namespace: 'eip155', isMobile: true }, { view: 'AllWallets', isMobile: true }, { namespace: 'solana', isMobile: false }],
  'modal/close-requested': [{}],
  'modal/back-requested': [{}],
  'modal/navigate-requested': [{ view: 'WalletSendPreview' }, { view: 'Connect' }],
  'modal/shake-started': [{}],
  'modal/shake-ended': [{}],
  'modal/trigger-approached': [{}],
  'snackbar/show-requested': [
    { variant: 'error', message: 'Failed to disconnect' },
    { variant: 'success', message: 'Wallet switched' },
    { variant: 'loading', message: 'Waiting for the wallet' },
  ],
  'snackbar/shown': [
    { variant: 'error', message: 'Token Balance Unavailable' },
    { variant: 'success', message: 'Account switched' },
    { variant: 'loading', message: 'Waiting for the wallet' },
  ],
  'snackbar/hidden': [{}],
}
