/**
 * The wallet/config client against the localnet service emulator (docs/behaviour.md §7, §8, §9): paging 40 at
 * a time over 161 wallets, trimmed search, include/exclude/chains, images, remote config, and the
 * allowed-origins error rules; projectId, st and sv on every call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWalletConfigService, type WalletConfigService } from '../../localnet/services/wallet-config.js'
import { freePort } from '../../localnet/ports.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'
import { walletConfigClient } from '../../src/api/wallet-config.js'

let service: WalletConfigService
let client: ReturnType<typeof walletConfigClient>
beforeAll(async () => {
  service = await startWalletConfigService({ port: await freePort() })
  client = walletConfigClient(createServiceFetch({ services: { walletConfig: service.url }, projectId: 'gangway-test' }))
})
afterAll(async () => {
  await service?.stop()
})

describe('wallet/config service', () => {
  it('pages the registry 40 at a time', async () => {
    const first = await client.getWallets({ page: 1, entries: 40 })
    expect(first.count).toBe(161)
    expect(first.data).toHaveLength(40)
    const pages = await Promise.all([2, 3, 4, 5].map((page) => client.getWallets({ page, entries: 40 })))
    expect(pages.map((p) => p.data.length)).toEqual([40, 40, 40, 1])
    const ids = new Set([first, ...pages].flatMap((p) => p.data.map((w) => w.id)))
    expect(ids.size).toBe(161)
    expect(Object.fromEntries(service.queries.at(-1)!)).toMatchObject({ projectId: 'gangway-test', st: 'gangway', sv: 'html-universal-0.1.0', page: '5', entries: '40' })
  })
  it('searches with trimmed text, and filters by include, exclude and chains', async () => {
    const found = await client.getWallets({ page: 1, entries: 100, search: '  harbor  ' })
    expect(found.data.map((w) => w.name)).toEqual(service.registry.filter((w) => w.name.startsWith('Harbor')).map((w) => w.name))
    expect(service.queries.at(-1)!.get('search')).toBe('harbor')
    const [a, b] = service.registry
    expect((await client.getWallets({ page: 1, entries: 40, include: [a!.id, b!.id] })).data.map((w) => w.id)).toEqual([a!.id, b!.id])
    expect((await client.getWallets({ page: 1, entries: 100, exclude: [a!.id] })).count).toBe(160)
    const solana = await client.getWallets({ page: 1, entries: 100, chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
    expect(solana.count).toBe(32)
  })
  it('serves wallet images and the remote config', async () => {
    const id = service.registry[3]!.id
    const image = await fetch(client.walletImageUrl(id))
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toContain('<svg')
    // The answer checked and mapped to the remote features (src/api/wallet-config.ts remoteFeaturesOf).
    expect(await client.getConfig()).toMatchObject({ multiWallet: false, activity: true, branding: true, socials: expect.arrayContaining(['google', 'github']) })
  })
  it('answers the remote configuration variants by query, header or path prefix, and the client keeps what is checked', async () => {
    const at = (base: string) => walletConfigClient(createServiceFetch({ services: { walletConfig: base }, projectId: 'gangway-test' }))
    expect(await at(`${service.url}/features/activity-off`).getConfig()).toMatchObject({ activity: false, swaps: true })
    expect(await at(`${service.url}/features/all-off`).getConfig()).toMatchObject({ activity: false, swaps: false, socials: false, branding: false })
    // Wrong types, unknown ids and padding past the 64 entries read: the defaults stay.
    expect(await at(`${service.url}/features/malformed`).getConfig()).toEqual({})
    await expect(at(`${service.url}/features/error`).getConfig()).rejects.toThrow('HTTP request failed.')
    const direct = await fetch(`${service.url}/appkit/v1/config?features=activity-off&projectId=p&st=s&sv=v`)
    expect(((await direct.json()) as { features: { id: string; isEnabled: boolean }[] }).features.find((f) => f.id === 'activity')?.isEnabled).toBe(false)
    const byHeader = await fetch(`${service.url}/appkit/v1/config?projectId=p&st=s&sv=v`, { headers: { 'x-localnet-features': 'all-off' } })
    expect(((await byHeader.json()) as { features: { id: string; isEnabled: boolean }[] }).features.every((f) => !f.isEnabled)).toBe(true)
    // Every path takes the prefix (the page's image URLs are built on the same base).
    expect((await fetch(at(`${service.url}/features/activity-off`).walletImageUrl(service.registry[0]!.id))).status).toBe(200)
    expect(service.configRequests.slice(-6)).toEqual(['activity-off', 'all-off', 'malformed', 'error', 'activity-off', 'all-off'])
  })
  it("allowed origins: 429 → 'RATE_LIMITED', 5xx → 'SERVER_ERROR', other failures → an empty list (docs/behaviour.md §8)", async () => {
    expect(await client.getAllowedOrigins()).toEqual(['http://127.0.0.1:*'])
    service.failNext(429)
    await expect(client.getAllowedOrigins()).rejects.toThrow('RATE_LIMITED')
    service.failNext(503)
    await expect(client.getAllowedOrigins()).rejects.toThrow('SERVER_ERROR')
    service.failNext(404)
    expect(await client.getAllowedOrigins()).toEqual([])
  })
})
