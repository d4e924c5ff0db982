// Several wallets at once, through the engine with a fake page bridge: adding and
// replacing connections, switching per class, disconnecting one or all, and restoring them all.
import { WAIT_MS } from '../../../../tests/unit/wait-bound.js'
import { describe, expect, it } from 'vitest'
import { ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until } from '../../../../tests/unit/engine-until.js'
import type { Bridge, Engine, ProviderRequest } from '../../../contract.js'
import { memoryLogStorage } from '../../../events/log/memory-storage.js'
import { parseLog } from '../../../events/log/ndjson.js'
import type { LogStorage } from '../../../events/log/log.js'
import type { State } from '../../../projections/state.js'
import { createEngine } from '../../engine.js'

const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const THIRD = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const LOCAL = 'dev.gangway.localnet'
const OTHER_WALLET = 'io.other'

type Answers = Record<string, unknown | ((args: ProviderRequest) => unknown)>
/** A page with two wallets, each answering by method; every call is recorded as `connector method`. */
function wallets(byConnector: Record<string, Answers> = {}): Bridge & { asked: string[]; watched: string[][] } {
  const defaults: Record<string, Answers> = {
    [LOCAL]: { eth_requestAccounts: [ADDRESS, SECOND], eth_accounts: [ADDRESS, SECOND], eth_chainId: '0x7a69', wallet_revokePermissions: null },
    [OTHER_WALLET]: { eth_requestAccounts: [THIRD], eth_accounts: [THIRD], eth_chainId: '0x7a69', wallet_revokePermissions: null },
  }
  const asked: string[] = []
  const watched: string[][] = []
  return {
    asked,
    watched,
    async request(id, args) {
      asked.push(`${id} ${args.method}`)
      const own = byConnector[id] ?? {}
      const answer = args.method in own ? own[args.method] : defaults[id]?.[args.method]
      return typeof answer === 'function' ? answer(args) : answer
    },
    watch: (ids) => void watched.push(ids),
  }
}

const start = async (bridge: Bridge, multiWallet = true, storage?: LogStorage): Promise<Engine> => {
  const engine = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }), ...(storage ? { storage: () => storage } : {}) })
  await engine.start({ projectId: 'test', networks: [LOCALNET], remoteFeatures: { multiWallet } }, bridge)
  return engine
}
const connect = (engine: Engine, connectorId: string) => engine.dispatch({ type: 'connect/requested', payload: { connectorId, namespace: 'eip155' } })
/** Connects the Localnet Wallet (two accounts), then the other wallet. */
async function both(engine: Engine): Promise<State> {
  await connect(engine, LOCAL)
  await until(engine, (s) => s.connection.connectorIds.eip155 === LOCAL)
  await connect(engine, OTHER_WALLET)
  return until(engine, (s) => s.connection.connectorIds.eip155 === OTHER_WALLET)
}
const typesOf = async (engine: Engine) => parseLog(await engine.exportLog()).events.map((e) => e.type as string)

describe('several wallets at once', () => {
  it('a second wallet is added beside the first; switching to the first asks its wallet silently, never with a prompt', async () => {
    const bridge = wallets()
    const engine = await start(bridge)
    const s = await both(engine)
    expect(s.connections.eip155?.map((c) => [c.connectorId, c.accounts.map((a) => a.address)])).toEqual([[OTHER_WALLET, [THIRD]], [LOCAL, [ADDRESS, SECOND]]])
    expect(bridge.watched.at(-1)).toEqual([LOCAL, OTHER_WALLET].sort())
    bridge.asked.length = 0
    await engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL, address: SECOND } })
    const after = await until(engine, (x) => x.connection.connectorIds.eip155 === LOCAL)
    expect(after.accounts.eip155?.address).toBe(SECOND)
    expect(bridge.asked).toEqual([`${LOCAL} eth_accounts`, `${LOCAL} eth_chainId`])
    expect((await until(engine, (x) => x.snackbar.open)).snackbar).toMatchObject({ variant: 'success', message: 'Wallet switched' })
    // The switched-to account's balance is asked for at once (the modal is closed: no other trigger).
    const asked = parseLog(await engine.exportLog()).events.filter((e) => e.type === 'balance/fetch-requested').map((e) => e.payload.caipAddress)
    expect(asked.at(-1)).toBe(`eip155:31337:${SECOND}`)
    await engine.stop()
  })

  it("an account switch inside the active connection asks no wallet ('Account switched'); an address it does not expose fails and changes nothing", async () => {
    const bridge = wallets()
    const engine = await start(bridge, false)
    await connect(engine, LOCAL)
    await until(engine, (s) => s.accounts.eip155?.address === ADDRESS)
    bridge.asked.length = 0
    await engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL, address: SECOND.toLowerCase() } })
    const s = await until(engine, (x) => x.accounts.eip155?.address === SECOND)
    expect(s.accounts.eip155?.caipAddress).toBe(`eip155:31337:${SECOND}`)
    expect(bridge.asked).toEqual([])
    expect((await until(engine, (x) => x.snackbar.open)).snackbar.message).toBe('Account switched')
    await engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL, address: THIRD } })
    const failed = await until(engine, (x) => x.snackbar.message === 'Failed to switch wallet')
    expect(failed.accounts.eip155?.address).toBe(SECOND)
    expect(await typesOf(engine)).toContain('connection/switch-failed')
    await engine.stop()
  })

  it("with multiWallet off a second wallet replaces the first, and switching to another connection is refused with 'Multi-Wallet Not Enabled'", async () => {
    const engine = await start(wallets(), false)
    const s = await both(engine)
    expect(s.connection.disconnectedConnectorIds.eip155).toEqual([LOCAL])
    const before = await typesOf(engine)
    await expect(engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL } })).rejects.toThrow('Multi-Wallet Not Enabled')
    expect(await typesOf(engine)).toEqual(before)
    await engine.stop()
  })

  it('a switch to a disconnected connection connects again through its wallet; one whose wallet no longer exposes it too', async () => {
    const bridge = wallets({ [LOCAL]: { eth_accounts: [] } })
    const engine = await start(bridge)
    await both(engine)
    await engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL } })
    await until(engine, (x) => x.connection.connectorIds.eip155 === LOCAL)
    expect(bridge.asked.filter((a) => a.startsWith(LOCAL))).toEqual([`${LOCAL} eth_requestAccounts`, `${LOCAL} eth_chainId`, `${LOCAL} eth_accounts`, `${LOCAL} eth_requestAccounts`, `${LOCAL} eth_chainId`])
    await engine.dispatch({ type: 'disconnect/requested', payload: { namespace: 'eip155', connectorId: OTHER_WALLET } })
    await until(engine, (x) => x.connection.disconnectedConnectorIds.eip155?.includes(OTHER_WALLET) === true)
    bridge.asked.length = 0
    await engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: OTHER_WALLET } })
    await until(engine, (x) => x.connection.connectorIds.eip155 === OTHER_WALLET)
    expect(bridge.asked).toEqual([`${OTHER_WALLET} eth_requestAccounts`, `${OTHER_WALLET} eth_chainId`])
    await engine.stop()
  })

  it("disconnecting one connection keeps the others; disconnecting all continues past a wallet that fails, which stays, with one 'Failed to disconnect'", async () => {
    const engine = await start(wallets({ [OTHER_WALLET]: { wallet_revokePermissions: () => Promise.reject(Object.assign(new Error('revoke broke'), { code: -32603 })) } }))
    await both(engine)
    await engine.dispatch({ type: 'disconnect/requested', payload: { namespace: 'eip155', all: true } })
    const s = await until(engine, (x) => x.snackbar.open)
    expect(s.snackbar).toMatchObject({ variant: 'error', message: 'Failed to disconnect' })
    expect(s.connection.connectorIds.eip155).toBe(OTHER_WALLET)
    expect(s.connection.disconnectedConnectorIds.eip155).toEqual([LOCAL])
    expect(s.accounts.eip155?.address).toBe(THIRD)
    const types = await typesOf(engine)
    expect(types.filter((t) => t === 'disconnect/failed')).toHaveLength(1)
    expect(types.filter((t) => t === 'disconnect/succeeded')).toHaveLength(1)
    expect(types.filter((t) => t === 'snackbar/show-requested')).toHaveLength(1)
    await engine.stop()
  })

  it('a connection disconnected while its switch waited for the wallet stays disconnected', async () => {
    let answer!: (accounts: string[]) => void
    const bridge = wallets()
    const engine = await start(bridge)
    await both(engine)
    const slow = wallets({ [LOCAL]: { eth_accounts: () => new Promise((r) => (answer = r)) } })
    bridge.request = slow.request
    await engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL } })
    await engine.dispatch({ type: 'disconnect/requested', payload: { namespace: 'eip155', connectorId: LOCAL } })
    await until(engine, (s) => s.connection.disconnectedConnectorIds.eip155?.includes(LOCAL) === true)
    answer([ADDRESS])
    // The switch's answer came and its chain read was answered; the effect's outcome, if any, follows within a task.
    await until(engine, () => slow.asked.includes(`${LOCAL} eth_chainId`))
    await new Promise((r) => setImmediate(r))
    const s = await engine.getState()
    expect(s.connection.connectorIds.eip155).toBe(OTHER_WALLET)
    expect(s.connection.disconnectedConnectorIds.eip155).toEqual([LOCAL])
    expect(await typesOf(engine)).not.toContain('connection/switched')
    await engine.stop()
  })

  it("a switch must name a connection the namespace has; reconnecting a disconnected one needs the legal checkbox's tick like any connect", async () => {
    const engine = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }) })
    await engine.start({ projectId: 'test', networks: [LOCALNET], remoteFeatures: { multiWallet: true }, features: { legalCheckbox: true } }, wallets())
    await engine.dispatch({ type: 'legal/acceptance-changed', payload: { accepted: true } })
    await both(engine)
    await expect(engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: 'io.nobody' } })).rejects.toThrow('No connector found for connection: io.nobody')
    await engine.dispatch({ type: 'disconnect/requested', payload: { namespace: 'eip155', connectorId: LOCAL } })
    await until(engine, (s) => s.connection.disconnectedConnectorIds.eip155?.includes(LOCAL) === true)
    await engine.dispatch({ type: 'legal/acceptance-changed', payload: { accepted: false } })
    await expect(engine.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL } })).rejects.toThrow('Accept the terms to connect a wallet')
    await engine.stop()
  })

  it("when the active connection goes, the next one's wallet confirms its account and chain, silently", async () => {
    const bridge = wallets({ [LOCAL]: { eth_chainId: '0x7a6a' } })
    const engine = await start(bridge)
    await both(engine)
    bridge.asked.length = 0
    await engine.dispatch({ type: 'disconnect/requested', payload: { namespace: 'eip155', connectorId: OTHER_WALLET } })
    const s = await until(engine, (x) => x.accounts.eip155?.caipAddress === `eip155:31338:${ADDRESS}`)
    expect(s.connection.connectorIds.eip155).toBe(LOCAL)
    expect(s.networks.active.eip155).toBe('eip155:31338')
    expect(bridge.asked).toEqual([`${OTHER_WALLET} wallet_revokePermissions`, `${LOCAL} eth_accounts`, `${LOCAL} eth_chainId`])
    await engine.stop()
  })

  it("a restore still waiting for its wallet does not move back an account the visitor switched to meanwhile", async () => {
    const storage = memoryLogStorage()
    const first = await start(wallets(), true, storage)
    await both(first)
    await first.flush()
    await first.stop()
    // The Localnet Wallet's first chain read (the restore's) waits; later ones (the switch's) answer at once.
    let release!: () => void
    let held = false
    const bridge = wallets({ [LOCAL]: { eth_chainId: () => (held ? '0x7a69' : ((held = true), new Promise((r) => (release = () => r('0x7a69'))))) } })
    const second = await start(bridge, true, storage)
    await until(second, () => held)
    await second.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL, address: SECOND } })
    await until(second, (s) => s.accounts.eip155?.address === SECOND)
    release()
    const restores = async () => parseLog(await second.exportLog()).events.filter((e) => e.type === 'connect/succeeded' && e.payload.via === 'restore' && e.payload.connectorId === LOCAL).length
    for (const end = Date.now() + WAIT_MS; (await restores()) < 1; ) if (Date.now() > end) throw new Error('not restored')
    expect((await second.getState()).accounts.eip155?.address).toBe(SECOND)
    await second.stop()
  })

  it('a reload restores every live connection silently and keeps the active one', async () => {
    const storage = memoryLogStorage()
    const first = await start(wallets(), true, storage)
    await both(first)
    await first.dispatch({ type: 'connection/switch-requested', payload: { namespace: 'eip155', connectorId: LOCAL, address: SECOND } })
    await until(first, (s) => s.accounts.eip155?.address === SECOND)
    await first.flush()
    await first.stop()
    const bridge = wallets()
    const second = await start(bridge, true, storage)
    // Both connections confirmed: the restore's two connect/succeeded (via restore) are in the log.
    const restores = async () => parseLog(await second.exportLog()).events.filter((e) => e.type === 'connect/succeeded' && e.payload.via === 'restore').length
    for (const end = Date.now() + WAIT_MS; (await restores()) < 2; ) if (Date.now() > end) throw new Error('not restored')
    const s = await second.getState()
    expect(s.connection.connectorIds.eip155).toBe(LOCAL)
    expect(s.accounts.eip155?.address).toBe(SECOND)
    expect(bridge.asked.filter((a) => a.endsWith('eth_requestAccounts'))).toEqual([])
    expect(bridge.asked.filter((a) => a.endsWith('eth_accounts')).sort()).toEqual([`${LOCAL} eth_accounts`, `${OTHER_WALLET} eth_accounts`])
    await second.stop()
  })
})
