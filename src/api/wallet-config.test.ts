import { describe, expect, it } from 'vitest'
import { createServiceFetch } from './service-fetch.js'
import { boundedListing, remoteFeaturesOf, walletConfigClient } from './wallet-config.js'

const clientAnswering = (body: unknown) => walletConfigClient(createServiceFetch({ services: { walletConfig: 'https://api.example' }, projectId: 'p', fetch: async () => new Response(JSON.stringify(body)) }))

describe('wallet/config client: hostile registry answers', () => {
  it('keeps at most the entries asked for', async () => {
    const data = Array.from({ length: 5000 }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}` }))
    const r = await clientAnswering({ count: 5000, data }).getWallets({ page: 1, entries: 12 })
    expect(r.data).toHaveLength(12)
    expect(r.count).toBe(5000)
  })
  it('reads a count that is not a whole number ≥ 0 as 0, and data that is not a list as none', async () => {
    for (const count of [-1, 1.5, Number.MAX_VALUE, '40', null]) expect((await clientAnswering({ count, data: [] }).getWallets({ page: 1, entries: 40 })).count).toBe(0)
    expect((await clientAnswering({ count: 3, data: { 0: 'x' } }).getWallets({ page: 1, entries: 40 })).data).toEqual([])
    expect((await clientAnswering(null).getWallets({ page: 1, entries: 40 })).data).toEqual([])
  })
  it('boundedListing cuts names to 64 and other text to 256, and drops links over 256 and image URLs over 2048', () => {
    const long = (n: number, c = 'x') => c.repeat(n)
    const l = boundedListing({
      id: long(300, 'i'),
      name: long(2000, 'n'),
      rdns: long(2000, 'r'),
      image_id: 'img',
      image_url: `https://img.example/${long(100)}`,
      mobile_link: `wallet://${long(2000)}`,
      desktop_link: 'wallet://ok',
      webapp_link: `https://app.example/${long(240)}`,
      chains: ['eip155:1', long(300), ...Array.from({ length: 100 }, (_, i) => `eip155:${i + 2}`)],
    })
    expect(l.id).toBe(long(256, 'i'))
    expect(l.name).toBe(long(64, 'n'))
    expect(l.rdns).toBe(long(256, 'r'))
    expect(l.mobile_link).toBeUndefined()
    expect(l.desktop_link).toBe('wallet://ok')
    expect(l.webapp_link).toBeUndefined()
    expect(l.image_url).toBe(`https://img.example/${long(100)}`)
    expect(l.chains).toHaveLength(63)
    expect(l.chains!.every((c) => c.length <= 256)).toBe(true)
    // An image id too long to keep takes the image URL made from it along.
    expect(boundedListing({ id: 'a', name: 'A', image_id: long(300), image_url: 'https://img.example/a' })).toEqual({ id: 'a', name: 'A' })
    expect(boundedListing({ id: 'a', name: 'A', image_url: `https://img.example/${long(2100)}` })).toEqual({ id: 'a', name: 'A' })
  })
})

describe('wallet/config client: the remote configuration (GET /appkit/v1/config, docs/behaviour.md §7, §9, docs/services.md)', () => {
  /** The hosted answer's shape: provider lists, social_login's login methods, [] for an on/off feature. */
  const HOSTED = [
    { id: 'swap', isEnabled: true, config: ['1inch'] },
    { id: 'onramp', isEnabled: true, config: ['meld'] },
    { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
    { id: 'activity', isEnabled: true, config: [] },
    { id: 'reown_branding', isEnabled: true, config: [] },
    { id: 'multi_wallet', isEnabled: false, config: [] },
    { id: 'email_capture', isEnabled: false, config: [] },
  ]
  const ALL_OFF = { swaps: false, onramp: false, email: false, socials: false, activity: false, branding: false, multiWallet: false, emailCapture: false }
  it('maps the hosted ids to the remote features', async () => {
    expect(await clientAnswering({ features: HOSTED }).getConfig()).toEqual({
      swaps: true,
      onramp: true,
      email: true,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      activity: true,
      branding: true,
      multiWallet: false,
      emailCapture: false,
    })
  })
  it("the swap feature is 'swap' and email is 'email' in social_login's list: the ids 'swaps' and 'email' switch nothing", () => {
    const without = (id: string) => HOSTED.filter((f) => f.id !== id)
    expect(remoteFeaturesOf({ features: [...without('swap'), { id: 'swaps', isEnabled: true, config: ['1inch'] }] }).swaps).toBe(false)
    expect(remoteFeaturesOf({ features: [...without('swap'), { id: 'swap', isEnabled: false, config: ['1inch'] }] }).swaps).toBe(false)
    expect(remoteFeaturesOf({ features: [...without('swap'), { id: 'swap', isEnabled: true, config: [] }] }).swaps).toBe(false)
    const social = (config: string[], isEnabled = true) => remoteFeaturesOf({ features: [...without('social_login'), { id: 'social_login', isEnabled, config }, { id: 'email', isEnabled: true, config: null }] })
    expect(social(['google'])).toMatchObject({ email: false, socials: ['google'] })
    expect(social(['email'])).toMatchObject({ email: true, socials: false })
    expect(social(['email', 'google'], false)).toMatchObject({ email: false, socials: false })
  })
  it("a known feature missing from the answer is off; one with config null leaves the site's value (nothing from the service)", () => {
    expect(remoteFeaturesOf({ features: [] })).toEqual(ALL_OFF)
    expect(remoteFeaturesOf({ features: [{ id: 'activity', isEnabled: true, config: [] }] })).toEqual({ ...ALL_OFF, activity: true })
    const kept = remoteFeaturesOf({ features: HOSTED.map((f) => (f.id === 'activity' || f.id === 'social_login' ? { ...f, isEnabled: false, config: null } : f)) })
    expect(kept).not.toHaveProperty('activity')
    expect(kept).not.toHaveProperty('email')
    expect(kept).not.toHaveProperty('socials')
    expect(kept).toMatchObject({ swaps: true, branding: true })
  })
  it('unknown ids and repeats are ignored; social providers it does not know are dropped', () => {
    expect(
      remoteFeaturesOf({
        features: [
          ...HOSTED.filter((f) => f.id !== 'social_login'),
          { id: 'activity', isEnabled: false, config: [] },
          { id: 'smart_sessions', isEnabled: 'yes' },
          { id: '__proto__', isEnabled: true, config: [] },
          { id: 'toString', isEnabled: true, config: [] },
          null,
          'swap',
          { id: 'social_login', isEnabled: true, config: ['myspace', 'github', 'github', 'email'] },
        ],
      }),
    ).toMatchObject({ activity: true, email: true, socials: ['github'] })
  })
  it("an answer of another shape, or a known id with a wrong type, switches nothing: {}", () => {
    for (const answer of [null, [], 'x', { features: 'all' }, { features: { 0: HOSTED[0] } }]) expect(remoteFeaturesOf(answer)).toEqual({})
    for (const bad of [{ isEnabled: 'false', config: [] }, { isEnabled: true }, { isEnabled: true, config: 'email' }, { isEnabled: true, config: [7] }]) {
      expect(remoteFeaturesOf({ features: [...HOSTED.filter((f) => f.id !== 'activity'), { id: 'activity', ...bad }] })).toEqual({})
    }
  })
  it('reads at most the first 64 entries', () => {
    const padding = Array.from({ length: 64 }, (_, i) => ({ id: `unknown_${i}`, isEnabled: true }))
    expect(remoteFeaturesOf({ features: [...padding, { id: 'activity', isEnabled: true, config: [] }] })).toEqual(ALL_OFF)
    expect(remoteFeaturesOf({ features: [...padding.slice(1), { id: 'activity', isEnabled: true, config: [] }] })).toEqual({ ...ALL_OFF, activity: true })
  })
})
