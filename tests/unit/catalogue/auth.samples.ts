import type { Samples } from './samples.js'

const evmAddress = '0x00000000000000000000000000000000000000aB'
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

/** Well-formed payloads of the email and social login events (events/catalogue/auth.ts). */
export const auth: Samples = {
  'auth/frame-failed': [{ message: 'The secure site did not load' }],
  'auth/smart-account-networks-fetched': [{ caipNetworkIds: ['eip155:1', 'eip155:8453'] }, { caipNetworkIds: [] }],
  'auth/email-submitted': [{ email: 'alice@example.com' }, { email: '  bob.smith@mail.example.org ' }],
  'auth/email-accepted': [{ action: 'VERIFY_OTP' }, { action: 'VERIFY_DEVICE' }, { action: 'CONNECT' }],
  'auth/email-failed': [{ message: 'Invalid email' }],
  'auth/device-approved': [{}],
  'auth/otp-verified': [{}],
  'auth/otp-failed': [{ message: 'Invalid code' }],
  'auth/user-received': [
    {
      namespace: 'eip155',
      caipNetworkId: 'eip155:1',
      email: 'alice@example.com',
      accounts: [
        { address: evmAddress, type: 'smartAccount' },
        { address: '0x1111111111111111111111111111111111111111', type: 'eoa' },
      ],
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    },
    {
      namespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      username: 'alice_x',
      socialProvider: 'x',
      accounts: [{ address: evmAddress, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: true,
    },
    {
      namespace: 'solana',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      email: 'redacted:0123456789ab',
      accounts: [{ address: solanaAddress, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    },
  ],
  'auth/smart-account-deployed': [{ namespace: 'eip155', caipNetworkId: 'eip155:8453' }],
  'auth/social-requested': [{ provider: 'google' }, { provider: 'farcaster' }],
  'auth/social-result-received': [{ provider: 'discord' }],
  'auth/social-connected': [{ provider: 'github' }],
  'auth/social-failed': [{ provider: 'apple', message: 'Popup closed' }],
  'auth/email-update-requested': [{ email: 'new@example.com' }, { email: ' new.address@example.co.uk  ' }],
  'auth/email-update-accepted': [{ action: 'VERIFY_PRIMARY_OTP' }, { action: 'VERIFY_SECONDARY_OTP' }],
  'auth/email-update-failed': [{ message: 'Invalid code' }],
  'auth/email-update-verified': [{}],
  'auth/email-updated': [{ namespace: 'eip155', email: 'new@example.com' }],
  'page/platform-detected': [
    { telegram: true, ios: false, android: true, mac: false, iosSafari: false },
    { telegram: false, ios: true, android: false, mac: false, iosSafari: true },
  ],
  'auth/telegram-social-started': [{ provider: 'facebook' }],
  'auth/telegram-social-ended': [
    { provider: 'google', reason: 'returned' },
    { provider: 'x', reason: 'refused' },
    { provider: 'discord', reason: 'expired' },
  ],
  'auth/social-return-refused': [{ reason: 'not-started' }, { reason: 'expired' }, { reason: 'mismatch' }],
  'auth/farcaster-requested': [{}],
  'auth/farcaster-reset': [{}],
  'auth/rpc-refused': [{ method: 'eth_signTypedData_v3' }],
  'auth/approval-requested': [{ method: 'eth_sendTransaction', id: '9f86d081884c7d65' }, { method: 'personal_sign' }],
  'auth/approval-settled': [
    { method: 'eth_sendTransaction', outcome: 'approved', id: '9f86d081884c7d65' },
    { method: 'personal_sign', outcome: 'rejected' },
    { method: 'eth_signTypedData_v4', outcome: 'failed', id: 'send' },
  ],
}
