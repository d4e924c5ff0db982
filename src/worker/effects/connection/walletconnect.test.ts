/**
 * A site's own UI and the WalletConnect pairing, end to end in the engine (walletConnectPairingEffect
 * and the wallets slice): a pairing asked for on any device, its reset, its failure, and the
 * refusal while WalletConnect is off.
 */
import { WAIT_MS } from '../../../../tests/unit/wait-bound.js'
import { describe, expect, it, vi } from 'vitest'
import { LOCALNET, accountBridge } from '../../../../tests/unit/fixtures.js'
import { GangwayError } from '../../../events/kernel/errors.js'
import { walletConnectModel } from '../../../projections/view-models/wallet-connect-model.js'
import type { Engine, PairingUri } from '../../../contract.js'
import { createEngine } from '../../engine.js'
import type { SignClientLike } from '../../walletconnect/connector.js'

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = WAIT_MS): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > end) throw new GangwayError('condition not met')
    await new Promise((r) => setTimeout(r, 2))
  }
}

/** A sign client whose proposals never settle; `connect` counts the pairings asked for, and answers once `release` is called. */
function signClient() {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  const client = {
    release: () => release(),
    connect: vi.fn(async () => {
      await released
      return { uri: `wc:${'c'.repeat(64)}@2?relay-protocol=irn&symKey=${'d'.repeat(64)}`, approval: () => new Promise<never>(() => undefined) }
    }),
    request: async () => null,
    disconnect: async () => undefined,
    session: { getAll: () => [] },
    on: () => undefined,
  }
  return client as typeof client & SignClientLike
}

/** An engine on `client`, with what the pairing channel showed. */
async function engineWith(client: SignClientLike, options: { walletConnect?: false } = {}): Promise<{ engine: Engine; uris: (string | undefined)[] }> {
  // No service nor chain is needed: any request the engine made would fail.
  const engine = createEngine({ mode: 'main', fetch: async () => new Response(null, { status: 503 }), loadSignClient: async () => client })
  await engine.start({ projectId: 'test', networks: [LOCALNET], ...options }, accountBridge())
  const uris: (string | undefined)[] = []
  await engine.subscribePairing((p: PairingUri | undefined) => void uris.push(p?.uri))
  return { engine, uris }
}

describe('walletconnect/pairing-requested and pairing-reset-requested', () => {
  it('pairs on a desktop with the modal never opened, shows the URI on the pairing channel only, and a reset clears it', async () => {
    const client = signClient()
    const { engine, uris } = await engineWith(client)
    await engine.dispatch({ type: 'walletconnect/pairing-requested', payload: {} })
    expect(walletConnectModel(await engine.getState()).preparing).toBe(true)
    client.release()
    const s = await until(() => engine.getState(), (x) => x.wallets.pairing !== undefined)
    expect(walletConnectModel(s).preparing).toBeUndefined()
    expect(s.modal.open).toBe(false)
    expect(uris.at(-1)).toMatch(/^wc:/)
    expect(await engine.exportLog()).not.toContain('symKey')
    expect((await engine.exportLog()).includes('modal/trigger-approached')).toBe(false)
    // Asked for again while it shows: the same pairing.
    await engine.dispatch({ type: 'walletconnect/pairing-requested', payload: {} })
    expect(client.connect).toHaveBeenCalledTimes(1)

    await engine.dispatch({ type: 'walletconnect/pairing-reset-requested', payload: {} })
    await until(async () => uris, (u) => u.at(-1) === undefined)
    expect(walletConnectModel(await engine.getState())).toEqual({ connecting: false })
    // Asked for after the reset: a new pairing.
    await engine.dispatch({ type: 'walletconnect/pairing-requested', payload: {} })
    await until(async () => uris, (u) => u.at(-1)?.startsWith('wc:') === true)
    expect(client.connect).toHaveBeenCalledTimes(2)
  })

  it('logs walletconnect/pairing-failed when the pairing fails, and the model shows why', async () => {
    const client = signClient()
    client.connect.mockRejectedValueOnce(new GangwayError('Relay unreachable'))
    client.release()
    const { engine } = await engineWith(client)
    await engine.dispatch({ type: 'walletconnect/pairing-requested', payload: {} })
    const s = await until(() => engine.getState(), (x) => x.wallets.pairingError !== undefined)
    expect(walletConnectModel(s)).toEqual({ connecting: false, pairingError: 'Relay unreachable' })
    expect(await engine.exportLog()).toContain('"type":"walletconnect/pairing-failed"')
  })

  it("is refused with 'WalletConnect is off' while the site turned WalletConnect off: nothing logged, no sign client started", async () => {
    const client = signClient()
    client.release()
    const { engine } = await engineWith(client, { walletConnect: false })
    await expect(engine.dispatch({ type: 'walletconnect/pairing-requested', payload: {} })).rejects.toMatchObject({ name: 'GangwayError', message: 'WalletConnect is off' })
    expect(await engine.exportLog()).not.toContain('walletconnect/pairing')
    expect(client.connect).not.toHaveBeenCalled()
  })
})
