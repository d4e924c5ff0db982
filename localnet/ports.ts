/**
 * Free TCP ports on 127.0.0.1 for the localnet's servers.
 *
 * A port is chosen, checked free, and only later listened on by its server, so something else may
 * take it in between. Asking the system for any port (listen on 0) draws from its ephemeral range
 * (32768–60999 on Linux, 49152–65535 on macOS and Windows), where the system also picks the local
 * port of every outgoing connection and every other `listen(0)`: under load, with browsers and
 * several localnets connecting, one of those took a chosen port before its server listened
 * (EADDRINUSE). So a port is drawn at random from PORT_RANGE, below those ranges, where the system
 * gives out no port by itself. `GANGWAY_PORT_SLICE` (`i/n`) narrows it to the i-th of n equal
 * parts: `npm test` gives each of its lanes a part of its own, so two localnets started at once
 * never draw the same port. A port once given out is never drawn again by the same process: a
 * localnet chooses some ports (the blockchain service's, the demo site's) well before their
 * servers listen, while other servers start, and a second draw must not land on one of them.
 */
import { createServer } from 'node:net'

/** Where a free port is drawn from (inclusive), all of it unless `GANGWAY_PORT_SLICE` picks a part. */
export const PORT_RANGE = { from: 20000, to: 31999 } as const

/** The range to draw from: the part of PORT_RANGE `GANGWAY_PORT_SLICE` (`i/n`, 0 ≤ i < n ≤ 64) names, else all of it. */
function range(): { from: number; to: number } {
  const m = /^(\d{1,2})\/(\d{1,2})$/.exec(process.env.GANGWAY_PORT_SLICE ?? '')
  const [i, n] = m ? [Number(m[1]), Number(m[2])] : [0, 1]
  if (!(i < n && n <= 64)) return PORT_RANGE
  const size = Math.floor((PORT_RANGE.to - PORT_RANGE.from + 1) / n)
  return { from: PORT_RANGE.from + i * size, to: PORT_RANGE.from + (i + 1) * size - 1 }
}

/** The ports this process has given out (see the module's comment). */
const given = new Set<number>()

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
    const drawn = from + Math.floor(Math.random() * (to - from + 1))
    if (given.has(drawn)) continue
    const port = await tryPort(drawn)
    if (port === null) continue
    given.add(port)
    return port
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
    if (given.has(port + 1) || (await tryPort(port + 1)) !== port + 1) continue
    given.add(port + 1)
    return port
  }
  throw new Error('no two consecutive free ports')
}
