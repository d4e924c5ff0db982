/**
 * The blockchain service's contract (docs/services.md): the client and the emulator against the
 * real service's answers, recorded from reown-com/blockchain-api (fixtures/blockchain/*.json).
 */
import { describe, expect, inject, it } from 'vitest'
import { blockchainClient } from '../../src/api/blockchain.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'
import { answering, askEmulator, expectAnswerFits, fixture } from './contract.js'

const blockchainUrl = inject('blockchainUrl')
const client = (fetch: typeof globalThis.fetch) => blockchainClient(createServiceFetch({ services: { blockchain: 'https://rpc.example' }, projectId: 'contract-test', fetch }))
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TIDE = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'
const NATIVE = 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

describe('blockchain service: the client', () => {
  it('asks a balance refresh with the changed tokens as CAIP-10 ids (forceUpdate), never `true`, and reads the answer', async () => {
    const f = fixture('blockchain/balance-force-update')
    const wire = answering(f)
    const held = await client(wire.fetch).getBalances(ACCOUNT, { chainId: 'eip155:31337', forceUpdate: [TIDE, NATIVE] })
    expect(wire.problems).toEqual([])
    expect(held).toMatchObject([{ symbol: 'TIDE', chainId: 'eip155:31337', quantity: { decimals: '18' } }])
    // No token named, or a namespace the service refuses it on: nothing sent in forceUpdate.
    const plain = answering({ ...f, request: { ...f.request, query: { ...f.request.query, forceUpdate: null } } })
    await client(plain.fetch).getBalances(ACCOUNT, { chainId: 'eip155:31337', forceUpdate: [] })
    await client(plain.fetch).getBalances('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', forceUpdate: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112'] }).catch(() => undefined)
    expect(plain.sent.map((s) => s.query.forceUpdate)).toEqual([undefined, undefined])
  })
  it('prices one address a request: the service prices only the first it is sent', async () => {
    const wire = answering(fixture('blockchain/fungible-price'))
    expect(await client(wire.fetch).getTokenPrices([NATIVE])).toEqual([{ address: NATIVE, name: 'Ether', symbol: 'ETH', price: 3000.5 }])
    expect(wire.problems).toEqual([])
  })
})

describe('blockchain service: the emulator', () => {
  it('answers a balance refresh as the service does', async () => {
    const f = fixture('blockchain/balance-force-update')
    expectAnswerFits(await askEmulator(blockchainUrl, f), f)
  })
  it('refuses forceUpdate=true with 400 and the service’s reason', async () => {
    const f = fixture('blockchain/balance-force-update-true')
    const answer = await askEmulator(blockchainUrl, f)
    expectAnswerFits(answer, f)
    expect(answer.body).toEqual(f.response.body)
  })
  it('prices the first address only', async () => {
    const f = fixture('blockchain/fungible-price')
    const answer = await askEmulator(blockchainUrl, f, { body: { currency: 'usd', addresses: [NATIVE, TIDE], projectId: 'contract-test' } })
    expectAnswerFits(answer, f)
    expect((answer.body as { fungibles: unknown[] }).fungibles).toHaveLength(1)
  })
  it('has no NFT route: 404, an empty body, no CORS header', async () => {
    const f = fixture('blockchain/nfts-no-route')
    expectAnswerFits(await askEmulator(blockchainUrl, f), f)
  })
})
