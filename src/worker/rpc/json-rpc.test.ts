import { describe, expect, it } from 'vitest'
import { createJsonRpc } from './json-rpc.js'

const respond = (body: unknown, init: ResponseInit = {}) => async () => new Response(JSON.stringify(body), { status: 200, ...init })

describe('the JSON-RPC path', () => {
  it('POSTs a JSON-RPC 2.0 body and resolves with the result', async () => {
    let sent: unknown
    const rpc = createJsonRpc({
      fetch: async (_url, init) => {
        sent = JSON.parse(String(init?.body))
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x10' }))
      },
    })
    expect(await rpc.request('http://node', { method: 'eth_getBalance', params: ['0xabc', 'latest'] })).toBe('0x10')
    expect(sent).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0xabc', 'latest'] })
  })
  it("fails with 'HTTP request failed.' on a bad status and keeps the status", async () => {
    const rpc = createJsonRpc({ fetch: respond({}, { status: 503, statusText: 'Service Unavailable' }) })
    await expect(rpc.request('http://node', { method: 'eth_chainId' })).rejects.toMatchObject({ shortMessage: 'HTTP request failed.', status: 503 })
  })
  it("fails with 'RPC Request failed.' on a JSON-RPC error and keeps its code", async () => {
    const rpc = createJsonRpc({ fetch: respond({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution reverted' } }) })
    await expect(rpc.request('http://node', { method: 'eth_call' })).rejects.toMatchObject({ shortMessage: 'RPC Request failed.', code: -32000 })
  })
  it("fails with 'The request took too long to respond.' after the timeout", async () => {
    const rpc = createJsonRpc({
      timeoutMs: 20,
      fetch: (_url, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    })
    await expect(rpc.request('http://node', { method: 'eth_chainId' })).rejects.toMatchObject({ shortMessage: 'The request took too long to respond.' })
  })
  it("fails with 'HTTP request failed.' when the connection fails", async () => {
    const rpc = createJsonRpc({ fetch: async () => Promise.reject(new TypeError('fetch failed')) })
    await expect(rpc.request('http://node', { method: 'eth_chainId' })).rejects.toMatchObject({ shortMessage: 'HTTP request failed.' })
  })
})
