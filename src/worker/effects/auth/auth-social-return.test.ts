// The end of a Telegram social login's wait (docs/behaviour.md §4, §9 SOCIAL_LOGIN_TTL_MS), through the
// engine on virtual time with a log kept across "reloads": left unfinished it expires after 10 minutes;
// an answer taken or refused ends it; and it stays ended on the next page (the ending is shared).
import { describe, expect, it } from 'vitest'
import { ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until } from '../../../../tests/unit/engine-until.js'
import { virtualTime, type VirtualTime } from '../../../../tests/unit/virtual-time.js'
import type { Bridge, Engine } from '../../../contract.js'
import { SOCIAL_RETURN_REFUSED } from '../../../events/kernel/errors.js'
import { SOCIAL_LOGIN_TTL_MS } from '../../../events/kernel/limits.js'
import { memoryLogStorage } from '../../../events/log/memory-storage.js'
import { parseLog } from '../../../events/log/ndjson.js'
import type { LogStorage } from '../../../events/log/log.js'
import { createEngine } from '../../engine.js'

const DISCORD_USER = { userName: 'harbour', socialProvider: 'discord', address: ADDRESS, chainId: 'eip155:31337', preferredAccountType: 'eoa', smartAccountDeployed: false, accounts: [{ address: ADDRESS, type: 'eoa' }] }

/** The auth connector's page side: the user once asked for, nothing else. */
const bridge: Bridge = {
  async request(id, args) {
    if (id !== 'AUTH') throw new Error(`no connector ${id}`)
    return args.method === 'gangway_auth_getUser' ? DISCORD_USER : {}
  },
  watch: () => undefined,
}

/** A page life of the site: an engine on `storage` and virtual `time`. */
async function page(storage: LogStorage, time: VirtualTime): Promise<Engine> {
  const engine = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }), storage: () => storage, clock: time.clock, scheduler: time.scheduler })
  await engine.start({ projectId: 'test', networks: [LOCALNET], services: { secureSite: 'https://secure.example' } }, bridge)
  return engine
}

/** A page that left for discord's page in Telegram (the provider kept in the log), then closed. */
async function leftForDiscord(storage: LogStorage, time: VirtualTime): Promise<void> {
  const first = await page(storage, time)
  await first.dispatch({ type: 'modal/open-requested', payload: { isMobile: true } })
  await first.dispatch({ type: 'auth/social-requested', payload: { provider: 'discord' } })
  await first.dispatch({ type: 'auth/telegram-social-started', payload: { provider: 'discord' } })
  await first.stop()
}

const ended = async (engine: Engine) =>
  parseLog(await engine.exportLog())
    .events.filter((e) => e.type === 'auth/telegram-social-ended')
    .map((e) => e.payload)

describe('the Telegram social login’s wait', () => {
  it('left unfinished, it ends as expired 10 minutes after it started, also on a page opened meanwhile; an answer is refused from then on and the next page does not wait', async () => {
    const storage = memoryLogStorage()
    const time = virtualTime()
    await leftForDiscord(storage, time)
    await time.advance(4 * 60_000)
    const later = await page(storage, time)
    expect((await later.getState()).auth).toMatchObject({ telegramProvider: 'discord', telegramStartedAt: time.clock() - 4 * 60_000 })
    await time.advance(SOCIAL_LOGIN_TTL_MS - 4 * 60_000 - 1)
    expect((await later.getState()).auth.telegramProvider).toBe('discord')
    await time.advance(1)
    await until(later, (s) => s.auth.telegramProvider === undefined)
    expect(await ended(later)).toEqual([{ provider: 'discord', reason: 'expired' }])
    await expect(later.dispatch({ type: 'auth/social-result-received', payload: { provider: 'discord' } })).rejects.toThrow('No login under way')
    await later.stop()
    const next = await page(storage, time)
    expect((await next.getState()).auth.telegramProvider).toBeUndefined()
    await next.stop()
  })

  it('a page opened after the lifetime refuses the answer at once, and ends the wait when its timer runs', async () => {
    const storage = memoryLogStorage()
    const time = virtualTime()
    await leftForDiscord(storage, time)
    // The clock moves on with nothing running (the visitor away): the timer of the page that left died with it.
    const late = virtualTime(time.clock() + SOCIAL_LOGIN_TTL_MS)
    const back = await page(storage, late)
    await expect(back.dispatch({ type: 'auth/social-result-received', payload: { provider: 'discord' } })).rejects.toThrow('No login under way')
    await late.advance(0)
    await until(back, (s) => s.auth.telegramProvider === undefined)
    expect(await ended(back)).toEqual([{ provider: 'discord', reason: 'expired' }])
    await back.stop()
  })

  it('its answer taken within the lifetime connects and ends the wait as returned: the next page waits no more', async () => {
    const storage = memoryLogStorage()
    const time = virtualTime()
    await leftForDiscord(storage, time)
    await time.advance(SOCIAL_LOGIN_TTL_MS - 1)
    const back = await page(storage, time)
    await back.dispatch({ type: 'auth/social-result-received', payload: { provider: 'discord' } })
    await back.dispatch({ type: 'auth/social-connected', payload: { provider: 'discord' } })
    await until(back, (s) => s.connection.connectorIds.eip155 === 'AUTH' && s.auth.telegramProvider === undefined)
    expect(await ended(back)).toEqual([{ provider: 'discord', reason: 'returned' }])
    await back.stop()
    const next = await page(storage, time)
    const s = await next.getState()
    expect(s.auth.telegramProvider).toBeUndefined()
    await time.advance(SOCIAL_LOGIN_TTL_MS)
    expect(await ended(next)).toEqual([{ provider: 'discord', reason: 'returned' }])
    await next.stop()
  })

  it('an answer refused by the page ends the wait as refused and shows the message in the opened modal; with nothing waiting, the message alone', async () => {
    const storage = memoryLogStorage()
    const time = virtualTime()
    await leftForDiscord(storage, time)
    const back = await page(storage, time)
    expect((await back.getState()).modal.open).toBe(false)
    await back.dispatch({ type: 'auth/social-return-refused', payload: { reason: 'mismatch' } })
    let s = await until(back, (x) => x.snackbar.open && x.auth.telegramProvider === undefined)
    expect([s.modal.open, s.modal.view, s.snackbar]).toEqual([true, 'Connect', { open: true, variant: 'error', message: SOCIAL_RETURN_REFUSED }])
    expect(await ended(back)).toEqual([{ provider: 'discord', reason: 'refused' }])
    await expect(back.dispatch({ type: 'auth/social-result-received', payload: { provider: 'discord' } })).rejects.toThrow('No login under way')
    await back.stop()

    const other = await page(memoryLogStorage(), time)
    await other.dispatch({ type: 'auth/social-return-refused', payload: { reason: 'not-started' } })
    s = await until(other, (x) => x.snackbar.open)
    expect([s.modal.open, s.snackbar.message]).toEqual([true, SOCIAL_RETURN_REFUSED])
    expect(await ended(other)).toEqual([])
    await expect(other.dispatch({ type: 'auth/social-return-refused', payload: { reason: 'stolen' } } as never)).rejects.toThrow('Invalid intent payload')
    await other.stop()
  })
})
