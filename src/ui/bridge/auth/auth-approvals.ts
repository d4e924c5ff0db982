/**
 * The calls the visitor approves in the secure site's own UI (ApproveTransaction, docs/behaviour.md
 * §2): each waits the visitor's time, bounded; leaving the view rejects the waiting ones (4001) and
 * tells the secure site to drop them; the secure site's frame is laid over the view's box meanwhile.
 */
import { UserRejectedError } from '../../../events/kernel/errors.js'
import type { AuthCall } from '../../../contract.js'
import type { AuthSession } from './auth-session.js'

/** What a call left waiting in ApproveTransaction gets when the visitor leaves it. */
export const USER_REJECTED_REQUEST = 'User rejected the request.'
/** How long a call may wait for the visitor's approval, in ms. */
const APPROVAL_WAIT_MS = 30 * 60_000

/** The approvals of one auth source (see the module's comment). */
export interface AuthApprovals {
  /** `call` through the adapter, waiting for the visitor's approval at most APPROVAL_WAIT_MS. @throws the adapter's error; UserRejectedError 4001 'User rejected the request.' when the visitor leaves. */
  approve(call: AuthCall): Promise<unknown>
  /** AuthSource.abortApprovals. */
  abortApprovals(): void
  /** AuthSource.showFrame. */
  showFrame(target: HTMLElement): () => void
}

/** The approvals over `s` (see the module's comment). */
export function authApprovals(s: AuthSession): AuthApprovals {
  const adapter = s.adapter
  /** The calls waiting for the visitor in the secure site's approval UI, to reject when the visitor leaves it. */
  const approvals = new Set<(error: Error) => void>()
  return {
    approve: (call) =>
      new Promise<unknown>((resolve, reject) => {
        const leave = (error: Error) => {
          approvals.delete(leave)
          reject(error)
        }
        approvals.add(leave)
        // The visitor's time, bounded: never the 120 s of a connect, or a late approval would be sent after the site gave up.
        adapter.request(call, APPROVAL_WAIT_MS).then(
          (answer) => (approvals.delete(leave), resolve(answer)),
          (error: Error) => (approvals.delete(leave), reject(error)),
        )
      }),
    abortApprovals() {
      if (approvals.size === 0) return
      for (const leave of [...approvals]) leave(new UserRejectedError(USER_REJECTED_REQUEST, { code: 4001, category: 'SECURE_SITE_ERROR' }))
      adapter.abortRequests()
    },
    showFrame(target) {
      const f = adapter.frame()
      if (!f) return () => undefined
      const win = s.pageWindow()
      let raf = 0
      // Followed every frame: the modal's height animates and the page may scroll under it.
      const place = () => {
        const r = target.getBoundingClientRect()
        f.style.cssText = `display:block;position:fixed;border:0;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;z-index:2147483647;background:transparent`
        raf = win.requestAnimationFrame(place)
      }
      place()
      f.removeAttribute('aria-hidden')
      f.tabIndex = 0
      return () => {
        win.cancelAnimationFrame(raf)
        f.style.cssText = 'display:none;position:fixed;border:0'
        f.setAttribute('aria-hidden', 'true')
        f.tabIndex = -1
      }
    },
  }
}
