/**
 * Whether a request the /sdk frame forwards is one Reown's client can send: the event
 * `{ type: '@w3m-app/<NAME>', payload? }` checked against `W3mFrameSchema.appEvent`, the zod schema
 * of @reown/appkit-wallet (reown-com/appkit packages/wallet/src/W3mFrameSchema.ts), the installed
 * package itself rather than our reading of it. The hosted frame's own answer to a request it cannot
 * read is not published; the emulator answers `<NAME>_ERROR { message: 'Invalid request' }`.
 * Demo and test tooling only.
 */
import { W3mFrameSchema } from '@reown/appkit-wallet'

/** The message the emulator answers a request outside the schema with. */
export const INVALID_REQUEST = 'Invalid request'

/** Whether `@w3m-app/<name>` with `payload` (absent: `undefined`) passes the client's app-event schema. */
export function isClientAppEvent(name: string, payload: Record<string, unknown> | undefined): boolean {
  return W3mFrameSchema.appEvent.safeParse({ type: `@w3m-app/${name}`, ...(payload === undefined ? {} : { payload }) }).success
}
