/**
 * The name service's contract (docs/services.md): the client and the emulator against the real
 * service's answers, recorded from reown-com/blockchain-api (fixtures/names/*.json).
 */
import { describe, expect, inject, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { nameClient, nameCoinType, nameRegistrationMessage } from '../../src/api/names.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'
import { answering, askEmulator, expectAnswerFits, fixture } from './contract.js'

const blockchainUrl = inject('blockchainUrl')
const client = (fetch: typeof globalThis.fetch) => nameClient(createServiceFetch({ services: { blockchain: 'https://rpc.example' }, projectId: 'contract-test', fetch }))
/** Anvil's second dev account. */
const SAILOR = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

describe('name service', () => {
  it("an unknown name: 200 [] with apiVersion=2, which the client reads as 'Name not found'", async () => {
    const f = fixture('names/lookup-unknown')
    const wire = answering(f)
    await expect(client(wire.fetch).lookupName('nobody-sails-here.reown.id')).rejects.toMatchObject({ message: 'Name not found' })
    expect(wire.problems).toEqual([])
    const answer = await askEmulator(blockchainUrl, f)
    expectAnswerFits(answer, f)
    expect(answer.body).toEqual([])
  })
  it('a registration: the checksummed address signs the payload, and the answer is the registered record', async () => {
    const f = fixture('names/register')
    const wire = answering(f)
    const message = nameRegistrationMessage('contract', Math.floor(Date.now() / 1000))
    await expect(client(wire.fetch).registerName({ coinType: nameCoinType(31337), address: SAILOR.address.toLowerCase(), message, signature: `0x${'ab'.repeat(65)}` })).resolves.toBeUndefined()
    expect(wire.problems).toEqual([])
    expect((wire.sent[0]!.body as { address: string }).address).toBe(SAILOR.address)

    const label = `contract-${Date.now().toString(36)}`
    const signed = nameRegistrationMessage(label, Math.floor(Date.now() / 1000))
    const body = { coin_type: nameCoinType(31337), address: SAILOR.address, message: signed, signature: await SAILOR.signMessage({ message: signed }) }
    const answer = await askEmulator(blockchainUrl, f, { body })
    expectAnswerFits(answer, f)
    expect(answer.body).toMatchObject({ name: `${label}.reown.id`, addresses: { [String(nameCoinType(31337))]: { address: SAILOR.address } } })
  })
})
