import { describe, expect, it } from 'vitest'
import { GangwayError } from '../events/kernel/errors.js'
import { createServiceFetch } from './service-fetch.js'
import { isSessionAccount, MAX_EPOCH_S, sessionsClient, SESSIONS_MAX, toSmartSession } from './sessions.js'

interface Sent {
  method: string
  path: string
  params: Record<string, string>
  body?: unknown
}

/** A sessions client over a stubbed fetch answering `answer` (a body — or raw text — and a status, or a thrown error); every request recorded. */
function stubbed(answer: (sent: Sent) => { status?: number; body?: unknown; text?: string } | Error, o: { timeoutMs?: number } = {}) {
  const sent: Sent[] = []
  const api = createServiceFetch({
    services: { blockchain: 'https://bc.example' },
    projectId: 'p1',
    ...o,
    fetch: async (input, init) => {
      const u = new URL(String(input))
      const s: Sent = { method: init?.method ?? 'GET', path: u.pathname, params: Object.fromEntries(u.searchParams), ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) }
      sent.push(s)
      const a = answer(s)
      if (a instanceof Error) throw a
      return new Response(a.text ?? (a.body === undefined ? null : JSON.stringify(a.body)), { status: a.status ?? 200 })
    },
  })
  return { client: sessionsClient(api), sent }
}

/** The GangwayError a call rejects with. */
async function failure(p: Promise<unknown>): Promise<GangwayError> {
  const error = await p.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(GangwayError)
  return error as GangwayError
}

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT = `eip155:31337:${ALICE}`
const ACCOUNT_PATH = `/v1/sessions/eip155%3A31337%3A${ALICE}`
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PCI = '2c6a6b0e-8a4f-4e0b-9f5e-6c1f4f0f3b7a'
const common = { projectId: 'p1', st: 'gangway', sv: 'html-universal-0.1.0' }
const reasons = (description: unknown) => ({ reasons: [{ field: 'pci', description }, { description: 'second' }] })

/** An entry as the hosted service lists it. */
const hosted = (over: Record<string, unknown> = {}) => ({
  project: { id: 'a01b2c3d4e5f60718293a4b5c6d7e8f9', name: 'Harbour Dapp', url: null, iconUrl: null },
  pci: PCI,
  expiry: 1_763_903_600,
  createdAt: 1_763_900_000,
  permissions: [
    { type: 'contract-call', data: { address: TOKEN, abi: [{ type: 'function', name: 'transfer' }], functions: [{ functionName: 'transfer', args: [] }, { functionName: 'approve' }] } },
    { type: 'native-token-recurring-allowance', data: { allowance: '0x00000000000000000000000000000000000000000000000000005AF3107A4000', start: 1_763_900_000, period: 86_400 } },
    { type: 'erc20-recurring-allowance', data: { token: TOKEN, allowance: '0xde0b6b3a7640000', start: 1_763_900_000, period: 3600 } },
  ],
  policies: [{ type: 'usage-limit', data: { limit: 5 } }],
  context: '0x00',
  revokedAt: null,
  ...over,
})

const reduced = {
  pci: PCI,
  expiry: 1_763_903_600,
  createdAt: 1_763_900_000,
  project: { id: 'a01b2c3d4e5f60718293a4b5c6d7e8f9', name: 'Harbour Dapp' },
  permissions: [
    { type: 'contract-call', contract: TOKEN, functions: ['transfer', 'approve'] },
    { type: 'native-token-recurring-allowance', allowance: '100000000000000', start: 1_763_900_000, period: 86_400 },
    { type: 'erc20-recurring-allowance', token: TOKEN, allowance: '1000000000000000000', start: 1_763_900_000, period: 3600 },
  ],
  policies: ['usage-limit'],
}

describe('isSessionAccount', () => {
  it('takes eip155 CAIP-10 accounts only', () => {
    expect(isSessionAccount(ACCOUNT)).toBe(true)
    expect(isSessionAccount(`eip155:8453:${ALICE.toLowerCase()}`)).toBe(true)
    for (const bad of [ALICE, `eip155:0:${ALICE}`, `eip155:01:${ALICE}`, 'eip155:1:0x1234', `eip155:1:${ALICE}:x`, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', `eip155:1:${ALICE}/../x`, 42, undefined]) {
      expect(isSessionAccount(bad), String(bad)).toBe(false)
    }
  })
})

describe('getSessions', () => {
  it('asks GET /v1/sessions/{CAIP-10 account, URL-encoded} and reduces each session to what a view shows', async () => {
    const { client, sent } = stubbed(() => ({ body: { pcis: [hosted(), hosted({ pci: 'revoked-1', revokedAt: 1_763_901_000, project: { id: 'p2', name: 'Other', url: 'https://other.example/', iconUrl: 'https://other.example/icon.png' }, permissions: [], policies: [] })] } }))
    expect(await client.getSessions(ACCOUNT)).toEqual([
      reduced,
      { pci: 'revoked-1', expiry: 1_763_903_600, createdAt: 1_763_900_000, revokedAt: 1_763_901_000, project: { id: 'p2', name: 'Other', url: 'https://other.example/', iconUrl: 'https://other.example/icon.png' }, permissions: [], policies: [] },
    ])
    expect(sent).toEqual([{ method: 'GET', path: ACCOUNT_PATH, params: common }])
  })

  it('an empty list is no sessions', async () => {
    expect(await stubbed(() => ({ body: { pcis: [] } })).client.getSessions(ACCOUNT)).toEqual([])
  })

  it(`bounds a hostile answer: at most ${SESSIONS_MAX} looked at, entries without a pci of the rule or an expiry in whole seconds dropped, a pci once`, async () => {
    const bad = [
      hosted({ pci: undefined }),
      hosted({ pci: '' }),
      hosted({ pci: 'a b' }),
      hosted({ pci: '../x' }),
      hosted({ pci: 'x'.repeat(129) }),
      hosted({ pci: 7 }),
      hosted({ pci: 'e1', expiry: undefined }),
      hosted({ pci: 'e2', expiry: '1763903600' }),
      hosted({ pci: 'e3', expiry: 1.5 }),
      hosted({ pci: 'e4', expiry: -1 }),
      hosted({ pci: 'e5', expiry: MAX_EPOCH_S + 1 }),
      'not an entry',
      null,
      hosted({ expiry: 1 }),
    ]
    const many = Array.from({ length: 1000 }, (_, i) => hosted({ pci: `s-${i}` }))
    const got = await stubbed(() => ({ body: { pcis: [hosted(), ...bad, ...many] } })).client.getSessions(ACCOUNT)
    expect(got.map((s) => s.pci)).toEqual([PCI, ...many.slice(0, SESSIONS_MAX - 1 - bad.length).map((s) => s.pci)])
    // The first of a pci is kept.
    expect(got[0]!.expiry).toBe(1_763_903_600)
  })

  it('checks what it keeps of an entry: times, project, permissions, policies; no prototype keys', async () => {
    const permissions = [
      { type: 'contract-call', data: { address: 'javascript:alert(1)', functions: [{ functionName: 'transfer(address,uint256)' }, { functionName: 'x();alert(1)' }, { functionName: 'transfer(address,uint256)' }, { functionName: 5 }, 'approve', ...Array.from({ length: 100 }, (_, i) => ({ functionName: `f${i}` }))] } },
      { type: 'erc20-recurring-allowance', data: { token: `${TOKEN}00`, allowance: `0x${'f'.repeat(65)}`, start: -5, period: 1e300 } },
      { type: 'native-token-recurring-allowance', data: { allowance: `0x${'f'.repeat(64)}` } },
      { type: 'x'.repeat(65) },
      { type: '<b>' },
      { data: {} },
      ...Array.from({ length: 100 }, () => ({ type: 'contract-call', data: {} })),
    ]
    const entry = hosted({
      createdAt: 'yesterday',
      revokedAt: 2 ** 60,
      project: { id: 'x'.repeat(65), name: `\u202e Harbour\u0000\n${'d'.repeat(500)}`, url: 'javascript:alert(1)', iconUrl: 'data:text/html,<script>1</script>' },
      permissions,
      policies: [{ type: 'usage-limit' }, { type: 7 }, 'rate-limit', ...Array.from({ length: 100 }, () => ({ type: 'p' }))],
    })
    const text = JSON.stringify({ pcis: [entry] }).replace('{"id":', '{"__proto__":{"polluted":"yes"},"id":')
    const client = sessionsClient(createServiceFetch({ services: { blockchain: 'https://bc.example' }, projectId: 'p', fetch: async () => new Response(text) }))
    const [s] = await client.getSessions(ACCOUNT)
    expect(s!.createdAt).toBeUndefined()
    expect(s!.revokedAt).toBeUndefined()
    expect(s!.project).toEqual({ name: `\u202e Harbour  ${'d'.repeat(64 - 11)}` })
    expect(s!.project.name).toHaveLength(64)
    expect(Object.getPrototypeOf(s!.project)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    // The first 20 are looked at; the three malformed among them dropped.
    expect(s!.permissions).toHaveLength(17)
    expect(s!.permissions[0]).toEqual({ type: 'contract-call', functions: ['transfer(address,uint256)', ...Array.from({ length: 15 }, (_, i) => `f${i}`)] })
    expect(s!.permissions[1]).toEqual({ type: 'erc20-recurring-allowance' })
    expect(s!.permissions[2]).toEqual({ type: 'native-token-recurring-allowance', allowance: (2n ** 256n - 1n).toString() })
    expect(s!.permissions.slice(3).every((p) => p.type === 'contract-call')).toBe(true)
    expect(s!.policies).toEqual(['usage-limit', ...Array.from({ length: 17 }, () => 'p')])
    expect(s).not.toHaveProperty('context')
  })

  it('toSmartSession keeps http(s) project links and stored image icons, at most 2048 characters', () => {
    const base = hosted({ permissions: [], policies: [] })
    const project = (p: Record<string, unknown>) => toSmartSession({ ...base, project: p })?.project
    expect(project({ url: 'http://dapp.example/a', iconUrl: 'data:image/png;base64,AAAA' })).toEqual({ url: 'http://dapp.example/a', iconUrl: 'data:image/png;base64,AAAA' })
    expect(project({ url: `https://dapp.example/${'a'.repeat(2048)}`, iconUrl: `https://dapp.example/${'a'.repeat(2048)}.png` })).toEqual({})
    expect(project({ url: 'wc://x', iconUrl: 'ftp://dapp.example/i.png' })).toEqual({})
    expect(toSmartSession({ ...base, project: 'nope' })?.project).toEqual({})
  })

  it('asks nothing for an account that is not an eip155 CAIP-10 id', async () => {
    const { client, sent } = stubbed(() => ({ body: { pcis: [] } }))
    for (const account of [ALICE, 'eip155:1:0x12', `eip155:1:${ALICE}/revoke`, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM']) {
      expect(await failure(client.getSessions(account))).toMatchObject({ message: 'Error fetching smart sessions', category: 'INTERNAL_SDK_ERROR', details: 'Not an eip155 account' })
    }
    expect(sent).toEqual([])
  })

  it("the service's first reason on an error status", async () => {
    const e = await failure(stubbed(() => ({ status: 400, body: reasons('Wrong CAIP-10 format') })).client.getSessions(ACCOUNT))
    expect(e).toMatchObject({ message: 'Wrong CAIP-10 format', category: 'API_ERROR', details: 'Status 400' })
  })

  it("'Error fetching smart sessions' on an error status without a reason, a network failure, a malformed answer or the timeout", async () => {
    const cases: (() => { status?: number; body?: unknown; text?: string } | Error)[] = [
      () => ({ status: 500 }),
      () => ({ status: 404, body: { reasons: [{ description: '' }] } }),
      () => new TypeError('fetch failed'),
      () => ({ body: {} }),
      () => ({ body: [] }),
      () => ({ body: { pcis: { 0: hosted() } } }),
      () => ({ body: [hosted()] }),
      () => ({}),
      () => ({ text: 'not json' }),
    ]
    for (const answer of cases) expect(await failure(stubbed(answer).client.getSessions(ACCOUNT))).toMatchObject({ message: 'Error fetching smart sessions', category: 'API_ERROR' })
    expect(await failure(stubbed(() => ({ body: {} })).client.getSessions(ACCOUNT))).toMatchObject({ details: 'Malformed answer' })
    const slow = sessionsClient(createServiceFetch({ services: { blockchain: 'https://bc.example' }, projectId: 'p', timeoutMs: 10, fetch: (_u, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) }))
    expect(await failure(slow.getSessions(ACCOUNT))).toMatchObject({ message: 'Error fetching smart sessions', details: 'The request took too long to respond.' })
  })

  it("passes the caller's abort through as it is", async () => {
    const controller = new AbortController()
    const { client } = stubbed(() => {
      controller.abort(new DOMException('view closed', 'AbortError'))
      return new DOMException('aborted', 'AbortError')
    })
    await expect(client.getSessions(ACCOUNT, controller.signal)).rejects.toMatchObject({ name: 'AbortError', message: 'view closed' })
  })
})

describe('revokeSession', () => {
  const signature = `0x${'ab'.repeat(65)}`

  it('POSTs /v1/sessions/{account}/revoke with pci and signature, and resolves on success: { success: true }, true or an empty body', async () => {
    const { client, sent } = stubbed(() => ({ body: { success: true } }))
    await expect(client.revokeSession(ACCOUNT, { pci: PCI, signature })).resolves.toBeUndefined()
    expect(sent).toEqual([{ method: 'POST', path: `${ACCOUNT_PATH}/revoke`, params: common, body: { pci: PCI, signature } }])
    await expect(stubbed(() => ({ body: true })).client.revokeSession(ACCOUNT, { pci: PCI, signature })).resolves.toBeUndefined()
    await expect(stubbed(() => ({})).client.revokeSession(ACCOUNT, { pci: PCI, signature })).resolves.toBeUndefined()
  })

  it("the service's first reason, of an error status or of an answer that is no success", async () => {
    expect(await failure(stubbed(() => ({ status: 400, body: reasons(`Permission for PCI is not found: ${PCI}`) })).client.revokeSession(ACCOUNT, { pci: PCI, signature }))).toMatchObject({
      message: `Permission for PCI is not found: ${PCI}`,
      category: 'API_ERROR',
      details: 'Status 400',
    })
    expect((await failure(stubbed(() => ({ body: { success: false, ...reasons('Permission is revoked') } })).client.revokeSession(ACCOUNT, { pci: PCI, signature }))).message).toBe('Permission is revoked')
    const long = await failure(stubbed(() => ({ status: 400, body: reasons(`  Bad\u0007signature ${'!'.repeat(5000)}`) })).client.revokeSession(ACCOUNT, { pci: PCI, signature }))
    expect(long.message).toBe(`Bad signature ${'!'.repeat(256 - 14)}`)
  })

  it("else 'Error revoking smart session'", async () => {
    for (const answer of [() => ({ status: 500 }), () => ({ status: 400, body: { reasons: [{}] } }), () => ({ body: { success: false } }), () => ({ body: { success: 'true' } }), () => ({ body: false }), () => ({ text: 'ok' }), () => new TypeError('fetch failed')]) {
      expect(await failure(stubbed(answer).client.revokeSession(ACCOUNT, { pci: PCI, signature }))).toMatchObject({ message: 'Error revoking smart session', category: 'API_ERROR' })
    }
    expect(await failure(stubbed(() => ({ body: { success: false } })).client.revokeSession(ACCOUNT, { pci: PCI, signature }))).toMatchObject({ details: 'Not revoked' })
  })

  it('sends nothing for a revocation that is not well formed', async () => {
    const { client, sent } = stubbed(() => ({ body: { success: true } }))
    const bad: [string, unknown, string][] = [
      [ALICE, { pci: PCI, signature }, 'account'],
      [`eip155:1:${ALICE}/x`, { pci: PCI, signature }, 'account'],
      [ACCOUNT, { pci: '', signature }, 'pci'],
      [ACCOUNT, { pci: 'a/b', signature }, 'pci'],
      [ACCOUNT, { pci: 'x'.repeat(129), signature }, 'pci'],
      [ACCOUNT, { signature }, 'pci'],
      [ACCOUNT, { pci: PCI, signature: '0xabc' }, 'signature'],
      [ACCOUNT, { pci: PCI, signature: 'abab' }, 'signature'],
      [ACCOUNT, { pci: PCI, signature: `0x${'ab'.repeat(10_000)}` }, 'signature'],
      [ACCOUNT, null, 'pci'],
    ]
    for (const [account, revocation, field] of bad) {
      expect(await failure(client.revokeSession(account, revocation as never))).toMatchObject({ message: 'Error revoking smart session', details: `Invalid revocation: ${field}`, category: 'INTERNAL_SDK_ERROR' })
    }
    expect(sent).toEqual([])
  })
})
