/**
 * Contract tests (docs/services.md): a client and its emulator are each held to a recorded answer
 * of the real service, written from the service's published source, so the two can no longer share
 * a misreading. A fixture (`fixtures/<service>/<call>.json`) is one call:
 * - `$source`: where its facts come from: `{ repository, commit, path, lines }` (or a list of them);
 * - `request`: `{ method, path, query?, headers?, body? }` as the real service takes it. In `query`
 *   and `headers`, a value of `"*"` means "present, any value", `null` "absent";
 * - `response`: `{ status, body?, cors? }` as the real service answers it: `body` (JSON, or the text
 *   `""` for an empty one) with every field it can have; `cors: false` for an answer without
 *   `access-control-allow-origin`.
 * The client side (`answering`) runs a real client function over a fetch that checks the request it
 * sends against the fixture's and answers the fixture's response. The emulator side (`askEmulator`)
 * sends the fixture's request to a running emulator and checks its answer has the fixture's status
 * and no field, at any depth, that the fixture's body lacks or types differently (`shapeProblems`).
 */
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'

export interface Source {
  repository: string
  commit: string
  path: string
  lines: string
}
export interface Fixture {
  $source: Source | Source[]
  request: { method: 'GET' | 'POST'; path: string; query?: Record<string, string | null>; headers?: Record<string, string | null>; body?: unknown }
  response: { status: number; body?: unknown; cors?: boolean }
}

/** The fixture `fixtures/<name>.json`, its `$source` checked: a repository, a 40-hex commit, a path and lines. */
export function fixture(name: string): Fixture {
  const f = JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Fixture
  for (const s of [f.$source].flat()) {
    expect(s, `${name}: $source`).toMatchObject({ repository: expect.stringMatching(/^[\w.-]+\/[\w.-]+$/), commit: expect.stringMatching(/^[0-9a-f]{40}$/), path: expect.any(String), lines: expect.stringMatching(/^\d+(-\d+)?(,\s*\d+(-\d+)?)*$/) })
  }
  return f
}

/** A request as a fetch sent it. */
export interface Sent {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  body?: unknown
}

/** Where `sent` differs from what the fixture's request says the real service takes. */
export function requestProblems(sent: Sent, expected: Fixture['request']): string[] {
  const problems: string[] = []
  if (sent.method !== expected.method) problems.push(`method ${sent.method}, expected ${expected.method}`)
  if (sent.path !== expected.path) problems.push(`path ${sent.path}, expected ${expected.path}`)
  for (const [where, got, want] of [['query', sent.query, expected.query ?? {}], ['header', sent.headers, expected.headers ?? {}]] as const) {
    for (const [k, v] of Object.entries(want)) {
      const have = got[k.toLowerCase()] ?? got[k]
      if (v === null ? have !== undefined : v === '*' ? have === undefined : have !== v) problems.push(`${where} ${k}: ${have ?? 'absent'}, expected ${v ?? 'absent'}`)
    }
  }
  if (expected.body !== undefined) problems.push(...shapeProblems(sent.body, expected.body, 'body'))
  return problems
}

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

/**
 * Where `actual` has a field `expected` lacks, or a value of another JSON type, at any depth (every
 * element of an array against the expected array's first element; `null` in `expected` allows a
 * value of any type there, as an optional field the source types as nullable). Empty when `actual`
 * fits.
 */
export function shapeProblems(actual: unknown, expected: unknown, at = '$'): string[] {
  if (expected === null) return []
  if (kind(actual) !== kind(expected)) return [`${at}: ${kind(actual)}, expected ${kind(expected)}`]
  if (Array.isArray(actual)) {
    const first = (expected as unknown[])[0]
    return first === undefined ? (actual.length ? [`${at}: ${actual.length} entries, expected none`] : []) : actual.flatMap((a, i) => shapeProblems(a, first, `${at}[${i}]`))
  }
  if (actual && typeof actual === 'object') {
    const e = expected as Record<string, unknown>
    return Object.entries(actual as Record<string, unknown>).flatMap(([k, v]) => (k in e ? shapeProblems(v, e[k], `${at}.${k}`) : [`${at}.${k}: not in the real answer`]))
  }
  return []
}

/**
 * A fetch that checks each request against `f.request` (its problems collected in `problems`) and
 * answers `f.response`.
 */
export function answering(f: Fixture): { fetch: typeof fetch; sent: Sent[]; problems: string[] } {
  const sent: Sent[] = []
  const problems: string[] = []
  const stub: typeof fetch = async (input, init) => {
    const u = new URL(String(input))
    const headers = Object.fromEntries(new Headers(init?.headers).entries())
    // The path as the server reads it: its segments percent-decoded (axum's Path does), so `:` and `%3A` are the same.
    const s: Sent = { method: init?.method ?? 'GET', path: decodeURIComponent(u.pathname), query: Object.fromEntries(u.searchParams), headers, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) }
    sent.push(s)
    problems.push(...requestProblems(s, f.request))
    const body = f.response.body
    return new Response(body === undefined || body === '' ? null : typeof body === 'string' ? body : JSON.stringify(body), { status: f.response.status })
  }
  return { fetch: stub, sent, problems }
}

/** Sends `f.request` to the emulator at `base` (`overrides` replace query values, a path, a body); resolves with what it answered. */
export async function askEmulator(base: string, f: Fixture, overrides: { path?: string; query?: Record<string, string>; body?: unknown } = {}) {
  const u = new URL(`${base}${overrides.path ?? f.request.path}`)
  for (const [k, v] of Object.entries({ ...f.request.query, ...overrides.query })) if (v !== null && v !== '*') u.searchParams.set(k, v)
  for (const k of ['projectId', 'st', 'sv']) if (!u.searchParams.has(k)) u.searchParams.set(k, k === 'projectId' ? 'contract-test' : 'contract')
  const body = overrides.body ?? f.request.body
  const r = await fetch(u, { method: f.request.method, ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'text/plain;charset=UTF-8' } } : {}) })
  const text = await r.text()
  return { status: r.status, text, body: text ? (JSON.parse(text) as unknown) : '', cors: r.headers.has('access-control-allow-origin') }
}

/** The emulator's answer against the fixture's response: its status, CORS, and a body of the real shape. */
export function expectAnswerFits(answer: Awaited<ReturnType<typeof askEmulator>>, f: Fixture): void {
  expect(answer.status).toBe(f.response.status)
  if (f.response.cors !== undefined) expect(answer.cors).toBe(f.response.cors)
  if (f.response.body === '') expect(answer.text).toBe('')
  else expect(shapeProblems(answer.body, f.response.body)).toEqual([])
}
