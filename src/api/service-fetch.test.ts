import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_RESPONSE_BYTES } from '../events/kernel/limits.js'
import { createServiceFetch, ERROR_BODY_MAX_BYTES, errorResponseBody } from './service-fetch.js'

const services = { blockchain: 'https://rpc.example/', walletConfig: 'https://api.example/base' }

describe('service fetch (docs/behaviour.md §7)', () => {
  it('adds projectId, st and sv to every call, after the call params', async () => {
    const urls: string[] = []
    const api = createServiceFetch({ services, projectId: 'p1', fetch: async (u) => (urls.push(String(u)), new Response('{"ok":true}')) })
    expect(await api.get('blockchain', '/v1/account/0xabc/balance', { params: { currency: 'usd', chainId: 'eip155:1', forceUpdate: undefined } })).toEqual({ ok: true })
    await api.post('walletConfig', 'getWallets', { page: 1 })
    const [first, second] = urls.map((u) => new URL(u))
    expect(first!.origin + first!.pathname).toBe('https://rpc.example/v1/account/0xabc/balance')
    expect(Object.fromEntries(first!.searchParams)).toEqual({ currency: 'usd', chainId: 'eip155:1', projectId: 'p1', st: 'gangway', sv: 'html-universal-0.1.0' })
    expect(second!.pathname).toBe('/base/getWallets')
    expect(second!.searchParams.get('projectId')).toBe('p1')
  })
  it('resolves an empty answer (a 204, a POST answered with nothing) to undefined; a body that is not JSON still fails', async () => {
    const empty = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response(null, { status: 204 }) })
    expect(await empty.post('walletConfig', 'e', [{ a: 1 }])).toBeUndefined()
    const garbage = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response('not json') })
    await expect(garbage.get('walletConfig', 'x')).rejects.toMatchObject({ shortMessage: 'HTTP request failed.' })
  })
  it("fails with 'HTTP request failed.' and the status on a bad status", async () => {
    const api = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response('', { status: 429 }) })
    await expect(api.get('blockchain', 'v1/supported-chains')).rejects.toMatchObject({ shortMessage: 'HTTP request failed.', status: 429 })
  })
  it("fails with 'The request took too long to respond.' after the timeout", async () => {
    const api = createServiceFetch({
      services,
      projectId: 'p',
      timeoutMs: 20,
      fetch: (_u, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    })
    await expect(api.get('blockchain', 'v1/supported-chains')).rejects.toMatchObject({ shortMessage: 'The request took too long to respond.' })
  })
  it("cancels with the caller's signal", async () => {
    const controller = new AbortController()
    const api = createServiceFetch({ services, projectId: 'p', fetch: (_u, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) })
    const pending = api.get('blockchain', 'v1/supported-chains', { signal: controller.signal })
    controller.abort(new DOMException('view closed', 'AbortError'))
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'view closed' })
  })
  it("keeps an error answer's JSON body for errorResponseBody, off the error's enumerable keys", async () => {
    const reasons = { reasons: [{ field: 'name', description: 'Name is already taken' }] }
    const api = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response(JSON.stringify(reasons), { status: 400 }) })
    const error = await api.post('blockchain', 'v1/profile/account', { a: 1 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ shortMessage: 'HTTP request failed.', status: 400 })
    expect(errorResponseBody(error)).toEqual(reasons)
    expect(Object.keys(error as object)).not.toContain('responseBody')
    expect(errorResponseBody(new Error('x'))).toBeUndefined()
    expect(errorResponseBody(undefined)).toBeUndefined()
  })
  it('reads no error body that is empty, not JSON, or over ERROR_BODY_MAX_BYTES (cancelled, not read whole); the status error stays', async () => {
    for (const body of ['', '<html>oops</html>', `{"__proto__":{"polluted":1},"reasons":[]}`]) {
      const api = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response(body, { status: 500 }) })
      const error = await api.get('blockchain', 'x').catch((e: unknown) => e)
      expect(error).toMatchObject({ shortMessage: 'HTTP request failed.', status: 500 })
      const read = errorResponseBody(error)
      if (body.startsWith('{')) expect(read).toEqual({ reasons: [] })
      else expect(read).toBeUndefined()
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    }
    const s = streamed(100, 64 * 1024)
    const big = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response(s.body, { status: 502 }) })
    const error = await big.get('blockchain', 'x').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 502 })
    expect(errorResponseBody(error)).toBeUndefined()
    expect(s.pulled()).toBe(ERROR_BODY_MAX_BYTES / (64 * 1024) + 1)
    expect(s.cancelled()).toBe(true)
  })
  it('times out, or follows the caller\'s abort, while an error body is being read', async () => {
    // An error answer whose body never ends (its stream fails when the request is aborted, as fetch's does).
    const stalled: typeof fetch = async (_u, init) =>
      new Response(new ReadableStream({ start: (c) => init?.signal?.addEventListener('abort', () => c.error(init.signal!.reason)) }), { status: 400 })
    const slow = createServiceFetch({ services, projectId: 'p', timeoutMs: 20, fetch: stalled })
    await expect(slow.get('blockchain', 'x')).rejects.toMatchObject({ shortMessage: 'The request took too long to respond.' })
    const controller = new AbortController()
    const api = createServiceFetch({ services, projectId: 'p', fetch: async (u, init) => {
      const r = await stalled(u, init)
      queueMicrotask(() => controller.abort(new DOMException('view closed', 'AbortError')))
      return r
    } })
    await expect(api.get('blockchain', 'x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError', message: 'view closed' })
  })
  it('calls a Bitcoin Esplora (services.bitcoin) without projectId, st or sv; its call params stay', async () => {
    const urls: URL[] = []
    const api = createServiceFetch({ services: { ...services, bitcoin: 'https://blockstream.info/api' }, projectId: 'p1', fetch: async (u) => (urls.push(new URL(String(u))), new Response('[]')) })
    expect(await api.get('bitcoin', '/address/bc1qxyz/utxo')).toEqual([])
    await api.get('bitcoin', 'fee-estimates', { params: { target: 6 } })
    expect(urls.map((u) => u.href)).toEqual(['https://blockstream.info/api/address/bc1qxyz/utxo', 'https://blockstream.info/api/fee-estimates?target=6'])
    expect(api.url('bitcoin', 'blocks/tip/height')).toBe('https://blockstream.info/api/blocks/tip/height')
    expect(new URL(api.url('blockchain', 'x')).searchParams.get('projectId')).toBe('p1')
  })
  it('with text: sends the string body as it is, as text/plain, and resolves the answer text unparsed', async () => {
    const sent: RequestInit[] = []
    const api = createServiceFetch({ services, projectId: 'p', fetch: async (_u, init) => (sent.push(init!), new Response('{"not":"parsed"}')) })
    expect(await api.post('blockchain', 'tx', '0200ff', { text: true })).toBe('{"not":"parsed"}')
    expect(sent[0]).toMatchObject({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: '0200ff' })
    // Without it, the same string is sent as JSON and the answer parsed.
    expect(await api.post('blockchain', 'tx', '0200ff')).toEqual({ not: 'parsed' })
    expect(sent[1]).toMatchObject({ headers: { 'content-type': 'application/json' }, body: '"0200ff"' })
    // A GET with text reads the answer as text too, an empty one as ''.
    const empty = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response(null, { status: 200 }) })
    expect(await empty.get('blockchain', 'x', { text: true })).toBe('')
  })
  it("with text: a refusal still fails with the status, not the answer's text", async () => {
    const api = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response('sendrawtransaction RPC error: bad-txns-inputs-missingorspent', { status: 400 }) })
    await expect(api.post('blockchain', 'tx', '00', { text: true })).rejects.toMatchObject({ shortMessage: 'HTTP request failed.', status: 400 })
  })
  it('refuses a service with no base URL', () => {
    expect(() => createServiceFetch({ services: {}, projectId: 'p' }).url('blockchain', 'e')).toThrow('Service not configured: blockchain')
  })
})

/** A body of `chunks` chunks of `size` bytes each (a JSON string when read whole), counting the chunks pulled. */
function streamed(chunks: number, size: number): { body: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0
  let cancelled = false
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close()
      pulled++
      const bytes = new Uint8Array(size).fill(0x61)
      if (pulled === 1) bytes[0] = 0x22
      if (pulled === chunks) bytes[size - 1] = 0x22
      controller.enqueue(bytes)
    },
    cancel() {
      cancelled = true
    },
  }, { highWaterMark: 0 })
  return { body, pulled: () => pulled, cancelled: () => cancelled }
}

describe('service fetch: answers over 2 MB are refused', () => {
  const tooLarge = { shortMessage: 'HTTP request failed.', details: `Response body over ${MAX_RESPONSE_BYTES} bytes` }
  it('refuses a Content-Length over 2 MB before reading the body', async () => {
    const s = streamed(100, 64 * 1024)
    const api = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response(s.body, { headers: { 'content-length': String(MAX_RESPONSE_BYTES + 1) } }) })
    await expect(api.get('blockchain', 'v1/x')).rejects.toMatchObject(tooLarge)
    expect(s.pulled()).toBeLessThanOrEqual(1)
    expect(s.cancelled()).toBe(true)
  })
  it('stops reading a body that passes 2 MB, whatever its Content-Length says', async () => {
    for (const headers of [{}, { 'content-length': '10' }] as Record<string, string>[]) {
      const s = streamed(1000, 64 * 1024)
      const api = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response(s.body, { headers }) })
      await expect(api.get('blockchain', 'v1/x')).rejects.toMatchObject(tooLarge)
      // 2 MB is 32 chunks of 64 KB: the 33rd passes the limit and reading stops there.
      expect(s.pulled()).toBe(MAX_RESPONSE_BYTES / (64 * 1024) + 1)
      expect(s.cancelled()).toBe(true)
    }
  })
  it('reads a body of exactly 2 MB', async () => {
    const s = streamed(MAX_RESPONSE_BYTES / (64 * 1024), 64 * 1024)
    const api = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response(s.body) })
    expect(await api.get<string>('blockchain', 'v1/x')).toHaveLength(MAX_RESPONSE_BYTES - 2)
  })
  it('honours a smaller limit, and still fails a body that is not JSON', async () => {
    const api = createServiceFetch({ services, projectId: 'p', maxResponseBytes: 8, fetch: async () => new Response('{"a":"123456"}') })
    await expect(api.get('blockchain', 'v1/x')).rejects.toMatchObject({ details: 'Response body over 8 bytes' })
    const notJson = createServiceFetch({ services, projectId: 'p', fetch: async () => new Response('<html>') })
    await expect(notJson.get('blockchain', 'v1/x')).rejects.toMatchObject({ shortMessage: 'HTTP request failed.' })
  })

  describe('against a real http server', () => {
    let server: Server
    let base: string
    const sent: number[] = []
    beforeAll(async () => {
      server = createServer((req, res) => {
        const size = Number(new URL(req.url!, 'http://x').searchParams.get('size'))
        const chunked = req.url!.includes('chunked')
        res.writeHead(200, { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(size + 2) }) })
        // Written in 64 KB chunks; a client that stops reading closes the connection.
        let left = size
        res.write('"')
        const more = () => {
          while (left > 0) {
            const n = Math.min(left, 64 * 1024)
            left -= n
            sent.push(n)
            if (!res.write('a'.repeat(n))) return void res.once('drain', more)
          }
          res.end('"')
        }
        res.on('error', () => undefined)
        more()
      })
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })
    afterAll(async () => {
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    })
    it('reads an answer under 2 MB; refuses one over it, declared or chunked', async () => {
      const api = createServiceFetch({ services: { blockchain: base }, projectId: 'p' })
      expect(await api.get<string>('blockchain', 'ok', { params: { size: 1_000_000 } })).toHaveLength(1_000_000)
      await expect(api.get('blockchain', 'declared', { params: { size: 30_000_000 } })).rejects.toMatchObject(tooLarge)
      sent.length = 0
      await expect(api.get('blockchain', 'chunked', { params: { size: 30_000_000 } })).rejects.toMatchObject(tooLarge)
      // The client stopped reading: far less than the 30 MB went out.
      expect(sent.reduce((a, b) => a + b, 0)).toBeLessThan(10_000_000)
    })
  })
})
