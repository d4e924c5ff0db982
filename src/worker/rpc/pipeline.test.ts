import { afterEach, describe, expect, it, vi } from 'vitest'
import { keccak256 } from 'viem'
import { createRpcPipeline, onNextMacrotask, type RpcClock } from './pipeline.js'

type Body = { id: number; method: string; params: unknown[] }
type Reply = (body: Body) => { result?: unknown; error?: { code: number; message: string } }

/** A node that answers each call with `reply` and records every POST's parsed body. */
function node(reply: Reply = (b) => ({ result: `${b.method}:${JSON.stringify(b.params)}` })) {
  const posts: { url: string; body: Body | Body[] }[] = []
  const fetch: typeof globalThis.fetch = async (url, init) => {
    const body = JSON.parse(String(init?.body)) as Body | Body[]
    posts.push({ url: String(url), body })
    const answer = (b: Body) => ({ jsonrpc: '2.0', id: b.id, ...reply(b) })
    return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
  }
  return { fetch, posts }
}

/** A fetch that answers POST n with `responses[n]` (the last one repeats). */
function sequence(...responses: (() => Response | Promise<Response>)[]) {
  let n = 0
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    const body = JSON.parse(String(init?.body))
    const res = await responses[Math.min(n++, responses.length - 1)]!()
    if (res.status !== 200 || res.headers.get('x-raw')) return res
    const id = Array.isArray(body) ? body[0].id : body.id
    const json = (await res.json()) as object
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, ...json }))
  }
  return { fetch, count: () => n }
}
const ok = (result: unknown) => () => new Response(JSON.stringify({ result }))
const status = (code: number, headers: Record<string, string> = {}) => () => new Response('', { status: code, headers })
const rpcError = (code: number, message: string) => () => new Response(JSON.stringify({ error: { code, message } }))

afterEach(() => vi.useRealTimers())

/** Fake timers and Date only: batches flush on a real macrotask (a MessageChannel message). */
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
/** Advances fake time by `ms`, 1 ms at a time, with a real event-loop turn after each step. */
async function advance(ms: number): Promise<void> {
  for (let i = 0; i < ms; i++) {
    await vi.advanceTimersByTimeAsync(1)
    await new Promise<void>((r) => setImmediate(r))
  }
}

describe('batching', () => {
  it('sends concurrent calls to one endpoint as one batch POST, and a lone call as a plain object', async () => {
    const n = node()
    const rpc = createRpcPipeline({ fetch: n.fetch })
    const results = await Promise.all([
      rpc.request('http://a', { method: 'eth_chainId' }),
      rpc.request('http://a', { method: 'eth_blockNumber' }),
      rpc.request('http://b', { method: 'eth_chainId' }),
    ])
    expect(results).toEqual(['eth_chainId:[]', 'eth_blockNumber:[]', 'eth_chainId:[]'])
    expect(n.posts.map((p) => [p.url, Array.isArray(p.body) ? p.body.map((b) => b.method) : p.body.method])).toEqual([
      ['http://a', ['eth_chainId', 'eth_blockNumber']],
      ['http://b', 'eth_chainId'],
    ])
    expect(rpc.stats()).toMatchObject({ httpRequests: 2, calls: 3 })
  })
  it('splits a burst into POSTs of at most 1000 calls', async () => {
    const n = node()
    const rpc = createRpcPipeline({ fetch: n.fetch })
    const calls = Array.from({ length: 2500 }, (_, i) => rpc.request('http://a', { method: 'eth_getBalance', params: [`0x${i}`, 'latest'] }))
    const results = await Promise.all(calls)
    expect(results[1234]).toBe('eth_getBalance:["0x1234","latest"]'.replace('0x1234', `0x${1234}`))
    expect(n.posts.map((p) => (p.body as Body[]).length)).toEqual([1000, 1000, 500])
  })
  it('gathers for batchWaitMs when set', async () => {
    fakeTimers()
    const n = node()
    const rpc = createRpcPipeline({ fetch: n.fetch, batchWaitMs: 30 })
    const first = rpc.request('http://a', { method: 'eth_chainId' })
    await advance(10)
    const second = rpc.request('http://a', { method: 'eth_blockNumber' })
    await advance(25)
    await Promise.all([first, second])
    expect(n.posts).toHaveLength(1)
    const third = rpc.request('http://a', { method: 'eth_gasPrice' })
    await advance(35)
    await third
    expect(n.posts).toHaveLength(2)
  })
})

describe('onNextMacrotask', () => {
  it('calls back once, on whichever comes first of a message and a 0 ms timer, never in the same task', async () => {
    fakeTimers()
    // The timer first (a task longer than the clamp): the message that follows does nothing.
    let calls = 0
    onNextMacrotask(() => calls++)
    expect(calls).toBe(0)
    await Promise.resolve()
    expect(calls).toBe(0)
    vi.advanceTimersByTime(0)
    expect(calls).toBe(1)
    await new Promise<void>((r) => setImmediate(r))
    expect(calls).toBe(1)
    // The message first (timers not due): the timer is cleared.
    let later = 0
    onNextMacrotask(() => later++)
    await vi.waitFor(() => expect(later).toBe(1))
    expect(vi.getTimerCount()).toBe(0)
    expect(calls).toBe(1)
  })
})

describe('sharing', () => {
  it('identical in-flight reads share one call; a later one makes its own', async () => {
    const n = node()
    const rpc = createRpcPipeline({ fetch: n.fetch })
    const call = { method: 'eth_getBalance', params: ['0xabc', 'latest'] }
    const [a, b] = await Promise.all([rpc.request('http://a', call), rpc.request('http://a', { ...call })])
    expect(a).toBe(b)
    expect(n.posts).toHaveLength(1)
    expect(n.posts[0]!.body).not.toBeInstanceOf(Array)
    await rpc.request('http://a', call)
    expect(n.posts).toHaveLength(2)
    expect(rpc.stats().shared).toBe(1)
  })
  it('shares only exact matches: the same endpoint, method and JSON params', async () => {
    const n = node()
    const rpc = createRpcPipeline({ fetch: n.fetch })
    // Pairs a key built by joining its parts with a separator would confuse, and params that differ only in type.
    const results = await Promise.all([
      rpc.request('http://a', { method: 'x\ny', params: [] }),
      rpc.request('http://a\nx', { method: 'y', params: [] }),
      rpc.request('http://a', { method: 'eth_getBalance', params: ['0x1', 'latest'] }),
      rpc.request('http://a', { method: 'eth_getBalance', params: ['0x1', 'latest', undefined] }),
      rpc.request('http://a', { method: 'eth_getBlockByNumber', params: ['0x1', true] }),
      rpc.request('http://a', { method: 'eth_getBlockByNumber', params: ['0x1', 'true'] }),
    ])
    expect(rpc.stats().shared).toBe(0)
    expect(n.posts.flatMap((p) => (Array.isArray(p.body) ? p.body : [p.body])).length).toBe(6)
    expect(results[4]).toBe('eth_getBlockByNumber:["0x1",true]')
    expect(results[5]).toBe('eth_getBlockByNumber:["0x1","true"]')
  })
  it('a read asked again while the first waits for its retry shares it, and a later one makes its own', async () => {
    fakeTimers()
    const s = sequence(status(503), ok('0x1'), ok('0x2'))
    const rpc = createRpcPipeline({ fetch: s.fetch })
    const call = { method: 'eth_blockNumber', params: [] }
    const first = rpc.request('http://a', call)
    await advance(50)
    expect(s.count()).toBe(1)
    const again = rpc.request('http://a', call)
    await advance(300)
    expect([await first, await again]).toEqual(['0x1', '0x1'])
    expect(rpc.stats()).toMatchObject({ shared: 1, retries: 1, httpRequests: 2 })
    const later = rpc.request('http://a', call)
    await advance(5)
    expect(await later).toBe('0x2')
    expect(s.count()).toBe(3)
  })
  it('never merges writes, even identical ones', async () => {
    const n = node()
    const rpc = createRpcPipeline({ fetch: n.fetch })
    const send = { method: 'eth_sendRawTransaction', params: ['0x02f8'] }
    await Promise.all([rpc.request('http://a', send), rpc.request('http://a', send)])
    expect((n.posts[0]!.body as Body[]).map((b) => b.method)).toEqual(['eth_sendRawTransaction', 'eth_sendRawTransaction'])
  })
})

describe('errors (docs/behaviour.md §8)', () => {
  it("'HTTP request failed.' with the status", async () => {
    const rpc = createRpcPipeline({ fetch: sequence(status(400)).fetch })
    await expect(rpc.request('http://a', { method: 'eth_chainId' })).rejects.toMatchObject({ shortMessage: 'HTTP request failed.', status: 400 })
  })
  it("'RPC Request failed.' with the JSON-RPC code", async () => {
    const rpc = createRpcPipeline({ fetch: sequence(rpcError(-32000, 'execution reverted')).fetch })
    await expect(rpc.request('http://a', { method: 'eth_call' })).rejects.toMatchObject({ shortMessage: 'RPC Request failed.', code: -32000 })
  })
  it("'The request took too long to respond.' after the timeout, tried once", async () => {
    const s = sequence(() => new Promise<Response>(() => undefined))
    const rpc = createRpcPipeline({ fetch: (u, init) => new Promise((res, rej) => (init?.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError'))), void s.fetch(u, init).then(res))), timeoutMs: 20 })
    await expect(rpc.request('http://a', { method: 'eth_chainId' })).rejects.toMatchObject({ shortMessage: 'The request took too long to respond.' })
    expect(s.count()).toBe(1)
  })
  it("'HTTP request failed.' when the connection fails, tried once", async () => {
    let tries = 0
    const rpc = createRpcPipeline({ fetch: async () => (tries++, Promise.reject(new TypeError('fetch failed'))) })
    await expect(rpc.request('http://a', { method: 'eth_chainId' })).rejects.toMatchObject({ shortMessage: 'HTTP request failed.' })
    expect(tries).toBe(1)
  })

  it('survives an answer of null: those calls fail, later calls go through', async () => {
    let first = true
    const rpc = createRpcPipeline({
      retryCount: 0,
      fetch: async (_u, init) => {
        if (first) return (first = false), new Response('null')
        const { id } = JSON.parse(String(init?.body))
        return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }))
      },
    })
    await expect(rpc.request('http://a', { method: 'eth_chainId' })).rejects.toMatchObject({ shortMessage: 'RPC Request failed.', code: -1 })
    expect(await rpc.request('http://a', { method: 'eth_chainId' })).toBe('0x1')
  })
})

describe('retry policy (docs/behaviour.md §9)', () => {
  /** A clock that records each retry delay the pipeline asks for and runs the retry at once; timeouts never fire. */
  const recordingClock = () => {
    const delays: number[] = []
    const clock: RpcClock = { timeout: () => () => undefined, delay: (run, ms) => (delays.push(ms), setImmediate(run)) }
    return { clock, delays }
  }
  it('retries 429/5xx with 150 ms doubling and resolves when the node recovers', async () => {
    const s = sequence(status(503), status(500), status(502), ok('0x1'))
    const { clock, delays } = recordingClock()
    const rpc = createRpcPipeline({ fetch: s.fetch, clock })
    expect(await rpc.request('http://a', { method: 'eth_chainId' })).toBe('0x1')
    expect(delays).toEqual([150, 300, 600])
  })
  it('honours Retry-After', async () => {
    const s = sequence(status(429, { 'retry-after': '2' }), ok('0x1'))
    const { clock, delays } = recordingClock()
    const rpc = createRpcPipeline({ fetch: s.fetch, clock })
    expect(await rpc.request('http://a', { method: 'eth_chainId' })).toBe('0x1')
    // Retry-After (2 s) wins over the 150 ms backoff.
    expect(delays).toEqual([2000])
  })
  it('times out on the clock it is given: a request whose timeout fires fails as a timeout, one answered first never does', async () => {
    const aborts: (() => void)[] = []
    const clock: RpcClock = { timeout: (abort) => (aborts.push(abort), () => undefined), delay: (run) => setImmediate(run) }
    let answer: (r: Response) => void = () => undefined
    const fetch: typeof globalThis.fetch = (_u, init) =>
      new Promise((res, rej) => {
        init?.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')))
        answer = (r) => res(r)
      })
    const rpc = createRpcPipeline({ fetch, clock, timeoutMs: 1 })
    const first = rpc.request('http://a', { method: 'eth_chainId' })
    await expect.poll(() => aborts.length).toBe(1)
    aborts[0]!()
    await expect(first).rejects.toMatchObject({ shortMessage: 'The request took too long to respond.' })
    const second = rpc.request('http://a', { method: 'eth_blockNumber' })
    await expect.poll(() => aborts.length).toBe(2)
    // The second call's JSON-RPC id is 2: the pipeline numbers its calls from 1.
    answer(new Response(JSON.stringify({ jsonrpc: '2.0', id: 2, result: '0x5' })))
    expect(await second).toBe('0x5')
  })
  it('gives up after 3 retries with the last error', async () => {
    fakeTimers()
    const s = sequence(status(504))
    const rpc = createRpcPipeline({ fetch: s.fetch })
    const result = rpc.request('http://a', { method: 'eth_chainId' })
    const settled = expect(result).rejects.toMatchObject({ shortMessage: 'HTTP request failed.', status: 504 })
    await advance(2000)
    await settled
    expect(s.count()).toBe(4)
  })
  it('retries the listed statuses and codes only', async () => {
    fakeTimers()
    const cases: [() => Response, number][] = [
      [status(403), 4], [status(408), 4], [status(413), 4], [status(429), 4], [status(500), 4], [status(502), 4], [status(503), 4], [status(504), 4],
      [status(400), 1], [status(404), 1], [status(501), 1],
      [rpcError(-1, 'unknown'), 4], [rpcError(-32005, 'limit exceeded'), 4], [rpcError(-32603, 'internal error'), 4],
      [rpcError(-32000, 'execution reverted'), 1], [rpcError(-32602, 'invalid params'), 1], [rpcError(4001, 'rejected'), 1],
    ]
    for (const [response, tries] of cases) {
      const s = sequence(response)
      const rpc = createRpcPipeline({ fetch: s.fetch })
      const settled = rpc.request('http://a', { method: 'eth_chainId' }).catch(() => undefined)
      await advance(2000)
      await settled
      expect([response.toString(), s.count()]).toEqual([response.toString(), tries])
    }
  })
  it('retries only the failing call of a batch, in the next batch', async () => {
    let failed = false
    const n = node((b) => (b.params[0] === 'flaky' && !failed ? ((failed = true), { error: { code: -32603, message: 'internal error' } }) : { result: b.params[0] }))
    const rpc = createRpcPipeline({ fetch: n.fetch })
    const results = await Promise.all(['a', 'flaky', 'b'].map((x) => rpc.request('http://a', { method: 'eth_getCode', params: [x] })))
    expect(results).toEqual(['a', 'flaky', 'b'])
    expect(n.posts.map((p) => (Array.isArray(p.body) ? p.body.length : 1))).toEqual([3, 1])
  })
})

describe('writes are never sent twice', () => {
  it('a node-signed send is not retried after a 5xx (the node may have sent it), only after 429', async () => {
    fakeTimers()
    const after500 = sequence(status(500), ok('0xhash'))
    const rpc500 = createRpcPipeline({ fetch: after500.fetch })
    const failed = expect(rpc500.request('http://a', { method: 'eth_sendTransaction', params: [{}] })).rejects.toMatchObject({ status: 500 })
    await advance(1000)
    await failed
    expect(after500.count()).toBe(1)
    const after429 = sequence(status(429), ok('0xhash'))
    const rpc429 = createRpcPipeline({ fetch: after429.fetch })
    const sent = rpc429.request('http://a', { method: 'eth_sendTransaction', params: [{}] })
    await advance(1000)
    expect(await sent).toBe('0xhash')
  })
  it('a raw send whose response was lost is retried, and "nonce too low" on the retry means it landed', async () => {
    fakeTimers()
    const raw = '0x02f86c827a6980843b9aca00847735940082520894000000000000000000000000000000000000000187038d7ea4c6800080c0'
    const s = sequence(() => Promise.reject(new TypeError('socket hang up')), rpcError(-32003, 'nonce too low'))
    const rpc = createRpcPipeline({ fetch: s.fetch })
    const sent = rpc.request('http://a', { method: 'eth_sendRawTransaction', params: [raw] })
    await advance(1000)
    expect(await sent).toBe(keccak256(raw))
    expect(s.count()).toBe(2)
  })
  it('"nonce too low" on a first try is an error', async () => {
    const rpc = createRpcPipeline({ fetch: sequence(rpcError(-32003, 'nonce too low')).fetch })
    await expect(rpc.request('http://a', { method: 'eth_sendRawTransaction', params: ['0x02'] })).rejects.toMatchObject({ shortMessage: 'RPC Request failed.' })
  })
})

describe('untrusted answers', () => {
  it('fails the calls of an answer over 16 MB, whatever its Content-Length says, and keeps no prototype key of an answer', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20)
    let sent = 0
    const huge = () =>
      new Response(
        new ReadableStream({
          pull(c) {
            if (sent++ > 20) return c.close()
            c.enqueue(chunk)
          },
        }),
        { headers: { 'content-length': '10', 'x-raw': '1' } },
      )
    const big = createRpcPipeline({ fetch: sequence(huge).fetch })
    await expect(big.request('http://a', { method: 'eth_getLogs', params: [] })).rejects.toMatchObject({ details: 'Response body over 16777216 bytes' })
    expect(sent).toBeLessThan(20)

    const proto = createRpcPipeline({ fetch: sequence(() => new Response('{"result":{"__proto__":{"polluted":true},"ok":1}}')).fetch })
    const result = (await proto.request('http://a', { method: 'eth_call', params: [] })) as Record<string, unknown>
    expect(result).toEqual({ ok: 1 })
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
  })
})
