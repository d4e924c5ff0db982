import { describe, expect, it, vi } from 'vitest'
import { WALLETCONNECT_OFF, type SignClientLike } from './connector.js'
import { preloadSignClient, signClientLoaders } from './sign-client.js'

describe('signClientLoaders (the walletConnect option)', () => {
  const site = { projectId: 'p1', metadata: { name: 'Harbour Coffee', url: 'https://harbour.example', icons: [] } }

  it('walletConnect: false: nothing to preload, and a load refuses without starting a client', async () => {
    const start = vi.fn(async () => ({}) as SignClientLike)
    const off = signClientLoaders(false, site, start)
    expect(off.preload).toBeUndefined()
    await expect(off.load()).rejects.toMatchObject({ name: 'GangwayError', message: WALLETCONNECT_OFF })
    // Without a loader of the caller's: still no preload, and the chunk's loader is never reached.
    expect(signClientLoaders(false, site).preload).toBeUndefined()
    expect(start).not.toHaveBeenCalled()
  })

  it('on: the relay and the site’s metadata, with defaults for what the site left out', async () => {
    const start = vi.fn(async () => ({}) as SignClientLike)
    await signClientLoaders({ relayUrl: 'ws://127.0.0.1:9/relay' }, site, start).load()
    await signClientLoaders(undefined, { projectId: 'p2' }, start).load()
    expect(start.mock.calls).toEqual([
      [{ projectId: 'p1', relayUrl: 'ws://127.0.0.1:9/relay', metadata: { name: 'Harbour Coffee', description: '', url: 'https://harbour.example', icons: [] } }],
      [{ projectId: 'p2', metadata: { name: 'Gangway', description: '', url: '', icons: [] } }],
    ])
  })

  it('preloads the sign client’s chunk only with its own loader', () => {
    expect(signClientLoaders(undefined, site).preload).toBe(preloadSignClient)
    expect(signClientLoaders(undefined, site, async () => ({}) as SignClientLike).preload).toBeUndefined()
  })
})
