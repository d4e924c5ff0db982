/**
 * A fault proxy between a JSON-RPC client and a node, for tests and benches: on a seeded schedule
 * it answers 429 with Retry-After, 500, 502 or 503 (without forwarding), responds slower than the
 * client's timeout, or drops the connection before or after forwarding. It records every HTTP
 * request it saw (the JSON-RPC ids inside, and the fault applied) so a test can check each call.
 */
import { readBody } from './http.js'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export type Fault = 'none' | '429' | '500' | '502' | '503' | 'slow' | 'drop-before' | 'drop-after'

/** Probability of each fault per HTTP request; the rest pass through. */
export type FaultRates = Partial<Record<Exclude<Fault, 'none'>, number>>

export interface FaultRecord {
  /** Arrival order, from 0. */
  n: number
  ids: number[]
  methods: string[]
  fault: Fault
}

export interface FaultProxy {
  url: string
  records: FaultRecord[]
  /** How many 'slow' responses are waiting for their client to close the connection now. */
  held(): number
  stop(): Promise<void>
}

export interface FaultProxyOptions {
  target: string
  seed: number
  rates: FaultRates
  /**
   * How long a 'slow' response is held back, in ms; 'until-closed': until the client closes the
   * connection (its timeout), so a test's injected clock, not the machine's speed, decides when
   * (`onHold` is called as each one starts waiting).
   */
  slowMs: number | 'until-closed'
  /** Called when a 'slow' response starts waiting for the client to close (slowMs 'until-closed'). */
  onHold?: () => void
  /** Retry-After sent with 429, in seconds. */
  retryAfterSeconds: number
  port?: number
}

/** mulberry32: a small seeded PRNG, so a schedule is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}



export async function startFaultProxy(o: FaultProxyOptions): Promise<FaultProxy> {
  const random = seededRandom(o.seed)
  const records: FaultRecord[] = []
  let held = 0
  const order: [Fault, number][] = (['429', '500', '502', '503', 'slow', 'drop-before', 'drop-after'] as const).map((f) => [f, o.rates[f] ?? 0])
  const pick = (): Fault => {
    let r = random()
    for (const [fault, p] of order) {
      if (r < p) return fault
      r -= p
    }
    return 'none'
  }
  const forward = async (body: string) => {
    const res = await fetch(o.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    return { status: res.status, text: await res.text() }
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req)
    let parsed: { id: number; method: string }[] = []
    try {
      const json = JSON.parse(body)
      parsed = Array.isArray(json) ? json : [json]
    } catch {
      /* recorded with no ids */
    }
    const fault = pick()
    records.push({ n: records.length, ids: parsed.map((p) => p.id), methods: parsed.map((p) => p.method), fault })
    switch (fault) {
      case '429':
        res.writeHead(429, { 'retry-after': String(o.retryAfterSeconds) }).end('rate limited')
        return
      case '500':
      case '502':
      case '503':
        res.writeHead(Number(fault)).end('fault')
        return
      case 'drop-before':
        req.socket.destroy()
        return
    }
    const answer = await forward(body)
    if (fault === 'drop-after') {
      req.socket.destroy()
      return
    }
    if (fault === 'slow' && o.slowMs === 'until-closed') {
      if (res.destroyed || req.socket.destroyed) return
      held++
      await new Promise<void>((r) => {
        res.once('close', () => {
          held--
          r()
        })
        o.onHold?.()
      })
      return
    }
    if (fault === 'slow') await new Promise((r) => setTimeout(r, o.slowMs as number))
    if (!res.destroyed) res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.text)
  })
  await new Promise<void>((r) => server.listen(o.port ?? 0, '127.0.0.1', () => r()))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    records,
    held: () => held,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
