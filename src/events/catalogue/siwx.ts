/**
 * Signing in with a wallet message (SIWX, docs/behaviour.md §4): sessions verified, sign-in asked,
 * signed, failed, declined, signed out, and the email capture after it (DataCapture).
 */
import { nothing, object, oneOf, optional, whole } from '../schema.js'
import { intent, outcome } from './define.js'
import { caip10, errorId, message } from './fields.js'

export const siwx = {
  /**
   * SIWX (docs/behaviour.md §4): the account (CAIP-10) has a session the engine verified,
   * a stored one the site's `siwx.getSessions` gave back (`via: 'stored'`) or one just signed and
   * handed to `siwx.addSession` (`via: 'signature'`). `expiresAt` in ms since the epoch, when the
   * message has an expiration time. Shared: every tab of the connection is signed in. The message
   * and its signature stay out of the log.
   */
  'siwx/session-verified': outcome(object({ caipAddress: caip10, via: oneOf(['stored', 'signature']), expiresAt: optional(whole()) }), { shared: true }),
  /** No verified session for the connected account: SIWXSignMessage asks the visitor to sign in. */
  'siwx/sign-in-needed': outcome(object({ caipAddress: caip10 })),
  /** The visitor's Sign in on SIWXSignMessage. I (P). Refused: 'SIWX is not enabled', 'No sign-in under way'. */
  'siwx/sign-requested': intent(nothing),
  /** Signing failed or was rejected: 'Error signing message' (docs/behaviour.md §8); the view stays, to try again. */
  'siwx/sign-failed': outcome(object({ caipAddress: caip10, message, errorId: optional(errorId) })),
  /** The visitor's Cancel on SIWXSignMessage. I (P): required sign-in disconnects, else the modal closes. */
  'siwx/cancel-requested': intent(nothing),
  /**
   * The site's SIWX failed ('A problem occurred while trying initialize authentication',
   * docs/behaviour.md §8): its `getSessions`, `createMessage` or `addSession` threw or answered
   * what Gangway cannot use. The account is disconnected and the modal resets to Connect.
   */
  'siwx/failed': outcome(object({ caipAddress: caip10, message, errorId: optional(errorId) })),
  /**
   * The account SIWXSignMessage asked for is no longer its namespace's active one, and the active one
   * is signed in (the wallet switched back): the sign-in asked for ends, and the modal shows Account.
   */
  'siwx/sign-in-moot': outcome(object({ caipAddress: caip10 })),
  /** The visitor closed SIWXSignMessage (Cancel or the modal's close) where sign-in is not required: the account stays connected, unsigned. */
  'siwx/sign-in-declined': outcome(object({ caipAddress: caip10 })),
  /** The account's sessions were revoked through `siwx.revokeSession` on disconnect (`signOutOnDisconnect`). Shared. */
  'siwx/signed-out': outcome(object({ caipAddress: caip10 }), { shared: true }),
  /**
   * DataCapture (docs/behaviour.md §2): the site's `siwx` took the visitor's email for the
   * signed-in account (and its code, when it mailed one). The email and the code stay on the page. I (P).
   */
  'data-capture/completed': intent(nothing),
  /** The visitor's Skip on DataCapture: no email given. I (P). */
  'data-capture/skipped': intent(nothing),
}
