/**
 * The page port (issue 13, item 11): in worker mode the worker reaches the page only through two
 * named calls with plain-data arguments. Anything else, whether another name, a property path such
 * as `request.constructor` or a wrong shape, is answered with an error and never reaches the bridge.
 * The worker engine behind the port still connects and delivers subscriptions.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ADDRESS, LOCALNET } from './fixtures.js'
import { servePagePort } from '../../src/ui/bridge/page-port-server.js'
import { createPagePort } from '../../src/worker/page-port.js'
import type { Bridge, ProviderRequest } from '../../src/contract.js'
import { createEngine } from '../../src/worker/engine.js'
import { workerEngine } from '../../src/worker/worker-engine.js'
import { GangwayError, ProviderRequestError, UserRejectedError } from '../../src/events/kernel/errors.js'
import { errorFields } from './error-fields.js'

const open: MessagePort[] = []
afterEach(() => {
  for (const p of open.splice(0)) p.close()
})

/** A page bridge that records every call it gets. */
function handler(answer: (args: ProviderRequest) => unknown = () => '0x7a69') {
  const calls: unknown[][] = []
  const bridge: Bridge = {
    async request(...args) {
      calls.push(['request', ...args])
      return answer(args[1])
    },
    watch(ids) {
      calls.push(['watch', ids])
    },
  }
  return { bridge, calls }
}

/** A served page port and the raw worker end: `ask` posts any message and resolves with the reply to its id. */
function served(bridge: Bridge) {
  const { port1, port2 } = new MessageChannel()
  open.push(port1, port2)
  const server = servePagePort(port1, bridge)
  const replies: unknown[] = []
  const waiting = new Map<unknown, (reply: unknown) => void>()
  port2.onmessage = ({ data }) => {
    replies.push(data)
    waiting.get((data as { id?: unknown }).id)?.(data)
  }
  const ask = (message: unknown, id: unknown = (message as { id?: unknown }).id) =>
    new Promise<unknown>((resolve) => {
      waiting.set(id, resolve)
      port2.postMessage(message)
    })
  return { server, ask, replies, worker: port2 }
}

/** A call the page refuses, as it crosses (an ErrorWire of a ProviderRequestError). */
const refused = (code: number, message: unknown) => ({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code, message })

describe('the page port', () => {
  it('serves request and watch with plain data, rebuilt, and answers { id, result }', async () => {
    const { bridge, calls } = handler()
    const { ask } = served(bridge)
    expect(await ask({ id: 1, call: 'request', args: ['dev.gangway.localnet', { method: 'eth_chainId', extra: 'dropped' }, { waitMs: 250 }] })).toEqual({ id: 1, result: '0x7a69' })
    expect(await ask({ id: 2, call: 'request', args: ['injected', { method: 'eth_call', params: [{ to: ADDRESS }, 'latest'] }] })).toEqual({ id: 2, result: '0x7a69' })
    expect(await ask({ id: 3, call: 'watch', args: [['dev.gangway.localnet', 'injected']] })).toEqual({ id: 3, result: undefined })
    expect(calls).toEqual([
      ['request', 'dev.gangway.localnet', { method: 'eth_chainId' }, { waitMs: 250 }],
      ['request', 'injected', { method: 'eth_call', params: [{ to: ADDRESS }, 'latest'] }],
      ['watch', ['dev.gangway.localnet', 'injected']],
    ])
  })

  it('refuses every other name and every property path; the bridge is never called', async () => {
    const { bridge, calls } = handler()
    const { ask } = served(bridge)
    const names: unknown[] = ['request.constructor', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'close', 'owns', 'Request', ['request', 'constructor'], { name: 'request' }, undefined, 7]
    let id = 0
    for (const call of names) {
      const reply = (await ask({ id: ++id, call, args: ['dev.gangway.localnet', { method: 'eth_chainId' }] })) as { error: { code: number; message: string } }
      expect(reply).toEqual({ id, error: refused(-32601, expect.stringMatching(/^Unknown bridge call: /)) })
    }
    expect(await ask({ id: 99, call: 'request.constructor', args: ['return 1'] })).toEqual({ id: 99, error: refused(-32601, 'Unknown bridge call: request.constructor') })
    // comlink's own wire format, as a proxy would be driven, gets no further.
    expect(await ask({ id: 100, type: 'CONSTRUCT', path: ['request', 'constructor'], argumentList: [{ type: 'RAW', value: 'alert(1)' }] })).toEqual({ id: 100, error: refused(-32602, 'Bridge call arguments must be an array') })
    expect(calls).toEqual([])
  })

  it('refuses arguments that are not the plain data a call takes; the bridge is never called', async () => {
    const { bridge, calls } = handler()
    const { ask } = served(bridge)
    const request = (args: unknown) => ({ call: 'request', args })
    const watch = (args: unknown) => ({ call: 'watch', args })
    const bad = [
      request('dev.gangway.localnet'),
      request({ 0: 'dev.gangway.localnet', 1: { method: 'eth_chainId' } }),
      request([]),
      request(['dev.gangway.localnet']),
      request([{ toString: 'dev.gangway.localnet' }, { method: 'eth_chainId' }]),
      request(['', { method: 'eth_chainId' }]),
      request(['x'.repeat(257), { method: 'eth_chainId' }]),
      request(['dev.gangway.localnet', 'eth_chainId']),
      request(['dev.gangway.localnet', ['eth_chainId']]),
      request(['dev.gangway.localnet', new Map([['method', 'eth_chainId']])]),
      request(['dev.gangway.localnet', new Date()]),
      request(['dev.gangway.localnet', { method: 5 }]),
      request(['dev.gangway.localnet', { method: '' }]),
      request(['dev.gangway.localnet', { method: ['personal_sign'] }]),
      request(['dev.gangway.localnet', { method: 'eth_chainId', params: 'latest' }]),
      request(['dev.gangway.localnet', { method: 'eth_chainId', params: new Set([1]) }]),
      request(['dev.gangway.localnet', { method: 'eth_call', params: [{ to: '0x01', at: new Date() }] }]),
      request(['dev.gangway.localnet', { method: 'eth_call', params: [new Map([['to', '0x01']])] }]),
      request(['dev.gangway.localnet', { method: 'eth_call', params: [{ nested: { deeper: new Uint8Array(4) } }] }]),
      request(['dev.gangway.localnet', { method: 'eth_call', params: JSON.parse('[{"__proto__":{"polluted":true}}]') }]),
      request(['dev.gangway.localnet', { method: 'eth_chainId' }, 250]),
      request(['dev.gangway.localnet', { method: 'eth_chainId' }, { waitMs: '250' }]),
      request(['dev.gangway.localnet', { method: 'eth_chainId' }, { waitMs: -1 }]),
      request(['dev.gangway.localnet', { method: 'eth_chainId' }, { waitMs: Infinity }]),
      request(['dev.gangway.localnet', { method: 'eth_chainId' }, { waitMs: 3_600_000 }]),
      request(['dev.gangway.localnet', { method: 'eth_chainId' }, {}, 'extra']),
      watch('dev.gangway.localnet'),
      watch([]),
      watch([[1, 2]]),
      watch([['dev.gangway.localnet', { id: 'x' }]]),
      watch([{ 0: 'dev.gangway.localnet', length: 1 }]),
      watch([['a'], ['b']]),
      watch([Array.from({ length: 65 }, (_, i) => `w${i}`)]),
    ]
    let id = 0
    for (const message of bad) {
      const reply = (await ask({ id: ++id, ...message })) as { error: { code: number; message: string } }
      expect(reply, JSON.stringify(message)).toEqual({ id, error: refused(-32602, expect.stringMatching(/^(Invalid arguments for bridge call: (request|watch)|Bridge call arguments must be an array)$/)) })
    }
    expect(calls).toEqual([])
  })

  it('ignores messages without a numeric id and answers the next call alone', async () => {
    const { bridge, calls } = handler()
    const { ask, replies, worker } = served(bridge)
    for (const junk of [null, 'request', ['request'], { call: 'request', args: ['x', { method: 'eth_chainId' }] }, { id: '1', call: 'watch', args: [[]] }, { id: 1.5, call: 'watch', args: [[]] }]) worker.postMessage(junk)
    expect(await ask({ id: 7, call: 'watch', args: [[]] })).toEqual({ id: 7, result: undefined })
    expect(replies).toEqual([{ id: 7, result: undefined }])
    expect(calls).toEqual([['watch', []]])
  })

  it('hands wallet errors back as ErrorWire, and the worker end rejects with them typed (class, category, code, details, plain data)', async () => {
    const { port1, port2 } = new MessageChannel()
    open.push(port1, port2)
    const { bridge } = handler((args) => {
      if (args.method === 'personal_sign') throw Object.assign(new Error('User rejected the request.'), { code: 4001, data: { reason: 'no' } })
      if (args.method === 'eth_accounts') throw { message: 'No connector found for connection: x' }
      if (args.method === 'eth_call') throw Object.assign(new Error('Execution reverted'), { code: 3, data: () => 'not plain' })
      if (args.method === 'eth_sendTransaction') throw new UserRejectedError('User rejected the request.', { code: 4001, category: 'API_ERROR', details: 'eth_sendTransaction on connector w' })
      return () => 'not plain'
    })
    servePagePort(port1, bridge)
    const page = createPagePort(port2)
    const failure = (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => e)
    const rejected = await failure(page.request('w', { method: 'personal_sign', params: ['0x00', ADDRESS] }))
    expect(rejected).toBeInstanceOf(UserRejectedError)
    expect(errorFields(rejected)).toEqual({ name: 'UserRejectedError', category: 'INTERNAL_SDK_ERROR', code: 4001, message: 'User rejected the request.' })
    expect((rejected as UserRejectedError).data).toEqual({ reason: 'no' })
    const typed = await failure(page.request('w', { method: 'eth_sendTransaction', params: [] }))
    expect(typed).toBeInstanceOf(UserRejectedError)
    expect(errorFields(typed)).toEqual({ name: 'UserRejectedError', category: 'API_ERROR', code: 4001, message: 'User rejected the request.', details: 'eth_sendTransaction on connector w' })
    const missing = await failure(page.request('w', { method: 'eth_accounts' }))
    expect(missing).toBeInstanceOf(GangwayError)
    expect(errorFields(missing)).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'No connector found for connection: x' })
    const reverted = await failure(page.request('w', { method: 'eth_call', params: [] }))
    expect(reverted).toBeInstanceOf(ProviderRequestError)
    expect(errorFields(reverted)).toEqual({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code: 3, message: 'Execution reverted' })
    expect('data' in (reverted as object)).toBe(false)
    expect(errorFields(await failure(page.request('w', { method: 'eth_chainId' })))).toEqual({ name: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'The wallet’s answer is not plain data' })
  })

  it('delivers subscription values to the callback of their key only; closing rejects calls in flight', async () => {
    const { port1, port2 } = new MessageChannel()
    open.push(port1, port2)
    let received!: () => void
    const asked = new Promise<void>((resolve) => (received = resolve))
    // The page's wallet never answers this one.
    const server = servePagePort(port1, { request: () => (received(), new Promise(() => undefined)), watch: () => undefined })
    const page = createPagePort(port2)
    const a: unknown[] = []
    const b: unknown[] = []
    const keyA = server.listen((v) => a.push(v))
    const keyB = server.listen((v) => b.push(v))
    const seen = new Promise<void>((resolve) => server.listen(() => resolve()))
    page.deliver(keyA, { open: true })
    page.deliver(999, 'nobody')
    page.deliver(keyB, 1)
    page.deliver(keyB + 1, 'last')
    await seen
    expect(a).toEqual([{ open: true }])
    expect(b).toEqual([1])
    const inFlight = page.request('w', { method: 'eth_chainId' }).then(() => 'resolved', (e: Error) => e.message)
    await asked
    page.close()
    expect(await inFlight).toBe('Page port closed')
  })
})

  it('posts the values of one task as one message, in their order, before a call that follows them; a value that cannot be cloned is dropped alone', async () => {
    const { port1, port2 } = new MessageChannel()
    open.push(port1, port2)
    const seen: string[] = []
    const server = servePagePort(port1, { request: async () => (seen.push('request'), '0x1'), watch: () => undefined })
    let messages = 0
    port1.addEventListener('message', () => messages++)
    const page = createPagePort(port2)
    const a = server.listen((v) => seen.push(`a:${String(v)}`))
    const b = server.listen((v) => seen.push(`b:${String(v)}`))
    page.deliver(a, 1)
    page.deliver(b, () => 2)
    page.deliver(b, 3)
    page.deliver(a, 4)
    expect(await page.request('w', { method: 'eth_chainId' })).toBe('0x1')
    expect(seen).toEqual(['a:1', 'b:3', 'a:4', 'request'])
    expect(messages).toBe(2)
    // Queued with no call after them: out at the end of the task, as one message again.
    const last = new Promise<void>((resolve) => server.listen(() => resolve()))
    page.deliver(b, 5)
    page.deliver(b + 1, 6)
    await last
    expect(seen.slice(-1)).toEqual(['b:5'])
    expect(messages).toBe(3)
  })

describe('the worker engine behind the page port', () => {
  it('connects through the port, delivers subscriptions under the page’s keys, and refuses a bridge object for a port', async () => {
    const calls: string[] = []
    const bridge: Bridge = {
      async request(_id, args) {
        calls.push(args.method)
        return args.method === 'eth_chainId' ? '0x7a69' : [ADDRESS]
      },
      watch: () => undefined,
    }
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
      const answer = ({ id, method }: { id: number; method: string }) => ({ jsonrpc: '2.0', id, result: method === 'eth_getBalance' ? '0x0' : '0x1' })
      return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    }
    const engine = workerEngine((hooks) => createEngine({ mode: 'worker', fetch, ...hooks }))
    const config = { projectId: 'test', networks: [LOCALNET] }
    await expect(engine.start(config, bridge as unknown as MessagePort)).rejects.toThrow('The page port must be a MessagePort')
    await expect(engine.subscribe('account', 1)).rejects.toThrow('Engine not started')

    const { port1, port2 } = new MessageChannel()
    open.push(port1, port2)
    const server = servePagePort(port1, bridge)
    await engine.start(config, port2)
    const statuses: string[] = []
    const connected = new Promise<void>((resolve) => {
      const key = server.listen((v) => {
        statuses.push((v as { status: string }).status)
        if ((v as { status: string }).status === 'connected') resolve()
      })
      void engine.subscribe('account', key)
    })
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
    await connected
    expect(statuses[0]).toBe('disconnected')
    expect(calls).toContain('eth_requestAccounts')
    await engine.stop()
  })

  it('what one event changes reaches the page in one message', async () => {
    const fetch: typeof globalThis.fetch = async () => new Response('{}')
    const engine = workerEngine((hooks) => createEngine({ mode: 'worker', fetch, ...hooks }))
    const { port1, port2 } = new MessageChannel()
    open.push(port1, port2)
    const server = servePagePort(port1, handler().bridge)
    const batches: { subscription: number; value: { open: boolean } }[][] = []
    port1.addEventListener('message', ({ data }: MessageEvent<{ values?: { subscription: number; value: { open: boolean } }[] }>) => void (data.values && batches.push(data.values)))
    await engine.start({ projectId: 'test', networks: [LOCALNET] }, port2)
    // The same selector under two keys: both change with the same event.
    const both = new Promise<void>((resolve) => {
      let opened = 0
      const onOpen = (v: unknown) => void ((v as { open: boolean }).open && ++opened === 2 && resolve())
      void engine.subscribe('modal', server.listen(onOpen))
      void engine.subscribe('modal', server.listen(onOpen))
    })
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await both
    const opening = batches.filter((values) => values.some((v) => v.value.open))
    expect(opening).toHaveLength(1)
    expect(opening[0]!.filter((v) => v.value.open).map((v) => v.subscription).sort()).toEqual([1, 2])
    await engine.stop()
  })

  it('delivers the public events under the page’s key, as plain data', async () => {
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number } | { id: number }[]
      const answer = ({ id }: { id: number }) => ({ jsonrpc: '2.0', id, result: '0x1' })
      return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    }
    const engine = workerEngine((hooks) => createEngine({ mode: 'worker', fetch, ...hooks }))
    await expect(engine.subscribeEvents(1)).rejects.toThrow('Engine not started')
    const { port1, port2 } = new MessageChannel()
    open.push(port1, port2)
    const server = servePagePort(port1, handler().bridge)
    await engine.start({ projectId: 'test', networks: [LOCALNET] }, port2)
    let delivered!: (value: unknown) => void
    const opened = new Promise<unknown>((resolve) => (delivered = resolve))
    await engine.subscribeEvents(server.listen(delivered))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    expect(await opened).toMatchObject({ version: 1, timestamp: expect.any(Number), data: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false, isMobile: false } } })
    await engine.stop()
  })
})
