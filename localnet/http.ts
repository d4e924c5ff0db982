/** Small HTTP helpers the localnet servers share. */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http'

/** The request's whole body as UTF-8 text. */
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })

/**
 * Serves `handler` on 127.0.0.1:`port` (0: a free one) and on ::1 at the same port where the
 * machine has IPv6, so `http://localhost:<port>` answers whichever address the browser tries first
 * (Chromium resolves localhost itself, ::1 first).
 * @returns the port and a stop that closes both (and their open connections).
 * @throws the listen error when 127.0.0.1:`port` is taken.
 */
export async function listenOnLoopback(handler: RequestListener, port: number): Promise<{ port: number; servers: Server[]; stop(): Promise<void> }> {
  const v4 = createServer(handler)
  await new Promise<void>((resolve, reject) => {
    v4.once('error', reject)
    v4.listen(port, '127.0.0.1', () => resolve())
  })
  const bound = (v4.address() as { port: number }).port
  const v6 = createServer(handler)
  const v6Listening = await new Promise<boolean>((resolve) => {
    v6.once('error', () => resolve(false))
    v6.listen(bound, '::1', () => resolve(true))
  })
  const servers = v6Listening ? [v4, v6] : [v4]
  const close = (s: Server) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())))
  return { port: bound, servers, stop: async () => void (await Promise.all(servers.map(close))) }
}
