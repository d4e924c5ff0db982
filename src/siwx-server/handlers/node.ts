/**
 * The SIWX routes (routes.ts) as a Node `http` handler, Express-compatible (docs/behaviour.md §4
 * SIWX). The client key for the rate limits defaults to the socket's address (an IPv6 one cut to
 * its /64): X-Forwarded-For is never trusted by default, since any client can write it. Behind a
 * proxy, pass `clientKey` reading what that proxy sets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHash } from 'node:crypto'
import { MAX_CLIENT_KEY_CHARS } from '../store.js'
import { bodyTooLarge, clientKeyOfAddress, createRoutes, type SiwxHandlerOptions } from './routes.js'

/**
 * createSiwxNodeHandler's options: the shared ones, and where the client key comes from.
 * @example
 * ```ts
 * import { createSiwxNodeHandler, type SiwxNodeHandlerOptions } from 'gangway/siwx-server'
 *
 * // Behind one proxy that sets X-Real-IP (and strips it from clients):
 * const options: SiwxNodeHandlerOptions = { siwx, clientKey: (req) => String(req.headers['x-real-ip'] ?? req.socket.remoteAddress) }
 * const handler = createSiwxNodeHandler(options)
 * ```
 */
export interface SiwxNodeHandlerOptions extends SiwxHandlerOptions {
  /** Who asks, for the rate limits. Default: the socket's remote address (IPv6: its /64). A key longer than MAX_CLIENT_KEY_CHARS is hashed. */
  clientKey?: (req: IncomingMessage) => string
}

/**
 * The client key the site's `read` gives, as the store takes it: at most MAX_CLIENT_KEY_CHARS
 * characters (a longer one hashed); 'unknown' when `read` throws. Both handlers' client keys.
 */
export function boundedKey(read: () => string): string {
  let text: string
  try {
    text = String(read())
  } catch {
    return 'unknown'
  }
  return text.length <= MAX_CLIENT_KEY_CHARS ? text : createHash('sha256').update(text).digest('hex')
}

/**
 * A Node request's body as UTF-8 text, at most `max` bytes: refused at once when its Content-Length
 * says more, and as soon as the bytes read pass `max` (the rest is read and dropped, so a client
 * still sending reads the answer rather than a reset).
 * @throws the error `tooLarge` makes, when the body is too large.
 */
export function readBoundedBody(req: IncomingMessage, max: number, tooLarge: () => Error): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > max) return Promise.reject(tooLarge())
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= max) return void chunks.push(chunk)
      req.off('data', onData).resume()
      reject(tooLarge())
    }
    req.on('data', onData).on('end', () => resolve(Buffer.concat(chunks).toString('utf8'))).on('error', reject)
  })
}

/**
 * A Node `http` / Express handler for the SIWX routes (routes.ts: `POST nonce`, `POST verify`,
 * `GET session`, `POST sign-out` under `basePath`, default '/siwx/'). A request outside `basePath`
 * goes to `next` when given (Express), else is answered 404. It never throws.
 * @throws InvalidOptionError 'Invalid SIWX server option' (details name it) for a bad option.
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * import { createSiwxServer, createSiwxNodeHandler } from 'gangway/siwx-server'
 *
 * const siwx = createSiwxServer({ domain: 'example.com', uri: 'https://example.com', chains: { 'eip155:1': 'https://rpc.example' } })
 * const handler = createSiwxNodeHandler({ siwx, origin: 'https://example.com' })
 * createServer((req, res) => handler(req, res)).listen(3000) // or Express: app.use(handler)
 * ```
 */
export function createSiwxNodeHandler(options: SiwxNodeHandlerOptions): (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void> {
  const routes = createRoutes(options)
  const keyOf = options.clientKey ?? ((req: IncomingMessage) => clientKeyOfAddress(req.socket.remoteAddress))
  return async (req, res, next) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (!routes.handles(path) && next) return next()
    const clientKey = boundedKey(() => keyOf(req))
    const answer = await routes.answer({
      method: req.method ?? 'GET',
      path,
      cookie: req.headers.cookie,
      contentType: req.headers['content-type'],
      origin: req.headers.origin,
      clientKey,
      body: (max) => readBoundedBody(req, max, bodyTooLarge),
    })
    // A refused body was cut short: close the connection rather than read on.
    if (answer.status === 413) answer.headers.connection = 'close'
    if (!res.headersSent) res.writeHead(answer.status, answer.headers).end(answer.body)
  }
}
