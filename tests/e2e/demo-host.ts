/** The demo host's sign-in routes (localnet/demo-auth.ts) as the SIWX end-to-end tests read them: from the page, with its cookie. */
import type { Page } from 'playwright-core'

/** A session as the demo host answers it. */
export type HostSession = { caipAddress: string; data: { accountAddress: string; chainId: string }; message: string; signature: string }

/** Who the demo host says is signed in (`GET /localnet/auth/me`), and the emails DataCapture gave it. */
export const me = (page: Page) => page.evaluate(async () => (await fetch('/localnet/auth/me', { credentials: 'same-origin' })).json() as Promise<{ signedIn: boolean; accounts?: string[]; emails?: Record<string, string> }>)

/** The demo host's sessions of `address` on `chainId` (CAIP-2). */
export const hostSessions = (page: Page, chainId: string, address: string) =>
  page.evaluate(
    async ({ chainId, address }) => {
      const r = await fetch('/localnet/auth/sessions', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chainId, address }) })
      return ((await r.json()) as { sessions: HostSession[] }).sessions
    },
    { chainId, address },
  )
