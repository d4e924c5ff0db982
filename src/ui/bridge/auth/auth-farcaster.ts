/**
 * Farcaster login (ConnectingFarcaster, docs/behaviour.md §2): the link the visitor's Farcaster app
 * opens, asked of the secure site once and kept until the visitor leaves the view; the wait for its
 * approval starts with it. The link is a bearer channel: it never reaches the engine.
 */
import type { AuthSession } from './auth-session.js'
import { providerLink } from './auth-social.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** docs/behaviour.md §8: the Farcaster login failed. */
export const FAILED_TO_CONNECT_FARCASTER = ERRORS.failedToConnectFarcaster.message
/** How long the Farcaster approval may take, in ms: the visitor's time, bounded. */
const FARCASTER_WAIT_MS = 30 * 60_000

/** The Farcaster login of one auth source (see the module's comment). */
export interface AuthFarcaster {
  /** AuthSource.farcasterUrl. */
  farcasterUrl(): Promise<string | undefined>
  /** The secure site reloads (the visitor left ConnectingFarcaster unconnected): the link goes, and a wait from before is ignored. */
  reset(): void
}

/** The Farcaster login over `s` (see the module's comment). */
export function authFarcaster(s: AuthSession): AuthFarcaster {
  const { adapter, start, tell } = s
  /** The Farcaster link, while ConnectingFarcaster shows; its round, so a wait from before a reload is ignored. */
  let farcaster: Promise<string | undefined> | undefined
  let farcasterRound = 0
  return {
    reset() {
      farcaster = undefined
      farcasterRound++
    },
    farcasterUrl() {
      if (farcaster) return farcaster
      const round = ++farcasterRound
      const failed = () => void (round === farcasterRound && tell({ type: 'auth/social-failed', payload: { provider: 'farcaster', message: FAILED_TO_CONNECT_FARCASTER } }))
      farcaster = start()
        .then(() => adapter.getFarcasterUri())
        .then(
        (answer) => {
          const url = providerLink(answer, adapter.origin)
          if (!url) return void failed()
          // Pending until the visitor approves in Farcaster: no time limit but the visitor's. Either
          // way the link is spent: the next visit asks for a new one.
          const settle = () => void (round === farcasterRound && (farcaster = undefined))
          adapter.connectFarcaster(FARCASTER_WAIT_MS).then(
            () => {
              if (round === farcasterRound) void tell({ type: 'auth/social-connected', payload: { provider: 'farcaster' } })
              settle()
            },
            () => (failed(), settle()),
          )
          return url
        },
        () => void failed(),
      )
      return farcaster
    },
  }
}
