/** Free TCP ports on 127.0.0.1 for the localnet's servers. */
import { createServer } from 'node:net'

/** Resolves with a port nothing listens on now; `preferred` when it is free. */
export function freePort(preferred = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (preferred !== 0 && error.code === 'EADDRINUSE') resolve(freePort(0))
      else reject(error)
    })
    server.listen(preferred, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : preferred))
    })
  })
}

/** A free port whose next port is free too (for servers that listen on port and port + 1). */
export async function freePortPair(): Promise<number> {
  for (let tries = 0; tries < 20; tries++) {
    const port = await freePort(0)
    if ((await freePort(port + 1)) === port + 1) return port
  }
  throw new Error('no two consecutive free ports')
}
