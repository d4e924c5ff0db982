/**
 * The SIWX routes (routes.ts) as a Fetch-API handler, `Request → Response` (docs/behaviour.md §4
 * SIWX): Next.js route handlers, Deno, Bun, edge-style runtimes. A Fetch request carries no socket
 * address, so the site says who asks (`clientKey`): read what its own platform or proxy sets, never
 * a header any client can write.
 */
import { boundedText } from '../../events/kernel/bounded-body.js'
import { InvalidOptionError } from '../../events/kernel/errors.js'
import { bodyTooLarge, createRoutes, type SiwxHandlerOptions } from './routes.js'
import { boundedKey } from './node.js'

/**
 * createSiwxFetchHandler's options: the shared ones, and where the client key comes from.
 * @example
 * ```ts
 * import { createSiwxFetchHandler, type SiwxFetchHandlerOptions } from 'gangway/siwx-server'
 *
 * // On a platform whose edge overwrites X-Real-IP with the client's address:
 * const options: SiwxFetchHandlerOptions = { siwx, clientKey: (request) => request.headers.get('x-real-ip') ?? 'unknown' }
 * export const POST = createSiwxFetchHandler(options)
 * ```
 */
export interface SiwxFetchHandlerOptions extends SiwxHandlerOptions {
  /** Who asks, for the rate limits (required: a Fetch request has no socket address). A key longer than MAX_CLIENT_KEY_CHARS is hashed. */
  clientKey: (request: Request) => string
}

/**
 * A Fetch-API handler for the SIWX routes (routes.ts: `POST nonce`, `POST verify`, `GET session`,
 * `POST sign-out` under `basePath`, default '/siwx/'); a path outside it is answered 404. It never throws.
 * @throws InvalidOptionError 'Invalid SIWX server option' (details name it) for a bad option or no `clientKey`.
 * @example
 * ```ts
 * // app/siwx/[route]/route.ts in Next.js
 * import { createSiwxServer, createSiwxFetchHandler } from 'gangway/siwx-server'
 *
 * const siwx = createSiwxServer({ domain: 'example.com', uri: 'https://example.com', chains: { 'eip155:1': 'https://rpc.example' } })
 * const handler = createSiwxFetchHandler({ siwx, clientKey: (request) => request.headers.get('x-real-ip') ?? 'unknown' })
 * export { handler as GET, handler as POST }
 * ```
 */
export function createSiwxFetchHandler(options: SiwxFetchHandlerOptions): (request: Request) => Promise<Response> {
  if (typeof options?.clientKey !== 'function') throw new InvalidOptionError('Invalid SIWX server option', { details: 'clientKey: a Fetch request has no socket address' })
  const routes = createRoutes(options)
  return async (request) => {
    const clientKey = boundedKey(() => options.clientKey(request))
    const answer = await routes.answer({
      method: request.method,
      path: new URL(request.url).pathname,
      cookie: request.headers.get('cookie') ?? undefined,
      contentType: request.headers.get('content-type') ?? undefined,
      origin: request.headers.get('origin') ?? undefined,
      clientKey,
      body: (max) => boundedText(request, max, bodyTooLarge),
    })
    return new Response(answer.body, { status: answer.status, headers: answer.headers })
  }
}
