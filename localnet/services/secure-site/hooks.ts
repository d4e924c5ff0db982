/**
 * The secure-site emulator's test hooks and request log, per projectId:
 * - hooks (`POST /api/test/hooks { projectId, … }`, each call replaces the project's hooks):
 *   `noReady` (the /sdk frame never posts READY nor listens), `readyDelayMs` (it posts READY and
 *   starts listening that late, 0 to 30 000 ms), `failSocialRedirect` (GET_SOCIAL_REDIRECT_URI
 *   fails), `failFarcasterUri` (GET_FARCASTER_URI fails); `forgetSessions: true` is an action, not
 *   kept: it ends every session of the project at once (IS_CONNECTED answers false afterwards).
 * - the log (`GET /api/test/log?projectId=`): the names of the requests the project's frames
 *   handled, in arrival order; RPC_REQUEST entries carry the method: `RPC_REQUEST:personal_sign`.
 * Demo and test tooling only.
 */

/** The hooks a project's frames follow. */
export interface Hooks {
  noReady?: boolean
  readyDelayMs?: number
  failSocialRedirect?: boolean
  failFarcasterUri?: boolean
}

/** What `POST /api/test/hooks` takes. */
export interface HooksRequest extends Hooks {
  projectId: string
  forgetSessions?: boolean
}

/** The longest READY delay a hook may ask for, in ms. */
const MAX_READY_DELAY_MS = 30_000

/**
 * Checks a `POST /api/test/hooks` body.
 * @throws Error 'Invalid hooks: {reason}' for a missing projectId, an unknown key or a value of the wrong type.
 */
export function parseHooks(body: unknown): HooksRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('Invalid hooks: not an object')
  const b = body as Record<string, unknown>
  if (typeof b.projectId !== 'string' || !b.projectId) throw new Error('Invalid hooks: projectId')
  for (const [key, value] of Object.entries(b)) {
    if (key === 'projectId') continue
    if (key === 'readyDelayMs') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_READY_DELAY_MS) throw new Error('Invalid hooks: readyDelayMs')
    } else if (['noReady', 'failSocialRedirect', 'failFarcasterUri', 'forgetSessions'].includes(key)) {
      if (typeof value !== 'boolean') throw new Error(`Invalid hooks: ${key}`)
    } else throw new Error(`Invalid hooks: unknown key ${key}`)
  }
  return b as unknown as HooksRequest
}

/** Every project's hooks and log, in memory. */
export class TestHooks {
  readonly #hooks = new Map<string, Hooks>()
  readonly #log = new Map<string, string[]>()

  /** Replaces the hooks of `projectId` (forgetSessions is not kept: the caller acts on it). */
  set({ projectId, forgetSessions: _, ...hooks }: HooksRequest): void {
    this.#hooks.set(projectId, hooks)
  }

  /** The hooks of `projectId` (none: {}). */
  get(projectId: string): Hooks {
    return { ...this.#hooks.get(projectId) }
  }

  /** Records a request the project's frame handled. */
  record(projectId: string, entry: string): void {
    const log = this.#log.get(projectId) ?? []
    log.push(entry)
    this.#log.set(projectId, log)
  }

  /** The project's log, oldest first (a copy). */
  log(projectId: string): string[] {
    return [...(this.#log.get(projectId) ?? [])]
  }
}
