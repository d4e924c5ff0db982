import { describe, expect, it } from 'vitest'
import { blockchainClient } from './blockchain.js'
import { createServiceFetch } from './service-fetch.js'

const clientAnswering = (body: unknown) => blockchainClient(createServiceFetch({ services: { blockchain: 'https://bc.example', nfts: 'https://nfts.example' }, projectId: 'p', fetch: async () => new Response(JSON.stringify(body)) }))
const long = (n: number, c = 'x') => c.repeat(n)
const tx = (i: number, name = 'Ether', icon = 'https://cdn.example/eth.svg') => ({
  id: `eip155:1:0x${i}`,
  metadata: { operationType: 'receive', hash: `0x${i}`, minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1', sentFrom: long(300, 'f') },
  transfers: Array.from({ length: 25 }, () => ({ fungible_info: { name, symbol: 'ETH', icon: { url: icon } }, direction: 'in', quantity: { numeric: '1' } })),
})

describe('blockchain client: hostile answers', () => {
  it('history: at most 50 transactions a page and 20 transfers each, names cut to 64, strings to 256, over-long image URLs dropped', async () => {
    const data = [tx(0, long(100, 'n'), `https://cdn.example/${long(2100)}`), ...Array.from({ length: 500 }, (_, i) => tx(i + 1))]
    const page = await clientAnswering({ data, next: 'c2' }).getHistory('0xabc', { chainId: 'eip155:1' })
    expect(page.transactions).toHaveLength(50)
    expect(page.next).toBe('c2')
    const [first] = page.transactions
    expect(first!.transfers).toHaveLength(20)
    expect(first!.transfers[0]!.fungible_info).toMatchObject({ name: long(64, 'n'), symbol: 'ETH' })
    expect(first!.transfers[0]!.fungible_info!.icon?.url).toBeUndefined()
    expect(page.transactions[1]!.transfers[0]!.fungible_info).toEqual({ name: 'Ether', symbol: 'ETH', icon: { url: 'https://cdn.example/eth.svg' } })
    expect(JSON.stringify(page).length).toBeLessThan(200_000)
    const strings = JSON.stringify(page).match(/"(?:[^"\\]|\\.)*"/g)!
    expect(Math.max(...strings.map((s) => s.length - 2))).toBeLessThanOrEqual(256)
  })
  it('history: a cursor over 256 characters is dropped, never cut (the history ends there)', async () => {
    expect((await clientAnswering({ data: [tx(1)], next: long(257, 'c') }).getHistory('0xabc', { chainId: 'eip155:1' })).next).toBeUndefined()
    expect((await clientAnswering({ data: [tx(1)], next: long(256, 'c') }).getHistory('0xabc', { chainId: 'eip155:1' })).next).toBe(long(256, 'c'))
  })
  it('holdings and NFTs: at most 200 each, names cut to 64; identity names cut to 64', async () => {
    const balances = Array.from({ length: 1000 }, (_, i) => ({ name: `Token ${i} ${long(500)}`, symbol: `T${i}`, chainId: 'eip155:1', quantity: { decimals: '18', numeric: '1' } }))
    const held = await clientAnswering({ balances }).getBalances('0xabc', { chainId: 'eip155:1' })
    expect(held).toHaveLength(200)
    expect(held.every((b) => b.name.length === 64)).toBe(true)
    const nfts = await clientAnswering({ data: Array.from({ length: 1000 }, (_, i) => ({ chain: 'eip155:1', contract: 'eip155:1:0xc', tokenId: String(i), name: long(300), collection: { name: long(300) } })) }).getNfts('0xabc', { chainId: 'eip155:1' })
    expect(nfts).toHaveLength(200)
    expect(nfts[0]).toMatchObject({ name: long(64), collectionName: long(64) })
    expect(await clientAnswering({ name: `harbourmaster${'.eth'.repeat(1500)}` }).getIdentity('0xabc')).toEqual({ name: `harbourmaster${'.eth'.repeat(1500)}`.slice(0, 64) })
  })
})

describe('blockchain client: token prices', () => {
  it('POSTs /v1/fungible/price with currency usd, the addresses and the projectId, and reads each price', async () => {
    const sent: { url: string; body: unknown }[] = []
    const client = blockchainClient(
      createServiceFetch({
        services: { blockchain: 'https://bc.example' },
        projectId: 'p1',
        fetch: async (input, init) => {
          sent.push({ url: String(input), body: JSON.parse(String(init?.body)) })
          return new Response(JSON.stringify({ fungibles: [{ address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', name: 'Ether', symbol: 'ETH', iconUrl: 'https://cdn.example/eth.svg', price: 3012.5, decimals: 18 }, { name: 'USD Coin', symbol: 'USDC', price: 1 }] }))
        },
      }),
    )
    expect(await client.getTokenPrices(['eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'])).toEqual([
      { address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', name: 'Ether', symbol: 'ETH', iconUrl: 'https://cdn.example/eth.svg', price: 3012.5 },
      { name: 'USD Coin', symbol: 'USDC', price: 1 },
    ])
    expect(sent).toHaveLength(1)
    expect(new URL(sent[0]!.url).pathname).toBe('/v1/fungible/price')
    expect(sent[0]!.body).toEqual({ currency: 'usd', addresses: ['eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'], projectId: 'p1' })
  })
  it('asks nothing for no addresses, sends at most 20, and drops prices that are negative, not finite or not numbers', async () => {
    let asked: string[] = []
    const client = blockchainClient(
      createServiceFetch({
        services: { blockchain: 'https://bc.example' },
        projectId: 'p',
        fetch: async (_input, init) => {
          asked = (JSON.parse(String(init?.body)) as { addresses: string[] }).addresses
          const fungibles = [{ symbol: 'A', price: -1 }, { symbol: 'B', price: '2' }, { symbol: 'C', price: null }, { symbol: '', price: 1 }, { symbol: 'E', price: 0, address: 'not caip' }, ...Array.from({ length: 100 }, (_, i) => ({ symbol: `T${i}`, price: i }))]
          return new Response(JSON.stringify({ fungibles }))
        },
      }),
    )
    expect(await client.getTokenPrices([])).toEqual([])
    expect(asked).toEqual([])
    const prices = await client.getTokenPrices(Array.from({ length: 50 }, (_, i) => `eip155:1:0x${String(i).padStart(40, '0')}`))
    expect(asked).toHaveLength(20)
    expect(prices[0]).toEqual({ symbol: 'E', price: 0 })
    expect(prices).toHaveLength(16)
  })
})
