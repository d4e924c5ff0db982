import { describe, expect, it } from 'vitest'
import { accountData, balanceValue } from './account-data.js'
import { auth } from './auth.js'
import { connection } from './connection.js'
import { headless } from './headless.js'
import { passkey } from './passkey.js'
import { CATALOGUE, CATALOGUE_SHARED } from './index.js'
import { infra } from './infra.js'
import { modal } from './modal.js'
import { names } from './names.js'
import { onramp } from './onramp.js'
import { siwx } from './siwx.js'
import { trade } from './trade.js'
import { wallets } from './wallets.js'

const FEATURES = { accountData, auth, connection, headless, infra, modal, names, onramp, passkey, siwx, trade, wallets }

describe('the event catalogue', () => {
  it('declares each event type once, in one feature file', () => {
    const declared = Object.values(FEATURES).flatMap((f) => Object.keys(f))
    expect(declared.length).toBe(new Set(declared).size)
    expect(Object.keys(CATALOGUE).sort()).toEqual(declared.sort())
  })

  it('names every type `area/fact` and gives it a payload schema; the shared types are the connection facts, not the modal', () => {
    for (const [type, def] of Object.entries(CATALOGUE)) {
      expect(type).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/)
      expect(typeof def.payload).toBe('function')
    }
    // The facts behind the browser-stored items of docs/behaviour.md §3 (and the sign-in, the names), which every tab folds.
    expect(CATALOGUE_SHARED).toContain('connect/succeeded')
    expect(CATALOGUE_SHARED).not.toContain('modal/open-requested')
  })
})

describe('balance/fetched: the value in exactly one unit', () => {
  const BTC = { caipAddress: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328:bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', decimals: 8, symbol: 'BTC' }
  const ETH = { caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', decimals: 18, symbol: 'ETH' }
  const SOL = { caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112', decimals: 9, symbol: 'SOL' }
  const valid = (payload: unknown) => accountData['balance/fetched'].payload(payload)

  it('takes a Bitcoin balance in satoshis, as it takes wei and lamports', () => {
    expect(valid({ ...BTC, valueSatoshis: '5000000000' })).toBe(true)
    expect(valid({ ...BTC, valueSatoshis: '0' })).toBe(true)
    expect(valid({ ...ETH, valueWei: '1500000000000000000' })).toBe(true)
    expect(valid({ ...SOL, valueLamports: '1000000000' })).toBe(true)
  })

  it('refuses two units at once, none, or a value that is not whole digits', () => {
    expect(valid({ ...BTC, valueSatoshis: '5000000000', valueWei: '5000000000' })).toBe(false)
    expect(valid({ ...BTC, valueSatoshis: '1', valueLamports: '1' })).toBe(false)
    expect(valid({ ...ETH, valueWei: '1', valueLamports: '1', valueSatoshis: '1' })).toBe(false)
    expect(valid(BTC)).toBe(false)
    for (const valueSatoshis of [5000000000, '-1', '1.5', '0x10', '', '1'.repeat(81)]) expect(valid({ ...BTC, valueSatoshis }), String(valueSatoshis)).toBe(false)
    expect(valid({ ...BTC, caipAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', valueSatoshis: '1' })).toBe(false)
  })

  it('balanceValue answers whichever unit is set, else 0', () => {
    expect(balanceValue({ ...BTC, valueSatoshis: '5000000000' })).toBe('5000000000')
    expect(balanceValue({ ...ETH, valueWei: '42' })).toBe('42')
    expect(balanceValue({ ...SOL, valueLamports: '7' })).toBe('7')
    expect(balanceValue(BTC)).toBe('0')
  })
})
