/**
 * The blockchain service's contract (docs/services.md): the client and the emulator against the
 * real service's answers, recorded from reown-com/blockchain-api (fixtures/blockchain/*.json).
 */
import { describe, expect, inject, it } from 'vitest'
import { evmOnrampNetwork } from '../../localnet/services/onramp.js'
import { blockchainClient } from '../../src/api/blockchain.js'
import { convertClient } from '../../src/api/convert.js'
import { onrampClient } from '../../src/api/onramp.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'
import { sessionsClient } from '../../src/api/sessions.js'
import { answering, askEmulator, expectAnswerFits, fixture, shapeProblems } from './contract.js'

const blockchainUrl = inject('blockchainUrl')
const api = (fetch: typeof globalThis.fetch) => createServiceFetch({ services: { blockchain: 'https://rpc.example' }, projectId: 'contract-test', fetch })
const client = (fetch: typeof globalThis.fetch) => blockchainClient(api(fetch))
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

describe('blockchain service: the client reads the hosted answers', () => {
  it('history: snake_case transfers, a null application; a transaction without its chain takes the one asked', async () => {
    const f = fixture('blockchain/history')
    const wire = answering(f)
    const page = await client(wire.fetch).getHistory(ACCOUNT, { chainId: 'eip155:31337' })
    expect(wire.problems).toEqual([])
    expect(page).toMatchObject({ transactions: [{ metadata: { operationType: 'send', chain: 'eip155:31337', status: 'confirmed' }, transfers: [{ direction: 'out', fungible_info: { symbol: 'ETH' }, nft_info: { name: 'Gull #3', flags: { is_spam: false } } }] }] })
    expect(page.next).toBeUndefined()
    // The hosted `chain` is optional (Option<String>): null or absent, the transaction stays, on the chain asked.
    const body = f.response.body as { data: { metadata: Record<string, unknown> }[] }
    for (const chain of [null, undefined]) {
      const without = { ...f, response: { ...f.response, body: { ...body, data: body.data.map((t) => ({ ...t, metadata: { ...t.metadata, chain } })) } } }
      expect((await client(answering(without).fetch).getHistory(ACCOUNT, { chainId: 'eip155:31337' })).transactions.map((t) => t.metadata.chain)).toEqual(['eip155:31337'])
    }
  })
  it('identity: name, avatar and resolvedAt, each nullable', async () => {
    const f = fixture('blockchain/identity')
    const wire = answering(f)
    expect(await client(wire.fetch).getIdentity('0x70997970C51812dc3A010C7d01b50e0D17dc79C8')).toEqual({ name: 'harbourmaster.eth' })
    expect(wire.problems).toEqual([])
  })
  it('smart sessions: camelCase with the project inside', async () => {
    const f = fixture('blockchain/sessions')
    const wire = answering(f)
    const sessions = await sessionsClient(api(wire.fetch)).getSessions(`eip155:31337:${ACCOUNT}`)
    expect(wire.problems).toEqual([])
    expect(sessions).toMatchObject([{ pci: 'a5b9c2d4-8e71-4f3a-9d2b-1c6e5f4a3b2d', project: { name: 'Harbour Coffee' } }])
  })
  it('swap tokens: CAIP-10 addresses, logoUri and eip2612 nullable', async () => {
    const f = fixture('blockchain/convert-tokens')
    const wire = answering(f)
    expect(await convertClient(api(wire.fetch)).getTokens('eip155:31337')).toMatchObject([{ symbol: 'TIDE', address: TIDE, decimals: 18 }])
    expect(wire.problems).toEqual([])
  })
  it('the on-ramp URL generator: a partnerUserId of 32-50 characters, whole preset amounts, `{ url }` back', async () => {
    const f = fixture('blockchain/onramp-url')
    const wire = answering(f)
    const url = await onrampClient(api(wire.fetch)).getOnrampUrl({ destinationWallets: [{ address: ACCOUNT, blockchains: ['ethereum'], assets: ['USDC'] }], partnerUserId: ACCOUNT.slice(2), defaultNetwork: 'ethereum', presetCryptoAmount: 10 })
    expect(wire.problems).toEqual([])
    expect(url).toBe('https://pay.coinbase.com/buy/select-asset?appId=x')
  })
})

/** The generator's fixture body on the localnet's own on-ramp network and currency (the hosted one takes Coinbase's names). */
const onrampBody = () => {
  const body = structuredClone(fixture('blockchain/onramp-url').request.body) as { destinationWallets: { blockchains: string[]; assets: string[] }[]; defaultNetwork: string }
  body.destinationWallets[0]!.blockchains = [evmOnrampNetwork(31337)]
  body.destinationWallets[0]!.assets = ['HUSD']
  body.defaultNetwork = evmOnrampNetwork(31337)
  return body
}

describe('blockchain service: the emulator', () => {
  it('answers history, identity, swap tokens and the URL generator in the hosted shapes', async () => {
    // Identity: an address the emulator names (IDENTITIES), so its answer has a name.
    const overrides: Record<string, Parameters<typeof askEmulator>[2]> = { identity: { path: `/v1/identity/${ACCOUNT}` }, 'onramp-url': { body: onrampBody() } }
    for (const name of ['history', 'identity', 'convert-tokens', 'onramp-url']) {
      const f = fixture(`blockchain/${name}`)
      const answer = await askEmulator(blockchainUrl, f, overrides[name])
      expect(answer.status, name).toBe(f.response.status)
      expect(shapeProblems(answer.body, f.response.body), name).toEqual([])
    }
  })
  it('lists smart sessions in the hosted shape', async () => {
    const f = fixture('blockchain/sessions')
    // An account of its own, so no other test's sessions are touched.
    const account = `eip155:31337:0x${'5e'.repeat(20)}`
    const added = await fetch(`${blockchainUrl}/localnet/sessions`, { method: 'POST', body: JSON.stringify({ account, permissions: [{ type: 'contract-call', data: { address: ACCOUNT } }] }) })
    expect(added.status).toBe(200)
    const answer = await askEmulator(blockchainUrl, f, { path: `/v1/sessions/${account}` })
    expectAnswerFits(answer, f)
    expect((answer.body as { pcis: unknown[] }).pcis).toHaveLength(1)
  })
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
