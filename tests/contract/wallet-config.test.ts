/**
 * The wallet/config service's remote configuration (docs/services.md): the client and the emulator
 * against the answer its owner's client reads (reown-com/appkit; fixtures/wallet-config/*.json).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWalletConfigService, type WalletConfigService } from '../../localnet/services/wallet-config.js'
import { freePort } from '../../localnet/ports.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'
import { walletConfigClient } from '../../src/api/wallet-config.js'
import { answering, askEmulator, expectAnswerFits, fixture } from './contract.js'

let service: WalletConfigService
beforeAll(async () => {
  service = await startWalletConfigService({ port: await freePort() })
})
afterAll(() => service.stop())

describe('wallet/config service: the remote configuration', () => {
  it("the client reads the hosted ids: swap, social_login's 'email', a feature left out off, config null the site's", async () => {
    const f = fixture('wallet-config/config')
    const wire = answering(f)
    const features = await walletConfigClient(createServiceFetch({ services: { walletConfig: 'https://api.example' }, projectId: 'contract-test', fetch: wire.fetch })).getConfig()
    expect(wire.problems).toEqual([])
    expect(features).toEqual({ swaps: true, onramp: true, email: true, socials: ['google', 'x'], branding: false, multiWallet: false, emailCapture: false })
  })
  it('the emulator answers the same shape, with the same ids', async () => {
    const f = fixture('wallet-config/config')
    const answer = await askEmulator(service.url, f)
    expectAnswerFits(answer, f)
    const ids = (answer.body as { features: { id: string }[] }).features.map((x) => x.id)
    expect(ids.filter((id) => !['swap', 'onramp', 'social_login', 'activity', 'reown_branding', 'multi_wallet', 'email_capture'].includes(id))).toEqual([])
    expect(ids).toEqual(expect.arrayContaining(['swap', 'social_login']))
  })
})

describe('wallet/config service: the registry and the allowed origins', () => {
  const client = (fetch: typeof globalThis.fetch) => walletConfigClient(createServiceFetch({ services: { walletConfig: 'https://api.example' }, projectId: 'contract-test', fetch }))
  it('the client reads a registry page (every listing field nullable) and the allowlist', async () => {
    const wallets = answering(fixture('wallet-config/wallets'))
    expect(await client(wallets.fetch).getWallets({ page: 1, entries: 4 })).toMatchObject({ count: 161, data: [{ name: 'Harbor Wallet', image_id: '7677b54f-3486-46e2-4e37-bf8747814f00' }] })
    expect(wallets.problems).toEqual([])
    const origins = answering(fixture('wallet-config/origins'))
    expect(await client(origins.fetch).getAllowedOrigins()).toEqual(['https://shop.example', '*.shop.example'])
    expect(origins.problems).toEqual([])
  })
  it('the emulator answers both in the hosted shapes', async () => {
    for (const name of ['wallets', 'origins']) {
      const f = fixture(`wallet-config/${name}`)
      expectAnswerFits(await askEmulator(service.url, f), f)
    }
  })
})
