/**
 * The codes the visitor types (docs/behaviour.md §4 email login, UpdateEmailWallet): sent to the
 * secure site from the page, never to the engine, which learns only the outcome.
 */
import { GangwayError } from '../../../events/kernel/errors.js'
import type { AuthSession } from './auth-session.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** The code the visitor types: 6 digits. */
export const OTP_PATTERN = /^\d{6}$/
/** What `submitOtp` refuses before asking the secure site. */
export const INVALID_CODE = ERRORS.invalidCode.message

/** The codes of one auth source (see the module's comment). */
export interface AuthOtp {
  /** AuthSource.submitOtp. */
  submitOtp(otp: string): Promise<void>
  /** AuthSource.submitUpdateOtp. */
  submitUpdateOtp(otp: string): Promise<void>
  /** The secure site's answer to an email change (`gangway_auth_updateEmail`): the code it asks for first. */
  updateAsked(action: unknown): void
}

/** The codes over `s` (see the module's comment). */
export function authOtp(s: AuthSession): AuthOtp {
  const { adapter, start, tell } = s
  /** The code UpdateEmailWallet waits for: the current address's, then the new one's. */
  let updateStep: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' | undefined
  return {
    updateAsked(action) {
      updateStep = action === 'VERIFY_SECONDARY_OTP' ? 'VERIFY_SECONDARY_OTP' : 'VERIFY_PRIMARY_OTP'
    },
    async submitOtp(otp) {
      if (!OTP_PATTERN.test(otp)) throw new GangwayError(INVALID_CODE)
      try {
        await start()
        await adapter.connectOtp(otp)
      } catch (error) {
        return tell({ type: 'auth/otp-failed', payload: { message: ((error as Error).message || INVALID_CODE).slice(0, 256) } })
      }
      await tell({ type: 'auth/otp-verified', payload: {} })
    },
    async submitUpdateOtp(otp) {
      if (!OTP_PATTERN.test(otp)) throw new GangwayError(INVALID_CODE)
      const failed = (error: unknown) => tell({ type: 'auth/email-update-failed', payload: { message: ((error as Error).message || INVALID_CODE).slice(0, 256) } })
      if (updateStep === 'VERIFY_PRIMARY_OTP') {
        try {
          await start()
          await adapter.updateEmailPrimaryOtp(otp)
        } catch (error) {
          return void (await failed(error))
        }
        updateStep = 'VERIFY_SECONDARY_OTP'
        return tell({ type: 'auth/email-update-verified', payload: {} })
      }
      let answer: { newEmail?: unknown } | undefined
      try {
        await start()
        answer = await adapter.updateEmailSecondaryOtp(otp)
      } catch (error) {
        return void (await failed(error))
      }
      updateStep = undefined
      // An email the secure site names (checked again where the engine takes it).
      if (typeof answer?.newEmail !== 'string') return void (await failed(new GangwayError(ERRORS.failedToConnect.message, { category: 'SECURE_SITE_ERROR' })))
      await tell({ type: 'auth/email-updated', payload: { namespace: 'eip155', email: answer.newEmail } })
    },
  }
}
