/**
 * Free TCP ports on 127.0.0.1 for the localnet's servers.
 *
 * A port is chosen, checked free, and only later listened on by its server, so something else may
 * take it in between. Asking the system for any port (listen on 0) draws from its ephemeral range
 * (32768–60999 on Linux, 49152–65535 on macOS and Windows), where the system also picks the local
 * port of every outgoing connection and every other `listen(0)`: under load, with browsers and
 * several localnets connecting, one of those took a chosen port before its server listened
 * (EADDRINUSE). So a port is drawn at random from PORT_RANGE, below those ranges, where the system
 * gives out no port by itself. `GANGWAY_PORT_RANGE` (`from-to`) narrows it: `npm test` gives each of
 * its lanes a range of its own, so two localnets started at once never draw the same port.
 */
import { createServer } from 'node:net'

/** Where a free port is drawn from unless `GANGWAY_PORT_RANGE` says otherwise (inclusive). */
export const PORT_RANGE = { from: 20000, to: 31999 } as const

/** The range to draw from: `GANGWAY_PORT_RANGE` when it is a valid `from-to` of ports, else PORT_RANGE. */
function range(): { from: number; to: number } {
  const m = /^(\d{4,5})-(\d{4,5})$/.exec(process.env.GANGWAY_PORT_RANGE ?? '')
  const [from, to] = m ? [Number(m[1]), Number(m[2])] : [0, 0]
  return m && from >= 1024 && from < to && to <= 65535 ? { from, to } : PORT_RANGE
}

/** Whether `port` can be listened on now on 127.0.0.1: resolves `port`, or null when it is taken. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(null) : reject(error)))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)))
  })
}

/**
 * Resolves with a port nothing listens on now: `preferred` when it is given and free, else one drawn
 * at random from the range (see the module's comment).
 * @throws Error 'no free port in {from}-{to} after 200 tries'.
 */
export async function freePort(preferred = 0): Promise<number> {
  if (preferred !== 0 && (await tryPort(preferred)) === preferred) return preferred
  const { from, to } = range()
  for (let tries = 0; tries < 200; tries++) {
    const port = await tryPort(from + Math.floor(Math.random() * (to - from + 1)))
    if (port !== null) return port
  }
  throw new Error(`no free port in ${from}-${to} after 200 tries`)
}

/**
 * A free port whose next port is free too (for servers that listen on port and port + 1).
 * @throws Error 'no two consecutive free ports'.
 */
export async function freePortPair(): Promise<number> {
  for (let tries = 0; tries < 20; tries++) {
    const port = await freePort(0)
    if ((await tryPort(port + 1)) === port + 1) return port
  }
  throw new Error('no two consecutive free ports')
}
