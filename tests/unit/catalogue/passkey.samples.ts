import type { Samples } from './samples.js'

/** Well-formed payloads of the passkey's events (events/catalogue/passkey.ts). */
export const passkey: Samples = {
  'passkey/create-requested': [{}],
  'passkey/use-requested': [{}],
  'passkey/credential-known': [
    { id: 'AAECAwQ', publicKey: `0x${'ab'.repeat(64)}`, address: '0x2222222222222222222222222222222222222222' },
    { id: 'x'.repeat(1364), publicKey: `0x${'0'.repeat(128)}`, address: '0xaAaAaAaaAaAaAaaAaAAAAAAAAaaaAaAaAaaAaaAa' },
  ],
}
