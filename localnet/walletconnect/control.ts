/**
 * The guarded HTTP control service of the Localnet WalletConnect wallet, on 127.0.0.1. Every call
 * must carry `authorization: Bearer <token>` (the random token the wallet makes at start); a call
 * with an `Origin` header must come from one of `allowedOrigins` (the demo site), and its `Host`
 * must name 127.0.0.1 or localhost on this port (no DNS rebinding). CORS answers only an allowed
 * origin. Anything else answers 403 `{ error }` before the body is read or a route runs, so it
 * changes nothing. Issue 13 item 13: without this, any web page the developer visits could pair
 * the wallet with its own URI and approve sessions. Demo and test tooling only.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readBody } from '../http.js'

/** The JSON body of a control call (`{}` for GET or an empty body). */
export type ControlBody = { uri?: string; id?: number; topic?: string }

/** A route: resolves with the 200 answer's JSON, or throws (ControlError for its status, else 409 `{ error: message }`). */
export type ControlRoute = (body: ControlBody) => Promise<unknown>

/** Thrown by a route to answer `status` with `{ error: message }`. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface ControlServerOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number
  /** The secret every call must present as `authorization: Bearer <token>`. */
  token: string
  /** Browser origins allowed to call (exact `scheme://host:port`); a call with any other `Origin` is refused. */
  allowedOrigins: readonly string[]
  /** `"METHOD /path"` → route, e.g. `"POST /pair"`. */
  routes: Record<string, ControlRoute>
}

export interface ControlServer {
  /** http://127.0.0.1:port */
  url: string
  stop(): Promise<void>
}

/** A fresh control token: 32 random bytes, base64url (43 characters). */
export const newControlToken = (): string => randomBytes(32).toString('base64url')

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Why `req` may not call, or undefined when it may (the token is checked separately: preflights carry none). */
function refusal(req: IncomingMessage, port: number, allowedOrigins: readonly string[]): string | undefined {
  const host = req.headers.host ?? ''
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return 'Host not allowed'
  const origin = req.headers.origin
  if (origin !== undefined && !allowedOrigins.includes(origin)) return 'Origin not allowed'
  return undefined
}

/**
 * Starts the control service and resolves once it listens. Answers: 200 with the route's JSON;
 * 204 to a CORS preflight from an allowed origin; 403 `{ error: "Host not allowed" | "Origin not
 * allowed" | "A valid control token is required" }`; 400 `{ error: "Invalid JSON body" }`; 404
 * `{ error: "not found" }`; a route's ControlError status, else 409, with `{ error: message }`.
 */
export async function startControlServer(o: ControlServerOptions): Promise<ControlServer> {
  if (o.token.length < 16) throw new Error('The control token must be at least 16 characters')
  let port = o.port
  const server: Server = createServer(async (req, res) => {
    const origin = req.headers.origin
    const cors: Record<string, string> =
      origin !== undefined && o.allowedOrigins.includes(origin)
        ? { 'access-control-allow-origin': origin, 'access-control-allow-headers': 'content-type, authorization', 'access-control-allow-methods': 'GET, POST', vary: 'origin' }
        : {}
    const send = (status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json', ...cors }).end(JSON.stringify(body))
    const refused = refusal(req, port, o.allowedOrigins)
    if (refused) return send(403, { error: refused })
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
    if (!sameSecret(req.headers.authorization ?? '', `Bearer ${o.token}`)) return send(403, { error: 'A valid control token is required' })
    const route = o.routes[`${req.method} ${new URL(req.url ?? '/', 'http://127.0.0.1').pathname}`]
    if (!route) return send(404, { error: 'not found' })
    let body: ControlBody
    try {
      const text = req.method === 'POST' ? await readBody(req) : ''
      body = (text ? JSON.parse(text) : {}) as ControlBody
      if (typeof body !== 'object' || body === null) throw new Error('not an object')
    } catch {
      return send(400, { error: 'Invalid JSON body' })
    }
    try {
      return send(200, await route(body))
    } catch (error) {
      return send(error instanceof ControlError ? error.status : 409, { error: error instanceof Error ? error.message : String(error) })
    }
  })
  await new Promise<void>((r) => server.listen(o.port, '127.0.0.1', () => r()))
  port = (server.address() as AddressInfo).port
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((r) => server.close(() => r())) }
}
