// The secure-site emulator's OAuth states are bound to the frame that asked for them
// (localnet/services/secure-site/social.ts): a code of a state another frame (another browser, an
// attacker's) was issued is refused, and stays redeemable by its own frame, once.
import { describe, expect, it } from 'vitest'
import type { FrameCall } from '../../localnet/services/secure-site/protocol.js'
import { SocialLogin } from '../../localnet/services/secure-site/social.js'
import type { Users } from '../../localnet/services/secure-site/users.js'

const ORIGIN = 'http://localhost:4455'

/** Users that create whoever logs in, with sessions (no chain, no key: the binding is what is tested). */
function users(): Users {
  return {
    findOrCreate: async (projectId: string, identity: object) => ({ projectId, ...identity }),
    endSession: () => undefined,
    startSession: () => ({ token: 'sst_test' }),
  } as unknown as Users
}

const call = (deviceId: string, name: string, payload: Record<string, unknown>, projectId = 'p1'): FrameCall => ({ projectId, deviceId, parentOrigin: 'http://127.0.0.1:5173', chainId: 'eip155:31337', name, payload })
const VICTIM = 'victim-device-0123456789'
const ATTACKER = 'attacker-device-01234567'

describe('OAuth states of the emulator', () => {
  it('a code is redeemed only by the frame its state was issued to, in its project, once; with a Telegram suffix too', async () => {
    const social = new SocialLogin(users(), ORIGIN)
    for (const suffix of ['', `--${encodeURIComponent('http://127.0.0.1:5173/')}`]) {
      const redirect = social.redirectUri(call(ATTACKER, 'GET_SOCIAL_REDIRECT_URI', { provider: 'github' }))
      const state = new URL((redirect as { payload: { uri: string } }).payload.uri).searchParams.get('state')! + suffix
      const code = social.allow('github', state, 'attacker')!
      const resultUri = `${ORIGIN}/social?code=${code}&state=${encodeURIComponent(state)}`
      const invalid = { answer: { ok: false, message: 'Invalid social result' } }
      expect(await social.connect(call(VICTIM, 'CONNECT_SOCIAL', { uri: resultUri }))).toEqual(invalid)
      expect(await social.connect(call(ATTACKER, 'CONNECT_SOCIAL', { uri: resultUri }, 'p2'))).toEqual(invalid)
      expect(await social.connect(call(ATTACKER, 'CONNECT_SOCIAL', { uri: resultUri }))).toEqual({ provider: 'github', userName: 'attacker', token: 'sst_test' })
      expect(await social.connect(call(ATTACKER, 'CONNECT_SOCIAL', { uri: resultUri }))).toEqual(invalid)
    }
  })
})
