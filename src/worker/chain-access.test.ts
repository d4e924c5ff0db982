import { describe, expect, it } from 'vitest'
import { LOCALNET } from '../../tests/unit/fixtures.js'
import { virtualTime, type VirtualTime } from '../../tests/unit/virtual-time.js'
import type { RpcCall } from '../chains/json-rpc.js'
import { createChainAccess } from './chain-access.js'
import { TransactionNotFoundError } from '../events/engine-errors.js'

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
    expect(outcome).toBeInstanceOf(TransactionNotFoundError)
    expect(outcome).toMatchObject({ message: 'Transaction not found', category: 'API_ERROR' })
    expect(asked).toEqual([0, 400, 800, 1200, 1600, 2000, 2400])
  })

  it("stops with 'Transaction no longer followed' once the transaction is out of the followed ones (docs/behaviour.md §9)", async () => {
    const time = virtualTime()
    const { asked, chains } = solanaNode(time)
    let followed = true
    let outcome: unknown
    const waiting = chains.waitForReceipt(SOLANA.caipNetworkId, 'sig', { followed: () => followed }).catch((error: unknown) => (outcome = error))
    await time.advance(800)
    expect(outcome).toBeUndefined()
    followed = false
    await time.advance(400)
    await waiting
    expect(outcome).toBeInstanceOf(TransactionNotFoundError)
    expect(outcome).toMatchObject({ message: 'Transaction no longer followed', category: 'API_ERROR' })
    expect(asked).toEqual([0, 400, 800, 1200])
  })
})

describe('a Solana node’s numbers are checked where they enter', () => {
  it('takes a balance and a slot that are whole numbers, and refuses anything else', async () => {
    let answer: unknown
    const rpc = { request: async () => answer }
    const chains = createChainAccess(() => [SOLANA], rpc, () => ({ projectId: 'p' }), { clock: Date.now, scheduler: virtualTime().scheduler })
    answer = { value: 1_500_000_000 }
    expect(await chains.nativeBalance(SOLANA.caipNetworkId, 'Gang')).toEqual({ value: '1500000000', decimals: 18, symbol: 'ETH' })
    answer = 42
    expect(await chains.blockNumber(SOLANA.caipNetworkId)).toBe('42')
    for (const bad of [{ value: 'lots' }, { value: -1 }, { value: 1.5 }, {}, null]) {
      answer = bad
      await expect(chains.nativeBalance(SOLANA.caipNetworkId, 'Gang')).rejects.toThrow('Malformed getBalance answer')
    }
    answer = '42'
    await expect(chains.blockNumber(SOLANA.caipNetworkId)).rejects.toThrow('Malformed getSlot answer')
  })
})
