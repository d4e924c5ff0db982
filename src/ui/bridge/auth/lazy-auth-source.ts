/**
 * The auth connector's source as the core chunk holds it: a few lines that load the real one
 * (auth-source.ts, its own chunk) on first use, so nothing of email or social login is fetched or
 * evaluated before the visitor reaches for the modal (or a stored auth connection is restored).
 */
import type { AuthSource } from './auth-source.js'

/** An AuthSource that loads `load()`'s on its first call, once. */
export function lazyAuthSource(load: () => Promise<AuthSource>): AuthSource {
  let loaded: Promise<AuthSource> | undefined
  const get = () => (loaded ??= load())
  return {
    owns: (connectorId) => connectorId === 'AUTH',
    start: () => void get().then((s) => s.start()),
    request: async (connectorId, args, options) => (await get()).request(connectorId, args, options),
    watch: () => undefined,
    submitOtp: async (otp) => (await get()).submitOtp(otp),
    showFrame(target) {
      let hide: (() => void) | undefined
      let hidden = false
      void get().then((s) => void (hidden || (hide = s.showFrame(target))))
      return () => {
        hidden = true
        hide?.()
      }
    },
    close: () => void loaded?.then((s) => s.close()),
  }
}
