// A Bitcoin wallet's account type (docs/behaviour.md §6), through the engine with a fake Wallet
// Standard Bitcoin wallet: bitcoin:connect asks for the preferred type's purpose, a switch to
// ordinal moves the connection to the wallet's ordinals account, and a wallet without one leaves
// the connection on its payment account with the refusal shown, asking the wallet only once.
import { describe, expect, it } from 'vitest'
import { LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until } from '../../../../tests/unit/engine-until.js'
import type { Bridge, Engine, ProviderRequest } from '../../../contract.js'
import { parseLog } from '../../../events/log/ndjson.js'
import { accountModel } from '../../../projections/view-models/account-model.js'
import { createEngine } from '../../engine.js'

const BITCOIN = { ...LOCALNET, id: '0f9188f13cb7b2c71f2a335e3a4fc328', caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const, chainNamespace: 'bip122' as const, name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } }
const WALLET = 'wallet-standard-bitcoin:W'
const PAYMENT = 'bcrt1q50rtrmj2f8vl9tem8qpfw36ylw5jg9j2dkku3w'
const ORDINALS = 'bcrt1pw53jtgez0wf69n06fchp0ctk48620zdscnrj8heh86wykp9mv20q7vd3gm'

/** A Bitcoin wallet answering bitcoin:connect with its accounts of the purposes asked; every call recorded with its purposes. */
function bitcoinWallet(accounts: Record<string, string[]>): Bridge & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    async request(_id, args: ProviderRequest) {
      const [input] = (args.params ?? []) as { purposes: string[]; silent?: boolean }[]
      asked.push(`${args.method} ${input?.purposes.join(',')}${input?.silent ? ' silent' : ''}`)
      return input!.purposes.flatMap((p) => accounts[p] ?? [])
    },
    watch: () => undefined,
  }
}

async function connected(bridge: Bridge, defaultAccountTypes = {}): Promise<Engine> {
  const engine = createEngine({ mode: 'main', fetch: async () => new Response('{}', { status: 500 }) })
  await engine.start({ projectId: 'test', networks: [BITCOIN], services: { bitcoin: 'http://127.0.0.1:9/esplora' }, defaultAccountTypes }, bridge)
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: WALLET, namespace: 'bip122' } })
  await until(engine, (s) => s.connection.connectorIds.bip122 === WALLET && s.accounts.bip122?.address !== undefined)
  return engine
}
const toOrdinal = (engine: Engine) => engine.dispatch({ type: 'account-type/switch-requested', payload: { namespace: 'bip122', accountType: 'ordinal' } })

describe('a Bitcoin wallet’s account type', () => {
  it('connects its payment account; a switch to ordinal asks for the ordinals purpose and moves the connection to that account, offering payment back', async () => {
    const bridge = bitcoinWallet({ payment: [PAYMENT], ordinals: [ORDINALS] })
    const engine = await connected(bridge)
    expect((await engine.getState()).accounts.bip122?.address).toBe(PAYMENT)
    expect(accountModel(await engine.getState()).accountTypeSwitch).toBe('ordinal')
    await toOrdinal(engine)
    const s = await until(engine, (s) => s.accounts.bip122?.address === ORDINALS)
    expect(s.connection.connectorIds.bip122).toBe(WALLET)
    expect(accountModel(s).accountTypeSwitch).toBe('payment')
    expect(bridge.asked).toEqual(['bitcoin:connect payment', 'bitcoin:connect ordinals'])
  })

  it('a site whose default is ordinal connects the ordinals account', async () => {
    const bridge = bitcoinWallet({ payment: [PAYMENT], ordinals: [ORDINALS] })
    const engine = await connected(bridge, { bip122: 'ordinal' })
    expect((await engine.getState()).accounts.bip122?.address).toBe(ORDINALS)
    expect(bridge.asked).toEqual(['bitcoin:connect ordinals'])
  })

  it('a wallet with no ordinals account: the refusal shows, the type goes back to payment, the account stays, and the wallet is asked once', async () => {
    const bridge = bitcoinWallet({ payment: [PAYMENT] })
    const engine = await connected(bridge)
    await toOrdinal(engine)
    const s = await until(engine, (s) => s.accountTypes.switched.bip122 === 'payment', { show: (s) => s.accountTypes })
    // The refusal shown (a snackbar may since show something else: the balance read fails here).
    const shown = parseLog(await engine.exportLog()).events.filter((e) => e.type === 'snackbar/show-requested').map((e) => e.payload)
    expect(shown).toContainEqual(expect.objectContaining({ variant: 'error', message: 'Failed to switch account type' }))
    expect(s.accounts.bip122?.address).toBe(PAYMENT)
    expect(bridge.asked).toEqual(['bitcoin:connect payment', 'bitcoin:connect ordinals'])
  })
})
