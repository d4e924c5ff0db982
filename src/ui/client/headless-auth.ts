/**
 * The headless surface's sign-in and login (docs/api.md, Headless; docs/behaviour.md §4 SIWX, email
 * login and social login, §8): SIWXSignMessage's and the email and social login's intents over the
 * connect model, and the client's own auth functions for what must stay on the page: the code the
 * visitor types (Client.submitOtp: never in an intent, an event or a log) and the social popup
 * (Client.startSocial, opened inside the visitor's click).
 */
import type { Signal } from '@preact/signals-core'
import type { ConnectModel, Intent } from '../../contract.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { GangwayError } from '../../events/kernel/errors.js'
import type { Client } from '../core.js'
import type { GangwayHeadless, LoginStatus } from '../headless-types.js'
import { through } from './headless-send.js'

/** The client's auth functions the headless surface uses (absent without `auth` or a secure site). */
export type HeadlessAuth = Pick<Client, 'submitOtp' | 'startSocial'>

/** Email and social login as the connect model has it (`enabled`: the client has the auth functions). */
export const loginOf = (m: ConnectModel, enabled: boolean): LoginStatus => ({
  enabled,
  methods: m.methods,
  socials: m.socials,
  ...(m.emailLogin ? { emailLogin: m.emailLogin } : {}),
  ...(m.socialLogin ? { socialLogin: m.socialLogin } : {}),
})

/**
 * `signIn`, `cancelSignIn`, `connectEmail`, `submitEmailOtp` and `connectSocial` over the connect
 * model (see GangwayHeadless); the last three refuse with 'Email and social login are not enabled'
 * without `auth`.
 * @example
 * ```ts
 * const { signIn, connectEmail } = headlessAuth(signals.connect, dispatch, client)
 * ```
 */
export function headlessAuth(connect: Signal<ConnectModel>, dispatch: (intent: Intent) => Promise<void>, auth: HeadlessAuth | undefined): Pick<GangwayHeadless, 'signIn' | 'cancelSignIn' | 'connectEmail' | 'submitEmailOtp' | 'connectSocial'> {
  const off = () => Promise.reject(new GangwayError(ERRORS.authNotEnabled.message))
  return {
    async signIn() {
      const ended = await through(
        connect,
        () => dispatch({ type: 'siwx/sign-requested', payload: {} }),
        (m) => m.siwx?.signing === true,
        (m) => !m.siwx?.signing,
      )
      if (ended.siwx?.error !== undefined) throw new GangwayError(ended.siwx.error, { category: 'API_ERROR' })
    },
    cancelSignIn: () => dispatch({ type: 'siwx/cancel-requested', payload: {} }),
    async connectEmail(email) {
      if (!auth) return off()
      // `auth/email-submitted` makes the step 'sending' (the engine refuses a second one meanwhile); the secure site's answer moves it on.
      const answered = await through(
        connect,
        () => dispatch({ type: 'auth/email-submitted', payload: { email } }),
        (m) => m.emailLogin?.step === 'sending',
        (m) => m.emailLogin?.step !== 'sending',
      )
      const step = answered.emailLogin?.step
      if (step === 'verify-otp' || step === 'verify-device' || step === 'connecting') return step
      const error = answered.emailLogin?.error
      throw error !== undefined ? new GangwayError(error, { category: 'API_ERROR' }) : new GangwayError(ERRORS.noLoginUnderWay.message)
    },
    submitEmailOtp: (code) => (auth?.submitOtp ? auth.submitOtp(code) : off()),
    connectSocial(provider) {
      const start = auth?.startSocial
      if (!start) return off()
      const mine = (m: ConnectModel) => m.socialLogin?.provider === provider
      // startSocial runs at once, inside this call (its popup must open in the visitor's click).
      return through(
        connect,
        () => start(provider),
        (m) => mine(m) && m.socialLogin?.step === 'started' && m.socialLogin.error === undefined,
        (m) => !mine(m) || m.socialLogin?.error !== undefined || m.socialLogin?.step === 'connecting',
      ).then(({ socialLogin: login }) => {
        if (login?.provider !== provider) throw new GangwayError(ERRORS.noLoginUnderWay.message)
        if (login.error !== undefined) throw new GangwayError(login.error, { category: 'API_ERROR' })
      })
    },
  }
}
