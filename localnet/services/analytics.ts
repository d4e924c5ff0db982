/**
 * The analytics service emulator (docs/behaviour.md §7 Analytics and error reports; issue 17):
 * the hosted wire as AppKit's clients send it (reown-com/appkit
 * `packages/controllers/src/controllers/EventsController.ts`, `TelemetryController.ts`,
 * `src/utils/FetchUtil.ts`; docs/services.md), both as JSON text (any content type, `text/plain`
 * needing no CORS preflight):
 * - `POST /batch`: an array of event bodies `{ eventId, url, domain, timestamp, props }`, the
 *   timestamp in ms since the epoch (the engine's fetch, or navigator.sendBeacon);
 * - `POST /e`: one error report, a single object of the same fields, its timestamp ISO 8601.
 * Every call must carry projectId, st and sv (else 400); a body that is not JSON, of the wrong form
 * for its path (an array to /e, an object to /batch), or an entry without an eventId and props, is
 * 400. Answers 204.
 * - On demand, 403 (the origin is not on the project's allowlist): under the base URL `/forbidden`
 *   (the demo's `?analytics=forbidden` uses `${url}/forbidden` as `services.analytics`) every POST
 *   there answers 403, for that page only.
 * - `GET /localnet/analytics` lists what it received: `requests` (every POST: path, query, content
 *   type, `via` 'beacon' for a no-cors request (navigator.sendBeacon with a text body; Chromium's
 *   `sec-fetch-mode`) else 'fetch', status, entries) and `events` (the accepted entries in arrival
 *   order, each with its `via` and `receivedAt` in ms); `DELETE /localnet/analytics` clears both.
 * Demo and test tooling only.
 */
import { createServer, type Server } from 'node:http'
import { readBody } from '../http.js'

/** One entry as the engine sends it. */
export interface AnalyticsEntry {
  eventId: string
  url: string
  domain: string
  /** ms since the epoch in a batch; ISO 8601 in an error report. */
  timestamp: number | string
  props: Record<string, unknown>
}

/** A POST the emulator received. */
export interface AnalyticsRequest {
  path: string
  query: Record<string, string>
  contentType: string
  via: 'beacon' | 'fetch'
  status: number
  entries: number
}

/** The running emulator: its base URL, what it received (as GET /localnet/analytics lists it), and its stop. */
export interface AnalyticsService {
  url: string
  requests: AnalyticsRequest[]
  events: (AnalyticsEntry & { via: 'beacon' | 'fetch'; receivedAt: number })[]
  stop(): Promise<void>
}

/** The base path under which every POST /e answers 403. */
export const FORBIDDEN_PREFIX = '/forbidden'
/** The largest body read, in bytes (sendBeacon's own limit is 64 KB). */
const MAX_BODY = 256 * 1024

/** Starts the emulator on 127.0.0.1:`port` (see the module's comment for what it answers). */
export async function startAnalyticsService({ port }: { port: number }): Promise<AnalyticsService> {
  const url = `http://127.0.0.1:${port}`
  const requests: AnalyticsRequest[] = []
  const events: AnalyticsService['events'] = []
  const cors = { 'access-control-allow-origin': '*' }
  const server: Server = createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', url)
    const json = (status: number, body: unknown) => void res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(body))
    try {
      if (req.method === 'OPTIONS') return void res.writeHead(204, { ...cors, 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS' }).end()
      if (u.pathname === '/localnet/analytics') {
        if (req.method === 'DELETE') {
          requests.length = 0
          events.length = 0
        }
        return json(200, { requests, events })
      }
      const forbidden = u.pathname.startsWith(`${FORBIDDEN_PREFIX}/`)
      const path = forbidden ? u.pathname.slice(FORBIDDEN_PREFIX.length) : u.pathname
      if (req.method !== 'POST' || (path !== '/e' && path !== '/batch')) return json(404, { error: 'not found' })
      const contentType = String(req.headers['content-type'] ?? '')
      const via = req.headers['sec-fetch-mode'] === 'no-cors' ? 'beacon' : 'fetch'
      const record = (status: number, entries = 0) => void requests.push({ path: u.pathname, query: Object.fromEntries(u.searchParams), contentType, via, status, entries })
      if (!u.searchParams.get('projectId') || !u.searchParams.get('st') || !u.searchParams.get('sv')) {
        record(400)
        return json(400, { error: 'projectId, st and sv are required' })
      }
      if (forbidden) {
        record(403)
        return json(403, { error: 'origin not on the allowlist' })
      }
      const text = await readBody(req)
      let parsed: unknown
      try {
        if (text.length > MAX_BODY) throw new Error('too large')
        parsed = JSON.parse(text)
      } catch {
        record(400)
        return json(400, { error: 'the body must be JSON' })
      }
      const batch = path === '/batch'
      if (Array.isArray(parsed) !== batch) {
        record(400)
        return json(400, { error: batch ? 'a batch is an array' : 'an error report is one object' })
      }
      const entries = (batch ? parsed : [parsed]) as AnalyticsEntry[]
      const stamped = (e: AnalyticsEntry) => (batch ? typeof e.timestamp === 'number' : typeof e.timestamp === 'string' && !Number.isNaN(Date.parse(e.timestamp)))
      if (!entries.every((e) => e && typeof e === 'object' && typeof e.eventId === 'string' && e.props && typeof e.props === 'object' && stamped(e))) {
        record(400)
        return json(400, { error: 'each entry needs an eventId, props and its timestamp' })
      }
      record(204, entries.length)
      const receivedAt = Date.now()
      for (const e of entries) events.push({ ...e, via, receivedAt })
      res.writeHead(204, cors).end()
    } catch (error) {
      if (!res.headersSent) json(500, { error: String((error as Error)?.message ?? error) })
    }
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()))
  return { url, requests, events, stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) }
}
