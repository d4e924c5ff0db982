import { describe, expect, it } from 'vitest'
import { LOCALNET } from '../../tests/unit/fixtures.js'
import { virtualTime, type VirtualTime } from '../../tests/unit/virtual-time.js'
import type { RpcCall } from '../chains/json-rpc.js'
import { createChainAccess } from './chain-access.js'

const SOLANA = { ...LOCALNET, id: 'Gang', caipNetworkId: 'solana:GangwayLocaLnet11111111111111111' as const, chainNamespace: 'solana' as const, name: 'Solana Localnet' }

/** Chain access on virtual time over a node whose signature status turns `confirmed` once `confirmedAtMs` (virtual) has come; records when it was asked. */
function solanaNode(time: VirtualTime, confirmedAtMs = Infinity) {
  const asked: number[] = []
  const rpc = {
    async request(_url: string, call: RpcCall) {
      expect(call.method).toBe('getSignatureStatuses')
      asked.push(time.elapsed())
      return { value: [time.elapsed() >= confirmedAtMs ? { err: null, confirmationStatus: 'confirmed' } : null] }
    },
  }
  const chains = createChainAccess(() => [SOLANA], rpc, () => ({ projectId: 'p' }), { clock: time.clock, scheduler: time.scheduler })
  return { asked, chains }
}

describe('chain access on injected time', () => {
  it('polls a Solana signature every 400 virtual ms until it is confirmed', async () => {
    const time = virtualTime()
    const { asked, chains } = solanaNode(time, 1200)
    let done = false
    const waiting = chains.waitForReceipt(SOLANA.caipNetworkId, 'sig').then(() => (done = true))
    await time.advance(1199)
    expect(asked).toEqual([0, 400, 800])
    expect(done).toBe(false)
    await time.advance(1)
    await waiting
    expect(asked).toEqual([0, 400, 800, 1200])
  })

  it("gives up with 'Transaction not found' once the clock is past the timeout, not before", async () => {
    const time = virtualTime()
    const { asked, chains } = solanaNode(time)
    let outcome: unknown
    const waiting = chains.waitForReceipt(SOLANA.caipNetworkId, 'sig', { timeoutMs: 2000 }).catch((error: unknown) => (outcome = error))
    await time.advance(2399)
    expect(outcome).toBeUndefined()
    await time.advance(1)
    await waiting
    expect(outcome).toEqual(new Error('Transaction not found'))
    expect(asked).toEqual([0, 400, 800, 1200, 1600, 2000, 2400])
  })
})
