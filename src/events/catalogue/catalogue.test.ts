import { describe, expect, it } from 'vitest'
import { accountData } from './account-data.js'
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
