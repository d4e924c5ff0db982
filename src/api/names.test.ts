import { describe, expect, it } from 'vitest'
import { GangwayError } from '../events/kernel/errors.js'
import { isValidNameLabel, nameClient, nameCoinType, nameRegistrationMessage, NAME_ZONE, firstReason } from './names.js'
import { createServiceFetch } from './service-fetch.js'

interface Sent {
  method: string
  path: string
  params: Record<string, string>
  body?: unknown
}

/** A name client over a stubbed fetch answering `answer` (a body and a status, or a thrown error); every request recorded. */
function stubbed(answer: (sent: Sent) => { status?: number; body?: unknown } | Error, o: { timeoutMs?: number } = {}) {
  const sent: Sent[] = []
  const api = createServiceFetch({
    services: { blockchain: 'https://bc.example' },
    projectId: 'p1',
    ...o,
    fetch: async (input, init) => {
      const u = new URL(String(input))
      const s: Sent = { method: init?.method ?? 'GET', path: u.pathname, params: Object.fromEntries(u.searchParams), ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) }
      sent.push(s)
      const a = answer(s)
      if (a instanceof Error) throw a
      return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status ?? 200 })
    },
  })
  return { client: nameClient(api), sent }
}

/** The GangwayError a call rejects with. */
async function failure(p: Promise<unknown>): Promise<GangwayError> {
  const error = await p.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(GangwayError)
  return error as GangwayError
}

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const common = { projectId: 'p1', st: 'gangway', sv: 'html-universal-0.1.0' }
const reasons = (description: unknown) => ({ reasons: [{ field: 'name', description }, { description: 'second' }] })

describe('the §5 name rule and the zone', () => {
  it('a label has at least 4 characters, only letters, digits and hyphens', () => {
    for (const ok of ['alice', 'Al1c', 'a-b-', '----', '1234', 'x'.repeat(55)]) expect(isValidNameLabel(ok), ok).toBe(true)
    for (const bad of ['', 'abc', 'al ce', 'alice.reown', 'al_ce', 'álice', 'alice!', 'x'.repeat(56)]) expect(isValidNameLabel(bad), bad).toBe(false)
    expect(NAME_ZONE).toBe('reown.id')
  })
})

describe('nameRegistrationMessage', () => {
  it('is the JSON text of the name in the zone (lowercase), no attributes, the timestamp in seconds', () => {
    expect(nameRegistrationMessage('Alice-7', 1_763_900_000)).toBe('{"name":"alice-7.reown.id","attributes":{},"timestamp":1763900000}')
  })
  it('refuses a label outside the rule and a timestamp that is not whole seconds', () => {
    expect(() => nameRegistrationMessage('bob', 1)).toThrow('A name has at least 4 characters: letters, digits and hyphens')
    expect(() => nameRegistrationMessage('al"ce', 1)).toThrow(GangwayError)
    for (const t of [1.5, -1, Number.NaN, 2 ** 60]) expect(() => nameRegistrationMessage('alice', t)).toThrow(`Invalid timestamp: ${t}`)
  })
})

describe('nameCoinType (ENSIP-11 through viem)', () => {
  it('is 60 for mainnet and 0x80000000 | chainId, unsigned, for other EVM chains', () => {
    expect(nameCoinType(1)).toBe(60)
    expect(nameCoinType(31337)).toBe(2147514985)
    expect(nameCoinType(8453)).toBe(2147492101)
    expect(nameCoinType(0x7fffffff)).toBe(0xffffffff)
    // What `0x80000000 | chainId` alone gives in JS: a negative number.
    expect(0x80000000 | 31337).toBeLessThan(0)
  })
  it('refuses chain ids outside 0…0x7fffffff and fractions', () => {
    for (const id of [-1, 0x80000000, 1.5, Number.NaN]) expect(() => nameCoinType(id), String(id)).toThrow(/chain/i)
  })
})

describe('lookupName', () => {
  it('asks GET /v1/profile/account/{name} with apiVersion=2 and reads addresses by coin type and attributes', async () => {
    const { client, sent } = stubbed(() => ({
      body: {
        name: 'alice.reown.id',
        registered: 1763900000,
        addresses: { '60': { address: ALICE, created: 'x' }, '2147514985': { address: ALICE.toLowerCase() } },
        attributes: { bio: 'sailor', avatar: 'https://img.example/a.png' },
      },
    }))
    expect(await client.lookupName('Alice.Reown.ID')).toEqual({
      name: 'alice.reown.id',
      addresses: { '60': ALICE, '2147514985': ALICE.toLowerCase() },
      attributes: { bio: 'sailor', avatar: 'https://img.example/a.png' },
    })
    expect(sent).toEqual([{ method: 'GET', path: '/v1/profile/account/alice.reown.id', params: { apiVersion: '2', ...common } }])
  })
  it('bounds a hostile answer: bad coin types and addresses dropped, at most 20 of each, attribute values cut to 256, no prototype keys', async () => {
    const addresses: Record<string, unknown> = { '060': { address: ALICE }, '4294967296': { address: ALICE }, '-1': { address: ALICE }, abc: { address: ALICE }, '61': { address: 'not an address' }, '62': ALICE, '63': { address: `${ALICE}00` } }
    for (let i = 0; i < 500; i++) addresses[String(1000 + i)] = { address: ALICE }
    const attributes: Record<string, unknown> = { bio: 'b'.repeat(5000), n: 5, o: { x: 1 }, ['k'.repeat(65)]: 'long key' }
    for (let i = 0; i < 500; i++) attributes[`a${i}`] = 'v'
    const text = JSON.stringify({ name: 'alice.reown.id', addresses, attributes }).replace('{"bio"', '{"__proto__":{"polluted":"yes"},"bio"')
    const client = nameClient(createServiceFetch({ services: { blockchain: 'https://bc.example' }, projectId: 'p', fetch: async () => new Response(text) }))
    const profile = await client.lookupName('alice.reown.id')
    // The first 20 entries in key order (integer keys first: 61, 62 and 63, malformed, then 1000…1016).
    expect(Object.keys(profile.addresses)).toEqual(Array.from({ length: 17 }, (_, i) => String(1000 + i)))
    const onlyBad = stubbed(() => ({ body: { name: 'alice.reown.id', addresses: { '060': { address: ALICE }, '4294967296': { address: ALICE }, '-1': { address: ALICE }, abc: { address: ALICE }, '61': { address: 'x' }, '62': ALICE } } }))
    expect((await onlyBad.client.lookupName('alice.reown.id')).addresses).toEqual({})
    expect(profile.attributes.bio).toBe('b'.repeat(256))
    expect(Object.keys(profile.attributes)).toHaveLength(1 + 16)
    expect(Object.getPrototypeOf(profile.attributes)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
  it("'Name not found' on the hosted answer for an unknown name with apiVersion=2: 200 []", async () => {
    expect(await failure(stubbed(() => ({ body: [] })).client.lookupName('alice.reown.id'))).toMatchObject({ message: 'Name not found', category: 'API_ERROR' })
    // Any other list is no record.
    expect((await failure(stubbed(() => ({ body: [{ name: 'alice.reown.id' }] })).client.lookupName('alice.reown.id'))).message).toBe('Error resolving name')
  })
  it("'Name not found' on a 404, with or without a reason", async () => {
    for (const body of [undefined, reasons('No such name')]) {
      const e = await failure(stubbed(() => ({ status: 404, body })).client.lookupName('alice.reown.id'))
      expect(e).toMatchObject({ message: 'Name not found', category: 'API_ERROR', details: 'Status 404' })
    }
  })
  it("the service's first reason on another error status, else 'Bad response status'", async () => {
    expect((await failure(stubbed(() => ({ status: 500, body: reasons('Resolver unavailable') })).client.lookupName('alice.reown.id'))).message).toBe('Resolver unavailable')
    for (const body of [undefined, { reasons: [] }, { reasons: [{ description: '' }] }, { reasons: [{ description: 7 }] }, { error: 'x' }]) {
      expect((await failure(stubbed(() => ({ status: 503, body })).client.lookupName('alice.reown.id'))).message).toBe('Bad response status')
    }
  })
  it("'Error resolving name' on a network failure, the timeout, a malformed answer or an answer for another name", async () => {
    const cases: (() => { status?: number; body?: unknown } | Error)[] = [
      () => new TypeError('fetch failed'),
      () => ({ body: ['not', 'a', 'record'] }),
      () => ({ body: { name: 'bob1.reown.id', addresses: {} } }),
      () => ({ body: { name: 'alice.eth', addresses: {} } }),
      () => ({}),
    ]
    for (const answer of cases) expect((await failure(stubbed(answer).client.lookupName('alice.reown.id'))).message).toBe('Error resolving name')
    const slow = nameClient(createServiceFetch({ services: { blockchain: 'https://bc.example' }, projectId: 'p', timeoutMs: 10, fetch: (_u, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) }))
    expect(await failure(slow.lookupName('alice.reown.id'))).toMatchObject({ message: 'Error resolving name', details: 'The request took too long to respond.' })
  })
  it("answers 'Name not found' without asking for a name outside the zone or the rule", async () => {
    const { client, sent } = stubbed(() => ({ body: {} }))
    for (const name of ['alice.eth', 'bob.reown.id', 'al_ce.reown.id', 'reown.id', `${'x'.repeat(56)}.reown.id`]) {
      expect(await failure(client.lookupName(name))).toMatchObject({ message: 'Name not found', category: 'INTERNAL_SDK_ERROR' })
    }
    expect(sent).toEqual([])
  })
})

describe('suggestNames', () => {
  it('asks GET /v1/profile/suggestions/{label} with zone=reown.id and reads full names with registered', async () => {
    const { client, sent } = stubbed(() => ({ body: { suggestions: [{ name: 'alice.reown.id', registered: true }, { name: 'ALICE7.reown.id', registered: false }] } }))
    expect(await client.suggestNames('Alice')).toEqual([{ name: 'alice.reown.id', registered: true }, { name: 'alice7.reown.id', registered: false }])
    expect(sent).toEqual([{ method: 'GET', path: '/v1/profile/suggestions/alice', params: { zone: 'reown.id', ...common } }])
  })
  it('bounds a hostile answer: at most 20 looked at, names outside the zone, the rule or 64 characters dropped, duplicates once', async () => {
    const bad = [
      { name: 'alice.eth', registered: false },
      { name: `${'a'.repeat(60)}.reown.id`, registered: false },
      { name: 'al ce.reown.id', registered: false },
      { name: 'alice2.reown.id', registered: 'no' },
      { name: 'alice2.reown.id' },
      'alice3.reown.id',
      { name: 'alice.reown.id', registered: false },
    ]
    const many = Array.from({ length: 5000 }, (_, i) => ({ name: `alice${i}.reown.id`, registered: i % 2 === 0 }))
    const { client } = stubbed(() => ({ body: { suggestions: [{ name: 'alice.reown.id', registered: true }, ...bad, ...many] } }))
    const got = await client.suggestNames('alice')
    expect(got).toEqual([{ name: 'alice.reown.id', registered: true }, ...many.slice(0, 12)])
  })
  it('asks nothing for a label outside the rule', async () => {
    const { client, sent } = stubbed(() => ({ body: { suggestions: [{ name: 'abc.reown.id', registered: false }] } }))
    for (const label of ['abc', 'al ce', '', 'x'.repeat(56)]) expect(await client.suggestNames(label)).toEqual([])
    expect(sent).toEqual([])
  })
  it("the service's first reason, else 'Error fetching name suggestions'", async () => {
    expect((await failure(stubbed(() => ({ status: 400, body: reasons('Zone not supported') })).client.suggestNames('alice'))).message).toBe('Zone not supported')
    for (const answer of [() => ({ status: 404 }), () => ({ status: 500, body: { reasons: 'x' } }), () => new TypeError('fetch failed'), () => ({ body: { suggestions: 'none' } }), () => ({ body: [] })]) {
      expect(await failure(stubbed(answer).client.suggestNames('alice'))).toMatchObject({ message: 'Error fetching name suggestions', category: 'API_ERROR' })
    }
  })
})

describe('reverseLookup', () => {
  it('asks GET /v1/profile/reverse/{address} with sender and apiVersion=2, and reads the names', async () => {
    const { client, sent } = stubbed(() => ({ body: [{ name: 'alice.reown.id', addresses: {} }, { name: 'Alice-Two.reown.id' }] }))
    // Sent checksummed: the hosted service matches the address as stored, case and all.
    expect(await client.reverseLookup(ALICE.toLowerCase())).toEqual(['alice.reown.id', 'alice-two.reown.id'])
    expect(sent).toEqual([{ method: 'GET', path: `/v1/profile/reverse/${ALICE}`, params: { sender: ALICE, apiVersion: '2', ...common } }])
  })
  it('bounds a hostile answer: at most 20 looked at, bad names dropped, duplicates once', async () => {
    const entries = [{ name: 'x'.repeat(10_000) }, { name: 'alice.eth' }, 'bob1.reown.id', { name: 'alice.reown.id' }, { name: 'ALICE.reown.id' }, ...Array.from({ length: 1000 }, (_, i) => ({ name: `n${i}ame.reown.id` }))]
    const got = await stubbed(() => ({ body: entries })).client.reverseLookup(ALICE)
    expect(got).toEqual(['alice.reown.id', ...Array.from({ length: 15 }, (_, i) => `n${i}ame.reown.id`)])
  })
  it('asks nothing for anything but a 0x address (names are EVM only)', async () => {
    const { client, sent } = stubbed(() => ({ body: [{ name: 'alice.reown.id' }] }))
    for (const a of ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', '0x1234', `${ALICE}/../x`]) expect(await client.reverseLookup(a)).toEqual([])
    expect(sent).toEqual([])
  })
  it("the service's first reason, else 'Error fetching names for address' (a 404 included)", async () => {
    expect((await failure(stubbed(() => ({ status: 429, body: reasons('Slow down') })).client.reverseLookup(ALICE))).message).toBe('Slow down')
    for (const answer of [() => ({ status: 404 }), () => ({ status: 500 }), () => new TypeError('fetch failed'), () => ({ body: { names: [] } })]) {
      expect((await failure(stubbed(answer).client.reverseLookup(ALICE))).message).toBe('Error fetching names for address')
    }
  })
})

describe('registerName', () => {
  const message = nameRegistrationMessage('alice', 1_763_900_000)
  const registration = { coinType: nameCoinType(31337), address: ALICE, message, signature: `0x${'ab'.repeat(65)}` }

  /** The hosted service's answer to a registration: the registered record (reown-com/blockchain-api src/handlers/profile/register.rs). */
  const RECORD = { name: 'alice.reown.id', registered_at: '2026-11-23T12:13:20Z', updated_at: '2026-11-23T12:13:20Z', attributes: {}, addresses: { '2147514985': { address: ALICE, created_at: '2026-11-23T12:13:20Z' } } }
  it('POSTs /v1/profile/account with coin_type, the checksummed address, message and signature, and resolves on the registered record', async () => {
    const { client, sent } = stubbed(() => ({ body: RECORD }))
    await expect(client.registerName({ ...registration, address: ALICE.toLowerCase() })).resolves.toBeUndefined()
    expect(sent).toEqual([{ method: 'POST', path: '/v1/profile/account', params: common, body: { coin_type: 2147514985, address: ALICE, message, signature: registration.signature } }])
    // A record of another name is no success, and neither is the emulators' old `{ success: true }`.
    for (const body of [{ ...RECORD, name: 'bob.reown.id' }, { success: true }, true]) {
      expect(await failure(stubbed(() => ({ body })).client.registerName(registration))).toMatchObject({ message: 'Error registering name alice.reown.id', details: 'Not registered' })
    }
  })
  it("the service's first reason, of an error status or of an answer that is no success", async () => {
    expect((await failure(stubbed(() => ({ status: 400, body: reasons('Name is already taken') })).client.registerName(registration))).message).toBe('Name is already taken')
    expect((await failure(stubbed(() => ({ body: { success: false, ...reasons('Invalid signature') } })).client.registerName(registration))).message).toBe('Invalid signature')
    const long = await failure(stubbed(() => ({ status: 400, body: reasons(`  Taken\n${'!'.repeat(5000)}`) })).client.registerName(registration))
    expect(long.message).toBe(`Taken ${'!'.repeat(250)}`)
  })
  it("else 'Error registering name {name}'", async () => {
    for (const answer of [() => ({ status: 500 }), () => ({ status: 400, body: { reasons: [{}] } }), () => ({ body: { success: false } }), () => ({ body: { success: 'true' } }), () => ({}), () => new TypeError('fetch failed')]) {
      expect(await failure(stubbed(answer).client.registerName(registration))).toMatchObject({ message: 'Error registering name alice.reown.id', category: 'API_ERROR' })
    }
  })
  it('sends nothing for a registration that is not well formed', async () => {
    const { client, sent } = stubbed(() => ({ body: { success: true } }))
    const bad: [Record<string, unknown>, string, string][] = [
      [{ message: 'not json' }, 'Error registering name', 'Invalid registration: message'],
      [{ message: '{"name":"alice.eth","attributes":{},"timestamp":1}' }, 'Error registering name', 'Invalid registration: message'],
      [{ coinType: -1 }, 'Error registering name alice.reown.id', 'Invalid registration: coinType'],
      [{ coinType: 0x80000000 | 31337 }, 'Error registering name alice.reown.id', 'Invalid registration: coinType'],
      [{ coinType: '60' }, 'Error registering name alice.reown.id', 'Invalid registration: coinType'],
      [{ address: 'alice.reown.id' }, 'Error registering name alice.reown.id', 'Invalid registration: address'],
      [{ signature: '0xabc' }, 'Error registering name alice.reown.id', 'Invalid registration: signature'],
      [{ signature: `0x${'ab'.repeat(10_000)}` }, 'Error registering name alice.reown.id', 'Invalid registration: signature'],
    ]
    for (const [change, message, details] of bad) {
      expect(await failure(client.registerName({ ...registration, ...change } as never))).toMatchObject({ message, details, category: 'INTERNAL_SDK_ERROR' })
    }
    expect(sent).toEqual([])
  })
})

describe('every call', () => {
  it("passes the caller's abort through as it is", async () => {
    const controller = new AbortController()
    const { client } = stubbed(() => {
      controller.abort(new DOMException('view closed', 'AbortError'))
      return new DOMException('aborted', 'AbortError')
    })
    await expect(client.suggestNames('alice', controller.signal)).rejects.toMatchObject({ name: 'AbortError', message: 'view closed' })
  })
  it('firstReason reads only a first description that is a non-empty string', () => {
    expect(firstReason(reasons('Taken'))).toBe('Taken')
    for (const body of [undefined, null, 'Taken', [], { reasons: {} }, { reasons: [null] }, { reasons: [{ description: ' \n ' }] }]) expect(firstReason(body)).toBeUndefined()
  })
})
