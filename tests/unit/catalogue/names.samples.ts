import type { Samples } from './samples.js'

const address = '0x00000000000000000000000000000000000000ab'

/** Well-formed payloads of the name events (events/catalogue/names.ts). */
export const names: Samples = {
  'name/suggestions-requested': [{ label: 'alice' }, { label: '' }],
  'name/suggestions-fetched': [
    { label: 'alice', suggestions: [{ name: 'alice.reown.id', registered: true }, { name: 'alice1.reown.id', registered: false }] },
    { label: '', suggestions: [] },
  ],
  'name/suggestions-failed': [{ label: 'alice', message: 'Error fetching name suggestions' }],
  'name/register-requested': [{ label: 'alice' }],
  'name/registered': [{ address, name: 'alice.reown.id' }],
  'name/register-failed': [{ label: 'alice', message: 'Error registering name alice.reown.id' }],
  'name/register-cancelled': [{ label: 'alice' }],
  'name/resolved': [
    { name: 'vitalik.eth', caipNetworkId: 'eip155:1', address, avatar: 'https://example.com/avatar.png' },
    { name: 'alice.reown.id', caipNetworkId: 'eip155:31337', address },
  ],
  'name/resolve-failed': [{ name: 'nobody.eth', message: 'Name not found' }],
}
