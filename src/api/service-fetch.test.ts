import { describe, expect, it } from 'vitest'
import { createServiceFetch } from './service-fetch.js'

const services = { blockchain: 'https://rpc.example/', walletConfig: 'https://api.example/base' }

describe('service fetch (spec §7)', () => {
  it('adds projectId, st and sv to every call, after the call params', async () => {
    const urls: string[] = []
    const api = createServiceFetch({ services, projectId: 'p1', fetch: async (u) => (urls.push(String(u)), new Response('{"ok":true}')) })
    expect(await api.get('blockchain', '/v1/account/0xabc/balance', { params: { currency: 'usd', chainId: 'eip155:1', forceUpdate: undefined } })).toEqual({ ok: true })
    await api.post('walletConfig', 'getWallets', { page: 1 })
    const [first, second] = urls.map((u) => new URL(u))
    expect(first!.origin + first!.pathname).toBe('https://rpc.example/v1/account/0xabc/balance')
    expect(Object.fromEntries(first!.searchParams)).toEqual({ currency: 'usd', chainId: 'eip155:1', projectId: 'p1', st: 'gangway', sv: 'gangway-web-0.1.0' })
    expect(second!.pathname).toBe('/base/getWallets')
    expect(second!.searchParams.get('projectId')).toBe('p1')
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
  it('refuses a service with no base URL', () => {
    expect(() => createServiceFetch({ services: {}, projectId: 'p' }).url('analytics', 'e')).toThrow('Service not configured: analytics')
  })
})
