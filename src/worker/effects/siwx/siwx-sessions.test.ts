// SIWX sessions across namespaces, reloads, tabs and account switches (docs/behaviour.md
// §4 SIWX), through engines on one shared log storage: a fake site `siwx` keeps its sessions in
// memory for every tab (as a site's backend does), an EVM wallet signs with anvil's dev keys and a
// Wallet Standard Solana wallet with an ed25519 key, each answering as the page's bridges do.
import { describe, expect, it } from 'vitest'
import { mnemonicToAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until as waitFor } from '../../../../tests/unit/engine-until.js'
import type { Bridge, Engine, ProviderRequest } from '../../../contract.js'
import type { CaipAddress, Network } from '../../../events/entities.js'
import { PROVIDER_ERROR_CODES, ProviderRequestError } from '../../../events/kernel/errors.js'
import type { LogStorage } from '../../../events/log/log.js'
import { memoryLogStorage } from '../../../events/log/memory-storage.js'
import { parseLog } from '../../../events/log/ndjson.js'
import { siwxKey } from '../../../projections/select/siwx-sessions.js'
import { readCaipAddress } from '../../../chains/caip.js'
import type { State } from '../../../projections/state.js'
import { createEngine } from '../../engine.js'

const EVM_WALLET = 'dev.gangway.localnet'
const SOL_WALLET = 'wallet-standard:Fake Solana'
const SOLANA: Network = { ...LOCALNET, id: 'Gang', caipNetworkId: 'solana:GangwayLocaLnet11111111111111111', chainNamespace: 'solana', name: 'Solana Localnet', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } }

// anvil's first two dev accounts (from its mnemonic), and a fixed ed25519 key for the Solana wallet.
const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const EVM_KEYS = new Map([0, 1].map((addressIndex) => mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex })).map((a) => [a.address.toLowerCase(), a]))
const SOL_KEY = new Uint8Array(32).fill(7)
const SOL_ADDRESS = base58.encode(ed25519.getPublicKey(SOL_KEY))

const EVM_ACCOUNT = `eip155:31337:${ADDRESS}` as CaipAddress
const SECOND_ACCOUNT = `eip155:31337:${SECOND}` as CaipAddress
const SOL_ACCOUNT = `${SOLANA.caipNetworkId}:${SOL_ADDRESS}` as CaipAddress

type Session = { data: Record<string, unknown>; message: string; signature: string }

/**
 * A site's `siwx` backend in memory, shared by every tab, and the page's wallets: `bridge(tab)` is
 * one tab's bridge, each of its calls recorded in `calls` as `tab connector method` (a session
 * lookup also as `sessions caip10`, a revoke as `revoke chainId address`). The EVM wallet exposes
 * `evmAccounts`, the Solana wallet one account. The site's revokes wait for `revoking`; the EVM
 * wallet's `eth_accounts` (a restore's question) waits for `restoring`.
 */
function site(sessions: Session[] = [], evmAccounts: string[] = [ADDRESS, SECOND], revoking?: Promise<void>, restoring?: Promise<void>) {
  const calls: string[] = []
  const bridge = (tab: string): Bridge => ({
    async request(id, { method, params }: ProviderRequest) {
      calls.push(`${tab} ${id} ${method}`)
      const args = Array.isArray(params) ? params : []
      const p = (args[0] ?? {}) as Record<string, unknown>
      const same = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase()
      if (id === 'SIWX') {
        switch (method) {
          case 'siwx_getSessions':
            calls.push(`sessions ${String(p.chainId)}:${String(p.address)}`)
            return sessions.filter((s) => s.data.chainId === p.chainId && same(s.data.accountAddress, p.address))
          case 'siwx_createMessage':
            return { accountAddress: p.accountAddress, chainId: p.chainId, domain: 'shop.example', uri: 'https://shop.example/', version: '1', nonce: 'k7Qz8mN3pL2x', issuedAt: new Date(Date.now() - 1000).toISOString(), expirationTime: new Date(Date.now() + 3_600_000).toISOString(), statement: 'Sign in to Harbour Coffee' }
          case 'siwx_addSession':
            sessions.push(p as unknown as Session)
            return null
          case 'siwx_revokeSession':
            calls.push(`revoke ${String(p.chainId)} ${String(p.address)}`)
            await revoking
            sessions.splice(0, sessions.length, ...sessions.filter((s) => !(s.data.chainId === p.chainId && same(s.data.accountAddress, p.address))))
            return null
          case 'siwx_getRequired':
            return false
        }
        throw new Error(`no ${method}`)
      }
      if (id === SOL_WALLET) {
        switch (method) {
          case 'standard:connect':
            return [SOL_ADDRESS]
          case 'standard:disconnect':
            return null
          case 'solana:signMessage':
            // As the Wallet Standard bridge answers: the text signed as UTF-8, the signature in base64.
            if (args[1] !== SOL_ADDRESS) throw new Error('Unauthorized')
            return { signature: base64.encode(ed25519.sign(new TextEncoder().encode(String(args[0])), SOL_KEY)) }
        }
        // As the Wallet Standard bridge refuses a feature the wallet lacks (this one has no solana:signIn).
        throw new ProviderRequestError(`Unsupported method: ${method}`, { code: PROVIDER_ERROR_CODES.UnsupportedProviderMethodError })
      }
      switch (method) {
        case 'eth_requestAccounts':
          return evmAccounts
        case 'eth_accounts':
          await restoring
          return evmAccounts
        case 'eth_chainId':
          return '0x7a69'
        case 'personal_sign': {
          const signer = EVM_KEYS.get(String(args[1]).toLowerCase())
          if (!signer) throw new Error('Unauthorized')
          return signer.signMessage({ message: { raw: args[0] as Hex } })
        }
        case 'wallet_revokePermissions':
          return null
      }
      return null
    },
    watch: () => undefined,
  })
  return { sessions, calls, bridge }
}

/** A node that knows no contract (viem's verification falls back to recovering the EOA), every balance 0, on either namespace. */
const node: typeof fetch = async (_url, init) => {
  const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
  const results: Record<string, unknown> = { eth_getCode: '0x', eth_getBalance: '0x0', getBalance: { context: { slot: 1 }, value: 0 }, getSlot: 1, getTokenAccountsByOwner: { context: { slot: 1 }, value: [] } }
  const answer = ({ id, method }: { id: number; method: string }) => (method === 'eth_call' ? { jsonrpc: '2.0', id, error: { code: -32000, message: 'execution reverted' } } : { jsonrpc: '2.0', id, result: method in results ? results[method] : '0x1' })
  return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
}

const until = (engine: Engine, ok: (s: State) => boolean) => waitFor(engine, ok, { show: (s) => ({ siwx: s.siwx, view: s.modal.view, connection: s.connection, accounts: s.accounts }) })

/** A tab of the site (an engine on `storage`, with its own bridge to the shared site). */
async function tab(w: ReturnType<typeof site>, storage: LogStorage, tabId: string, networks: Network[] = [LOCALNET]): Promise<Engine> {
  const engine = createEngine({ mode: 'main', fetch: node, storage: () => storage, tabId })
  await engine.start({ projectId: 'test', networks, siwx: { signOutOnDisconnect: true } }, w.bridge(tabId))
  return engine
}

/** Connects `connectorId` and signs `caipAddress` in on SIWXSignMessage. */
async function connectAndSignIn(engine: Engine, connectorId: string, namespace: 'eip155' | 'solana', caipAddress: CaipAddress): Promise<State> {
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId, namespace } })
  return signIn(engine, caipAddress)
}

/** Sign in, once SIWXSignMessage asks `caipAddress`; resolves when its session is verified. */
async function signIn(engine: Engine, caipAddress: CaipAddress): Promise<State> {
  const asked = await until(engine, (x) => x.siwx.asking === caipAddress)
  expect(asked.modal.view).toBe('SIWXSignMessage')
  await engine.dispatch({ type: 'siwx/sign-requested', payload: {} })
  return until(engine, (x) => x.siwx.sessions[siwxKey(caipAddress)] !== undefined && x.siwx.asking === undefined)
}

/** This engine's log (unredacted). */
const eventsOf = async (engine: Engine) => parseLog(await engine.exportLog({ redact: false })).events
/** The accounts this tab asked to sign in (`siwx/sign-in-needed`), in order. */
const askedOf = async (engine: Engine, tabId: string) => (await eventsOf(engine)).filter((e) => e.type === 'siwx/sign-in-needed' && e.tab === tabId).map((e) => (e.payload as { caipAddress: string }).caipAddress)

describe('SIWX sessions', () => {
  it('eip155 and solana signed in; a reload restores both connections and verifies both stored sessions without a signature; a session tampered with on one namespace asks that one alone', async () => {
    const storage = memoryLogStorage()
    const w = site()
    const first = await tab(w, storage, 'tab-1', [LOCALNET, SOLANA])
    await first.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connectAndSignIn(first, EVM_WALLET, 'eip155', EVM_ACCOUNT)
    const s = await connectAndSignIn(first, SOL_WALLET, 'solana', SOL_ACCOUNT)
    expect(Object.values(s.siwx.sessions).map((x) => x.caipAddress).sort()).toEqual([EVM_ACCOUNT, SOL_ACCOUNT].sort())
    // The site kept one session a namespace; the Solana one is a Sign-In-With-Solana text, signed by the wallet.
    expect(w.sessions.map((x) => x.data.chainId)).toEqual(['eip155:31337', SOLANA.caipNetworkId])
    expect(w.sessions[1]!.message).toMatch(new RegExp(`^shop\\.example wants you to sign in with your Solana account:\\n${SOL_ADDRESS}\\n`))
    expect(w.calls.filter((c) => c.endsWith(' personal_sign') || c.endsWith(' solana:signMessage'))).toEqual([`tab-1 ${EVM_WALLET} personal_sign`, `tab-1 ${SOL_WALLET} solana:signMessage`])
    await first.flush()
    await first.stop()
    const good = w.sessions.map((x) => ({ ...x }))

    // A reload: both connections restored, both sessions verified as stored; nothing signed, nothing asked.
    w.calls.length = 0
    const reloaded = await tab(w, storage, 'tab-2', [LOCALNET, SOLANA])
    const r = await until(reloaded, (x) => Object.keys(x.siwx.sessions).length === 2)
    const events = await eventsOf(reloaded)
    const restored = events.filter((e) => e.tab === 'tab-2' && e.type === 'connect/succeeded').map((e) => e.payload as { namespace: string; via: string; caipAddress: string })
    expect(restored.map(({ namespace, via, caipAddress }) => [namespace, via, caipAddress]).sort()).toEqual([['eip155', 'restore', EVM_ACCOUNT], ['solana', 'restore', SOL_ACCOUNT]])
    const verified = events.filter((e) => e.tab === 'tab-2' && e.type === 'siwx/session-verified').map((e) => e.payload as { caipAddress: string; via: string })
    expect(verified.map(({ caipAddress, via }) => [caipAddress, via]).sort()).toEqual([[EVM_ACCOUNT, 'stored'], [SOL_ACCOUNT, 'stored']])
    expect(w.calls.filter((c) => / (personal_sign|solana:signMessage|solana:signIn|siwx_createMessage)$/.test(c))).toEqual([])
    expect(await askedOf(reloaded, 'tab-2')).toEqual([])
    expect(r.siwx.asking).toBeUndefined()
    expect(r.modal.view).not.toBe('SIWXSignMessage')
    await reloaded.flush()
    await reloaded.stop()

    // The site hands back one namespace's session altered (its statement): that account alone is asked again.
    const tampered = (x: Session): Session => ({ ...x, message: x.message.replace('Sign in to Harbour Coffee', 'Sign in to Harbour Coffee, and more') })
    for (const [i, [asked, kept]] of ([[SOL_ACCOUNT, EVM_ACCOUNT], [EVM_ACCOUNT, SOL_ACCOUNT]] as const).entries()) {
      const altered = site(good.map((x) => (x.data.chainId === readCaipAddress(asked)!.caipNetworkId ? tampered(x) : x)))
      expect(altered.sessions.map((x) => x.message)).not.toEqual(good.map((x) => x.message))
      const tabId = `tab-${3 + i}`
      const again = await tab(altered, storage, tabId, [LOCALNET, SOLANA])
      const a = await until(again, (x) => x.siwx.asking !== undefined && x.siwx.sessions[siwxKey(kept)] !== undefined)
      expect(a.siwx.asking).toBe(asked)
      expect(a.modal.view).toBe('SIWXSignMessage')
      expect(Object.keys(a.siwx.sessions)).toEqual([siwxKey(kept)])
      expect(await askedOf(again, tabId)).toEqual([asked])
      expect(altered.calls.filter((c) => / (personal_sign|solana:signMessage|solana:signIn)$/.test(c))).toEqual([])
      await again.flush()
      await again.stop()
    }
  })

  it('after a reload, a stored account is asked to sign in only once its connection is restored, and asked once', async () => {
    const storage = memoryLogStorage()
    const first = await tab(site(), storage, 'tab-1')
    await first.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connectAndSignIn(first, EVM_WALLET, 'eip155', EVM_ACCOUNT)
    await first.flush()
    await first.stop()

    // The site forgot the session (signed out on its server); the wallet answers the restore only when released.
    let release!: () => void
    const w = site([], [ADDRESS, SECOND], undefined, new Promise<void>((r) => (release = r)))
    const reloaded = await tab(w, storage, 'tab-2')
    await until(reloaded, () => w.calls.includes(`tab-2 ${EVM_WALLET} eth_accounts`))
    // The replayed account is not live yet: its sessions are not asked, and SIWXSignMessage does not show.
    expect(w.calls.filter((c) => c.startsWith('sessions '))).toEqual([])
    expect(await askedOf(reloaded, 'tab-2')).toEqual([])
    release()
    const asked = await until(reloaded, (x) => x.siwx.asking === EVM_ACCOUNT)
    expect(asked.modal.view).toBe('SIWXSignMessage')
    const types = (await eventsOf(reloaded)).filter((e) => e.tab === 'tab-2').map((e) => e.type)
    expect(types.indexOf('siwx/sign-in-needed')).toBeGreaterThan(types.indexOf('connect/succeeded'))
    expect(await askedOf(reloaded, 'tab-2')).toEqual([EVM_ACCOUNT])
    await reloaded.stop()
  })

  it('two tabs signed in on one connection: a disconnect in one signs out through the site once, and the other tab keeps no session and asks nothing', async () => {
    const storage = memoryLogStorage()
    // A wallet exposing one account (a disconnect signs out every account of the connection); the
    // site's revoke waits, so that tab B folds the disconnect before the sign-out.
    let release!: () => void
    const w = site([], [ADDRESS], new Promise<void>((r) => (release = r)))
    const a = await tab(w, storage, 'tab-a')
    const b = await tab(w, storage, 'tab-b')
    await a.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connectAndSignIn(a, EVM_WALLET, 'eip155', EVM_ACCOUNT)
    // Tab B adopts the connection and the session tab A verified (shared events), asking the site nothing.
    const adopted = await until(b, (x) => x.connection.status === 'connected' && x.siwx.sessions[siwxKey(EVM_ACCOUNT)] !== undefined)
    expect(adopted.siwx.asking).toBeUndefined()
    expect(w.calls.filter((c) => c.startsWith('tab-b SIWX'))).toEqual([])
    expect(w.sessions).toHaveLength(1)

    await a.dispatch({ type: 'disconnect/requested', payload: {} })
    await until(a, (x) => x.connection.status === 'disconnected' && x.siwx.signingOut.length === 1)
    const between = await until(b, (x) => x.connection.status === 'disconnected')
    expect(between.siwx).toMatchObject({ signingOut: [], signing: false })
    expect(between.modal.view).not.toBe('SIWXSignMessage')
    release()
    await until(a, (x) => x.siwx.signingOut.length === 0)
    const s = await until(b, (x) => Object.keys(x.siwx.sessions).length === 0)
    expect(s.siwx).toMatchObject({ sessions: {}, signingOut: [], signing: false })
    expect(s.siwx.asking).toBeUndefined()
    expect(s.modal.view).not.toBe('SIWXSignMessage')
    await a.flush()
    await b.flush()
    // One revoke, from the tab that disconnected, on the account's network; the site holds no session.
    expect(w.calls.filter((c) => c.endsWith(' siwx_revokeSession'))).toEqual(['tab-a SIWX siwx_revokeSession'])
    expect(w.calls).toContain(`revoke eip155:31337 ${ADDRESS}`)
    expect(w.sessions).toEqual([])
    expect(await askedOf(b, 'tab-b')).toEqual([])
    expect((await eventsOf(b)).filter((e) => e.type === 'siwx/signed-out').map((e) => [e.tab, (e.payload as { caipAddress: string }).caipAddress])).toEqual([['tab-a', EVM_ACCOUNT]])
    expect((await a.getState()).siwx.sessions).toEqual({})
    await a.stop()
    await b.stop()
  })

  it('the wallet switching to an account without a session asks it to sign in; switching back to the signed-in account asks nothing', async () => {
    const w = site()
    const engine = await tab(w, memoryLogStorage(), 'tab-1')
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connectAndSignIn(engine, EVM_WALLET, 'eip155', EVM_ACCOUNT)

    // The wallet reports its other account first (accountsChanged): SIWXSignMessage for it.
    await engine.dispatch({ type: 'wallet/accounts-changed', payload: { connectorId: EVM_WALLET, namespace: 'eip155', addresses: [SECOND, ADDRESS] } })
    let s = await until(engine, (x) => x.siwx.asking === SECOND_ACCOUNT)
    expect(s.accounts.eip155?.caipAddress).toBe(SECOND_ACCOUNT)
    expect(s.modal).toMatchObject({ open: true, view: 'SIWXSignMessage' })
    expect(await askedOf(engine, 'tab-1')).toEqual([EVM_ACCOUNT, SECOND_ACCOUNT])
    // Declined there (the site does not require a sign-in): the modal closes, the account stays unsigned.
    await engine.dispatch({ type: 'siwx/cancel-requested', payload: {} })
    s = await until(engine, (x) => x.siwx.asking === undefined && !x.modal.open)
    expect(s.siwx.sessions[siwxKey(SECOND_ACCOUNT)]).toBeUndefined()

    // Back to the first account: its session, verified in this page session, stands; the site is not asked again.
    const checksBefore = w.calls.filter((c) => c.startsWith('sessions ')).length
    await engine.dispatch({ type: 'wallet/accounts-changed', payload: { connectorId: EVM_WALLET, namespace: 'eip155', addresses: [ADDRESS, SECOND] } })
    await until(engine, (x) => x.accounts.eip155?.caipAddress === EVM_ACCOUNT)
    await engine.flush()
    s = await engine.getState()
    expect(s.siwx.asking).toBeUndefined()
    expect(s.modal.open).toBe(false)
    expect(w.calls.filter((c) => c.startsWith('sessions ')).length).toBe(checksBefore)
    expect(await askedOf(engine, 'tab-1')).toEqual([EVM_ACCOUNT, SECOND_ACCOUNT])
    expect(w.calls.filter((c) => c.endsWith(' personal_sign'))).toHaveLength(1)
    expect(w.sessions.map((x) => x.data.accountAddress)).toEqual([ADDRESS])

    // Asked again for the second account, the wallet goes back to the first before any answer: the
    // prompt for the second ends, and the modal shows Account (not a Sign in that could only fail).
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await engine.dispatch({ type: 'wallet/accounts-changed', payload: { connectorId: EVM_WALLET, namespace: 'eip155', addresses: [SECOND, ADDRESS] } })
    await until(engine, (x) => x.siwx.asking === SECOND_ACCOUNT && x.modal.view === 'SIWXSignMessage')
    await engine.dispatch({ type: 'wallet/accounts-changed', payload: { connectorId: EVM_WALLET, namespace: 'eip155', addresses: [ADDRESS, SECOND] } })
    s = await until(engine, (x) => x.siwx.asking === undefined)
    expect(s.modal).toMatchObject({ open: true, view: 'Account' })
    expect(w.calls.filter((c) => c.endsWith(' personal_sign'))).toHaveLength(1)
    await engine.stop()
  })
})
