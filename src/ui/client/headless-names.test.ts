/** headless-names.ts: suggestions asked with RegisterAccountName's intent; a registration settled on the names model (registered, failed, refused in the wallet). */
import { signal, type Signal } from '@preact/signals-core'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Intent, NamesModel } from '../../contract.js'
import { headlessNames } from './headless-names.js'

const idle: NamesModel = { canChoose: true, zone: 'reown.id', label: '', suggestions: [], loading: false }
let intents: Intent[]
let names: Signal<NamesModel>
/** What the name service and the wallet answer, as the model's end of the registration. */
let answer: (label: string) => Partial<NamesModel>

const dispatch = async (intent: Intent) => {
  intents.push(intent)
  if (intent.type !== 'name/register-requested') return
  const { label } = intent.payload
  names.value = { ...names.value, registering: label, error: undefined }
  setTimeout(() => (names.value = { ...names.value, registering: undefined, ...answer(label) }))
}

beforeEach(() => {
  intents = []
  names = signal(idle)
  answer = () => ({})
})

describe('the headless names', () => {
  it('asks for suggestions with the label as typed', async () => {
    await headlessNames(names, dispatch).suggestNames('alic')
    expect(intents).toEqual([{ type: 'name/suggestions-requested', payload: { label: 'alic' } }])
  })

  it('registers a label or a full name in the zone and resolves with the full name', async () => {
    answer = (label) => ({ registered: `${label}.reown.id` })
    const { registerName } = headlessNames(names, dispatch)
    await expect(registerName('alice')).resolves.toBe('alice.reown.id')
    await expect(registerName('bobby.reown.id')).resolves.toBe('bobby.reown.id')
    expect(intents.map((i) => i.payload)).toEqual([{ label: 'alice' }, { label: 'bobby' }])
  })

  it('rejects with the service’s failure, and as a wallet refusal when the visitor did not sign (an earlier name registered is not this one)', async () => {
    names.value = { ...idle, registered: 'earlier.reown.id' }
    const { registerName } = headlessNames(names, dispatch)
    answer = () => ({ error: 'Name already taken' })
    await expect(registerName('alice')).rejects.toMatchObject({ name: 'GangwayError', message: 'Name already taken', category: 'API_ERROR' })
    answer = () => ({ error: undefined })
    await expect(registerName('alice')).rejects.toMatchObject({ name: 'UserRejectedError', code: 4001, message: 'Error registering name alice.reown.id' })
  })
})
