/**
 * The localnet's name registry (localnet/services/names.ts, issue 20) without a chain: its checks of a
 * registration, answered through the name client (src/api/names.ts) so both agree on the paths and
 * shapes. Signatures are real (anvil's dev keys through viem's local accounts); the registry's
 * verification is viem's `verifyMessage` action on a client whose node is down, where an EOA's
 * signature still verifies by ECDSA recovery and any other is not verified. Contract accounts
 * (EIP-1271, ERC-6492) verify against anvil in tests/e2e/names-service.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { createPublicClient, custom, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { coinTypeChainId, createNameRegistry, NAME_REFUSALS, TIMESTAMP_SKEW_S } from '../../localnet/services/names.js'
import { nameClient, nameCoinType, nameRegistrationMessage, type NameRegistration } from '../../src/api/names.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'

const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8d8999145eb5ca2b2d')
const bob = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const NOW_MS = 1_763_900_000_000
const NOW_S = NOW_MS / 1000

/** A registry serving chains 31337 and 31338 (their node down) at a fixed clock, and the name client over it (no HTTP). */
function setup() {
  let clock = NOW_MS
  const down = () => createPublicClient({ transport: custom({ request: async () => Promise.reject(new Error('node down')) }, { retryCount: 0 }) })
  const registry = createNameRegistry({ chains: [{ chainId: 31337, client: down() }, { chainId: 31338, client: down() }], now: () => clock })
  const api = createServiceFetch({
    services: { blockchain: 'http://names.localnet' },
    projectId: 'p',
    fetch: async (input, init) => {
      const u = new URL(String(input))
      const a = await registry.route(init?.method ?? 'GET', u.pathname, u.searchParams, async () => String(init?.body))
      return a ? new Response(JSON.stringify(a.body), { status: a.status }) : new Response('{}', { status: 404 })
    },
  })
  return { registry, client: nameClient(api), setClock: (ms: number) => void (clock = ms) }
}

/** A registration of `label` by `account` on `chainId`, signed at `timestamp` (seconds). */
async function signed(account: typeof alice, label: string, o: { chainId?: number; timestamp?: number; message?: string } = {}): Promise<NameRegistration> {
  const message = o.message ?? nameRegistrationMessage(label, o.timestamp ?? NOW_S)
  return { coinType: nameCoinType(o.chainId ?? 31337), address: account.address, message, signature: await account.signMessage({ message }) }
}

/** The message the client's registration fails with, or 'registered'. */
async function outcome(client: ReturnType<typeof setup>['client'], r: NameRegistration): Promise<string> {
  return client.registerName(r).then(() => 'registered', (e: Error) => e.message)
}

describe('localnet name registry', () => {
  it('registers an EOA-signed name, then looks it up, lists it for the address, marks it taken and names the address by it', async () => {
    const { registry, client } = setup()
    expect(await outcome(client, await signed(alice, 'Alice'))).toBe('registered')
    expect(await client.lookupName('alice.reown.id')).toEqual({ name: 'alice.reown.id', addresses: { '2147514985': alice.address }, attributes: {} })
    expect(await client.reverseLookup(alice.address.toLowerCase())).toEqual(['alice.reown.id'])
    expect(await client.reverseLookup(bob.address)).toEqual([])
    expect(await client.suggestNames('alice')).toEqual([
      { name: 'alice.reown.id', registered: true },
      { name: 'alice1.reown.id', registered: false },
      { name: 'alice42.reown.id', registered: false },
      { name: 'alice-x.reown.id', registered: false },
      { name: 'alice-id.reown.id', registered: false },
    ])
    // A second name is the newest: the identity answer names the address by it.
    expect(await outcome(client, await signed(alice, 'alice-two', { chainId: 31338 }))).toBe('registered')
    expect(registry.nameOf(alice.address.toLowerCase())).toBe('alice-two.reown.id')
    expect(await client.reverseLookup(alice.address)).toEqual(['alice-two.reown.id', 'alice.reown.id'])
    expect(registry.nameOf(bob.address)).toBeUndefined()
    await expect(client.lookupName('nobody.reown.id')).rejects.toThrow('Name not found')
  })

  it('refuses a name already taken, whoever asks and in whatever case; of two at once, one wins', async () => {
    const { client } = setup()
    expect(await outcome(client, await signed(alice, 'harbour'))).toBe('registered')
    expect(await outcome(client, await signed(bob, 'HARBOUR'))).toBe('Name is already registered: harbour.reown.id')
    const both = await Promise.all([signed(alice, 'dock'), signed(bob, 'dock')].map(async (r) => outcome(client, await r)))
    expect(both.sort()).toEqual(['Name is already registered: dock.reown.id', 'registered'])
    expect(NAME_REFUSALS.taken('dock.reown.id')).toEqual({ status: 400, field: 'name', description: 'Name is already registered: dock.reown.id' })
  })

  it('refuses a signature that is not the address\'s of that message', async () => {
    const { client } = setup()
    const byBob = await signed(bob, 'alice')
    expect(await outcome(client, { ...byBob, address: alice.address })).toBe(NAME_REFUSALS.signature().description)
    const other = await signed(alice, 'alice', { timestamp: NOW_S - 1 })
    expect(await outcome(client, { ...(await signed(alice, 'alice')), signature: other.signature })).toBe('Signature validation error: Signature verification error')
  })

  it(`refuses a timestamp more than ${TIMESTAMP_SKEW_S} s from now, either way`, async () => {
    const { client } = setup()
    expect(await outcome(client, await signed(alice, 'early', { timestamp: NOW_S - 11 }))).toBe(`Signature UNIXTIME timestamp is too old: ${NOW_S - 11}`)
    expect(await outcome(client, await signed(alice, 'later', { timestamp: NOW_S + 11 }))).toBe(NAME_REFUSALS.timestamp(NOW_S + 11).description)
    expect(await outcome(client, await signed(alice, 'edge', { timestamp: NOW_S - 10 }))).toBe('registered')
    expect(await outcome(client, await signed(alice, 'edge-two', { timestamp: NOW_S + 10 }))).toBe('registered')
  })

  it('refuses a coin type of a chain it does not serve: mainnet (60), Base, a bare chain id', async () => {
    const { client } = setup()
    expect(await outcome(client, await signed(alice, 'mainnet', { chainId: 1 }))).toBe('Unsupported coin type: 60')
    expect(await outcome(client, await signed(alice, 'basename', { chainId: 8453 }))).toBe(NAME_REFUSALS.coinType(2147492101).description)
    expect(await outcome(client, { ...(await signed(alice, 'bare')), coinType: 31337 })).toBe(NAME_REFUSALS.coinType(31337).description)
    expect([60, 2147514985, 2147492101, 31337, 0xffffffff, 2 ** 32].map(coinTypeChainId)).toEqual([1, 31337, 8453, undefined, 0x7fffffff, undefined])
  })

  it("checks the message as the server does: its payload, the name's format, length and zone, the attributes", async () => {
    const { registry } = setup()
    const post = async (message: string) => {
      const a = await registry.register(JSON.stringify({ coin_type: nameCoinType(31337), address: alice.address, message, signature: await alice.signMessage({ message }) }))
      const b = a.body as { reasons?: { field: string; description: string }[]; name?: string }
      return b.reasons ? [a.status, b.reasons[0]!.field, b.reasons[0]!.description] : [a.status, b.name]
    }
    const at = NOW_S
    const payload = (o: object) => JSON.stringify({ attributes: {}, timestamp: at, ...o })
    expect(await post('register alice.reown.id')).toEqual([422, '', 'Deserialization error: expected value'])
    expect((await post(JSON.stringify({ name: 'alice.reown.id', attributes: [], timestamp: at })))[0]).toBe(422)
    expect((await post(JSON.stringify({ name: 'alice.reown.id', attributes: {}, timestamp: String(at) })))[0]).toBe(422)
    expect((await post(payload({ name: 'alice.reown.id', attributes: { bio: 'sailor', n: 1 } })))[0]).toBe(422)
    expect(await post(payload({ name: 'Alice.reown.id' }))).toEqual([400, 'name', 'Invalid name format: Alice.reown.id'])
    expect(await post(payload({ name: 'al_ce.reown.id' }))).toEqual([400, 'name', 'Invalid name format: al_ce.reown.id'])
    expect(await post(payload({ name: 'alice.eth' }))).toEqual([400, 'name', 'Invalid name length: alice.eth'])
    expect(await post(payload({ name: 'al.reown.id' }))).toEqual([400, 'name', 'Invalid name length: al.reown.id'])
    expect(await post(payload({ name: `${'a'.repeat(65)}.reown.id` }))).toEqual([400, 'name', `Invalid name length: ${'a'.repeat(65)}.reown.id`])
    expect(await post(payload({ name: 'alice.other.id' }))).toEqual([400, 'name', 'Name is not in the allowed zones: alice.other.id'])
    expect(await post(payload({ name: 'alice.reown.id', attributes: { mood: 'calm' } }))).toEqual([400, 'attributes', 'Unsupported name attribute in payload'])
    // The server's rules, not the views' (which ask at least 4 characters): 3 to 64, attributes optional.
    expect(await post(JSON.stringify({ name: 'bob.reown.id', timestamp: at }))).toEqual([200, 'bob.reown.id'])
    expect(await post(payload({ name: `${'a'.repeat(64)}.reown.id` }))).toEqual([200, `${'a'.repeat(64)}.reown.id`])
    expect(await post(payload({ name: 'alice.reown.id', attributes: { bio: 'sailor' } }))).toEqual([200, 'alice.reown.id'])
    expect(registry.entries().map((e) => [e.name, e.attributes])).toEqual([
      ['bob.reown.id', {}],
      [`${'a'.repeat(64)}.reown.id`, {}],
      ['alice.reown.id', { bio: 'sailor' }],
    ])
  })

  it("refuses a request body as axum does (plain text), and an address or signature that cannot verify with 401", async () => {
    const { registry } = setup()
    const good = await signed(alice, 'alice')
    const body = { coin_type: good.coinType, address: good.address, message: good.message, signature: good.signature }
    const plain: [string, number, string][] = [
      ['not json', 400, 'Failed to parse the request body as JSON'],
      [JSON.stringify({ ...body, coin_type: String(good.coinType) }), 422, 'Failed to deserialize the JSON body into the target type'],
      [JSON.stringify({ ...body, coin_type: 2 ** 32 }), 422, 'Failed to deserialize the JSON body into the target type'],
      [JSON.stringify({ ...body, message: 'x'.repeat(20_000) }), 413, 'Failed to buffer the request body: length limit exceeded'],
    ]
    for (const [text, status, said] of plain) expect(await registry.register(text), said).toMatchObject({ status, text: said })
    const invalid = NAME_REFUSALS.invalidSignature()
    const refused: [string, { status: number; field: string; description: string }][] = [
      [JSON.stringify({ ...body, signature: 'abc' }), invalid],
      [JSON.stringify({ ...body, address: 'alice.reown.id' }), invalid],
      // The hosted service verifies against the checksummed address only.
      [JSON.stringify({ ...body, address: body.address.toLowerCase() }), invalid],
      [JSON.stringify({ ...body, signature: `0x${'00'.repeat(65)}` as Hex }), NAME_REFUSALS.signature()],
    ]
    for (const [text, r] of refused) {
      expect(await registry.register(text), r.description).toEqual({ status: r.status, body: { status: 'FAILED', reasons: [{ field: r.field, description: r.description }] } })
    }
    expect(registry.entries()).toEqual([])
  })

  it('answers suggestions, lookups and reverse lookups with the server\'s checks; nothing for other paths', async () => {
    const { registry } = setup()
    const get = (path: string, query = '') => registry.route('GET', path, new URLSearchParams(query), async () => '')
    expect(await get('/v1/profile/suggestions/alice', 'zone=reown.id')).toMatchObject({ status: 200, body: { suggestions: expect.arrayContaining([{ name: 'alice.reown.id', registered: false }]) } })
    expect(await get('/v1/profile/suggestions/Alice')).toMatchObject({ status: 400, body: { reasons: [{ description: 'Invalid name format: Alice' }] } })
    expect(await get('/v1/profile/suggestions/al')).toMatchObject({ status: 400, body: { reasons: [{ description: 'Invalid name length: al' }] } })
    expect(await get('/v1/profile/suggestions/alice', 'zone=eth')).toEqual({ status: 200, body: { suggestions: [] } })
    // Variants longer than 64 characters are left out.
    expect(((await get(`/v1/profile/suggestions/${'a'.repeat(62)}`))!.body as { suggestions: unknown[] }).suggestions).toHaveLength(4)
    expect(await get('/v1/profile/reverse/harbourmaster.eth')).toMatchObject({ status: 404, body: { reasons: [{ field: 'address', description: 'No name for address is found' }] } })
    expect(await get('/v1/profile/reverse/harbourmaster.eth', 'apiVersion=2')).toEqual({ status: 200, body: [] })
    expect(await get('/v1/profile/account/nobody.reown.id')).toMatchObject({ status: 404, body: { reasons: [{ field: 'name', description: 'Name is not found in the database: nobody.reown.id' }] } })
    expect(await get('/v1/profile/account/nobody.reown.id', 'apiVersion=2')).toEqual({ status: 200, body: [] })
    expect(await get('/v1/profile/account/%E0%A4%A')).toMatchObject({ status: 400 })
    expect(await get('/v1/identity/0xabc')).toBeUndefined()
    expect(await registry.route('DELETE', '/v1/profile/account/alice.reown.id', new URLSearchParams(), async () => '')).toBeUndefined()
  })
})
