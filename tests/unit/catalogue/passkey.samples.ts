import type { Samples } from './samples.js'

/** Well-formed payloads of the passkey's events (events/catalogue/passkey.ts). */
export const passkey: Samples = {
  'passkey/create-requested': [{}],
  'passkey/use-requested': [{}],
  'passkey/credential-known': [
    { id: 'AAECAwQ', publicKey: `0x${'ab'.repeat(64)}`, address: '0x2222222222222222222222222222222222222222' },
    { id: 'x'.repeat(1364), publicKey: `0x${'0'.repeat(128)}`, address: '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa' },
    { id: 'AAECAwU', publicKey: `0x${'cd'.repeat(64)}`, address: '0x2222222222222222222222222222222222222222', signer: '0x3333333333333333333333333333333333333333' },
  ],
  'passkey/add-requested': [{}],
  'passkey/added': [{ id: 'AAECAwU', publicKey: `0x${'cd'.repeat(64)}`, address: '0x2222222222222222222222222222222222222222', signer: '0x3333333333333333333333333333333333333333', transactionHash: `0x${'12'.repeat(32)}` }],
  'passkey/add-failed': [{ message: 'Passkey request cancelled', code: 4001 }, { message: 'Transaction reverted' }],
}
