import { describe, expect, it } from 'vitest'
import type { ServiceFetch } from '../../api/service-fetch.js'
import { bitcoinHistory } from './bitcoin-history.js'

const ME = 'bcrt1q9mev6gc3p4cexp2jrzrsjvyhxrgjp72h0gx47m'
const OTHER = 'bcrt1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqc4p0x5'
const CHAIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const txid = (c: string) => c.repeat(64)

/** A ServiceFetch whose `bitcoin` GET answers `answer` for the address's history, and records the paths asked. */
function esplora(answer: unknown): { api: ServiceFetch; paths: string[] } {
  const paths: string[] = []
  const api = {
    get: async (service: string, path: string) => {
      expect(service).toBe('bitcoin')
      paths.push(path)
      return answer
    },
  } as unknown as ServiceFetch
  return { api, paths }
}

describe('bitcoinHistory', () => {
  it("reads the Esplora's history as Activity: sent (what the address paid, the fee in it) and received, confirmed at its block's time or pending at now", async () => {
    const { api, paths } = esplora([
      // In the mempool: 0.001 BTC out and 141 sat of fee, from a 50 BTC output; the change back.
      { txid: txid('a'), fee: 141, status: { confirmed: false }, vin: [{ prevout: { scriptpubkey_address: ME, value: 5_000_000_000 } }], vout: [{ scriptpubkey_address: OTHER, value: 100_000 }, { scriptpubkey_address: ME, value: 4_999_899_859 }] },
      // In a block: a coinbase of 50 BTC to the address.
      { txid: txid('b'), fee: 0, status: { confirmed: true, block_time: 1_700_000_000 }, vin: [{ prevout: null }], vout: [{ scriptpubkey_address: ME, value: 5_000_000_000 }] },
    ])
    const now = Date.UTC(2026, 11, 5)
    const { transactions } = await bitcoinHistory(api, ME, CHAIN, now)
    expect(paths).toEqual([`/address/${ME}/txs`])
    expect(transactions).toEqual([
      {
        id: txid('a'),
        metadata: { operationType: 'send', hash: txid('a'), minedAt: new Date(now).toISOString(), status: 'pending', chain: CHAIN },
        transfers: [{ fungible_info: { name: 'Bitcoin', symbol: 'BTC' }, direction: 'out', quantity: { numeric: '0.00100141' } }],
      },
      {
        id: txid('b'),
        metadata: { operationType: 'receive', hash: txid('b'), minedAt: new Date(1_700_000_000_000).toISOString(), status: 'confirmed', chain: CHAIN },
        transfers: [{ fungible_info: { name: 'Bitcoin', symbol: 'BTC' }, direction: 'in', quantity: { numeric: '50' } }],
      },
    ])
  })

  it('drops malformed entries and keeps at most a page', async () => {
    const entry = (i: number) => ({ txid: i.toString(16).padStart(64, '0'), fee: 0, status: { confirmed: true, block_time: 1 }, vin: [], vout: [{ scriptpubkey_address: ME, value: 1000 }] })
    const { api } = esplora([{ txid: 'nope' }, null, ...Array.from({ length: 80 }, (_, i) => entry(i + 1))])
    const { transactions, next } = await bitcoinHistory(api, ME, CHAIN, 0)
    expect(transactions).toHaveLength(50)
    expect(transactions[0]!.id).toBe(entry(1).txid)
    // Some were left off: the next page starts after the last one kept.
    expect(next).toBe(entry(50).txid)
  })

  it("pages through the confirmed ones: a whole Esplora page (25) gives the last txid as the cursor, which asks /txs/chain/:txid; a shorter page ends it; a cursor that is no txid is refused unasked", async () => {
    const entry = (i: number, confirmed = true) => ({ txid: i.toString(16).padStart(64, '0'), fee: 0, status: { confirmed }, vin: [], vout: [{ scriptpubkey_address: ME, value: 1000 }] })
    const first = esplora([entry(100, false), ...Array.from({ length: 25 }, (_, i) => entry(i + 1))])
    expect((await bitcoinHistory(first.api, ME, CHAIN, 0)).next).toBe(entry(25).txid)
    const later = esplora(Array.from({ length: 24 }, (_, i) => entry(i + 26)))
    const page = await bitcoinHistory(later.api, ME, CHAIN, 0, undefined, entry(25).txid)
    expect(later.paths).toEqual([`/address/${ME}/txs/chain/${entry(25).txid}`])
    expect(page.transactions.map((t) => t.id)).toEqual(Array.from({ length: 24 }, (_, i) => entry(i + 26).txid))
    expect(page.next).toBeUndefined()
    const bad = esplora([])
    expect(await bitcoinHistory(bad.api, ME, CHAIN, 0, undefined, '../../tx').catch((e: Error) => e.message)).toBe('Invalid cursor')
    expect(bad.paths).toEqual([])
  })
})
