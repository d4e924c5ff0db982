import type { Samples } from './samples.js'

const evmAccount = 'eip155:31337:0x00000000000000000000000000000000000000ab'
const solanaAccount = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

/** Well-formed payloads of the SIWX and DataCapture events (events/catalogue/siwx.ts). */
export const siwx: Samples = {
  'siwx/session-verified': [
    { caipAddress: evmAccount, via: 'stored', expiresAt: 1767225600000 },
    { caipAddress: solanaAccount, via: 'signature' },
  ],
  'siwx/sign-in-needed': [{ caipAddress: evmAccount }, { caipAddress: solanaAccount }],
  'siwx/sign-requested': [{}],
  'siwx/sign-failed': [{ caipAddress: evmAccount, message: 'Error signing message' }],
  'siwx/cancel-requested': [{}],
  'siwx/failed': [{ caipAddress: solanaAccount, message: 'A problem occurred while trying initialize authentication' }],
  'siwx/sign-in-moot': [{ caipAddress: evmAccount }],
  'siwx/sign-in-declined': [{ caipAddress: evmAccount }],
  'siwx/signed-out': [{ caipAddress: solanaAccount }],
  'data-capture/completed': [{}],
  'data-capture/skipped': [{}],
}
