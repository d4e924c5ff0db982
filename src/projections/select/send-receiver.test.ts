// The send form's receiver as an address (docs/behaviour.md §3): a name stands for the address it resolved to on the active network only.
import { describe, expect, it } from 'vitest'
import { ADDRESS, connected, log, started } from '../../../tests/unit/fixtures.js'
import { project } from '../state.js'
import { sendReceiver } from './send-receiver.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const typed = ['send/receiver-changed', { receiver: ' Alice.reown.id ' }] as const

describe('the send form’s receiver', () => {
  it('an address is itself; a name is its address on the active network, resolving until then, or why not', () => {
    expect(sendReceiver(project(log(...started(), ...connected, ['send/receiver-changed', { receiver: ADDRESS }])))).toEqual({ address: ADDRESS })
    expect(sendReceiver(project(log(...started(), ...connected, typed)))).toEqual({ name: 'alice.reown.id', problem: 'Resolving name' })
    expect(sendReceiver(project(log(...started(), ...connected, typed, ['name/resolved', { name: 'alice.reown.id', caipNetworkId: 'eip155:31337', address: BOB }])))).toEqual({ name: 'alice.reown.id', address: BOB })
    expect(sendReceiver(project(log(...started(), ...connected, typed, ['name/resolve-failed', { name: 'alice.reown.id', message: 'Name not found' }])))).toEqual({ name: 'alice.reown.id', problem: 'Name not found' })
  })

  it("an address resolved for another network is not this one's", () => {
    const s = project(log(...started(), ...connected, typed, ['name/resolved', { name: 'alice.reown.id', caipNetworkId: 'eip155:31338', address: BOB }]))
    expect(sendReceiver(s)).toEqual({ name: 'alice.reown.id', problem: 'Resolving name' })
  })
})
