// The engine's English strings the views translate (known.ts) against where they are made: the
// spec error strings, the send rules, the engine's refusals and outcomes, the Activity titles.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import english from './catalogues/en.json'
import { ACCOUNT_SWITCHED, CONNECTION_REJECTED, FAILED_TO_DISCONNECT, FAILED_TO_FETCH_TRANSACTIONS, FAILED_TO_SWITCH_WALLET, INVALID_APP_CONFIGURATION, MODAL_CLOSED, MULTI_WALLET_NOT_ENABLED, TOKEN_BALANCE_UNAVAILABLE, WALLET_SWITCHED } from '../../events/kernel/errors.js'
import { SEND_ERRORS } from '../../projections/rules/send-rules.js'
import { activityRow } from '../../projections/rules/asset-rules.js'
import { LEGAL_NOT_ACCEPTED, NETWORK_NOT_FOUND } from '../../projections/rules/refusals.js'
import { SEND_REJECTED } from '../../worker/effects/trade/send.js'
import type { Transaction } from '../../events/entities.js'
import { ERRORS, type ErrorEntry } from '../../events/kernel/error-registry.js'
import { KNOWN_TEXTS, knownMessage } from './known.js'

/** Every engine source (not the page's, not tests): where the known texts must be made. */
function engineSources(): string {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.ts$/.test(name) && !name.endsWith('.test.ts')) files.push(path)
    }
  }
  for (const dir of ['events', 'projections', 'worker']) walk(join(import.meta.dirname, '..', '..', dir))
  return files.map((f) => readFileSync(f, 'utf8')).join('\n')
}

const transaction = (operationType: string, transfers: Transaction['transfers'] = []): Transaction =>
  ({ id: operationType, metadata: { operationType, minedAt: '2024-01-01T00:00:00Z', chain: 'eip155:1', hash: '0x1', status: 'confirmed' }, transfers }) as unknown as Transaction

describe('the engine texts the views translate', () => {
  it('every one names an English message, and so does every registered error the views translate', () => {
    for (const [text, id] of Object.entries(KNOWN_TEXTS)) expect(english[id], text).toBeDefined()
    const keys = Object.entries(ERRORS as Record<string, ErrorEntry>).flatMap(([id, { key }]) => (key === true ? [`error.${id}`] : key ? [key] : []))
    expect(keys.length).toBeGreaterThanOrEqual(60)
    for (const key of keys) expect(english[key as keyof typeof english], key).toBeDefined()
  })

  it('a registered error with a key is translated by it, one without shows as it is', () => {
    expect(knownMessage(ERRORS.connectionRejected.message)).toEqual({ id: 'error.connectionRejected' })
    expect(knownMessage(ERRORS.legalNotAccepted.message)).toEqual({ id: 'legal.required' })
    expect(knownMessage(ERRORS.transactionReverted.message)).toBeUndefined()
    expect(knownMessage('Please try again after 30 seconds')).toEqual({ id: 'error.tryAfter', values: { seconds: 30 } })
    expect(knownMessage('The minimum is 10.5 USD')).toEqual({ id: 'error.onrampMinimum', values: { min: '10.5', currency: 'USD' } })
  })

  it('the docs/behaviour.md §8 strings, the send rules, the refusals, the send and switch outcomes are all known', () => {
    const texts: string[] = [CONNECTION_REJECTED, FAILED_TO_DISCONNECT, MODAL_CLOSED, TOKEN_BALANCE_UNAVAILABLE, FAILED_TO_FETCH_TRANSACTIONS, INVALID_APP_CONFIGURATION, NETWORK_NOT_FOUND, LEGAL_NOT_ACCEPTED, SEND_REJECTED]
    texts.push(MULTI_WALLET_NOT_ENABLED, FAILED_TO_SWITCH_WALLET, WALLET_SWITCHED, ACCOUNT_SWITCHED)
    for (const [name, message] of Object.entries(SEND_ERRORS)) if (typeof message === 'string') texts.push(message)
    else expect(name).toBe('decimals')
    for (const text of texts) expect(knownMessage(text), text).toBeDefined()
  })

  it("each known text is one the engine makes (a string in its sources; viem's 'HTTP request failed.')", () => {
    const sources = engineSources()
    const missing = Object.keys(KNOWN_TEXTS).filter((text) => text !== 'HTTP request failed.' && !sources.includes(`'${text}'`) && !sources.includes(`: '${text}'`))
    expect(missing).toEqual([])
  })

  it('the decimals rule maps with its values', () => {
    expect(knownMessage(SEND_ERRORS.decimals('ETH', 18))).toEqual({ id: 'error.decimals', values: { symbol: 'ETH', decimals: 18 } })
    expect(knownMessage(SEND_ERRORS.decimals('USD Coin', 6))).toEqual({ id: 'error.decimals', values: { symbol: 'USD Coin', decimals: 6 } })
  })

  it("every Activity title the rows make is known, and a row's 'Contract call'", () => {
    const source = readFileSync(join(import.meta.dirname, '..', '..', 'projections', 'rules', 'asset-rules.ts'), 'utf8')
    const operations = [.../const TITLES[^{]*\{([^}]*)\}/.exec(source)![1]!.matchAll(/(\w+): '/g)].map((m) => m[1]!)
    expect(operations.length).toBeGreaterThanOrEqual(9)
    for (const op of operations) expect(knownMessage(activityRow(transaction(op)).title), op).toBeDefined()
    expect(knownMessage(activityRow(transaction('send')).description)).toEqual({ id: 'activity.contractCall' })
  })

  it('anything else is not known (it shows as it is)', () => {
    for (const text of ['locked', 'User rejected the request.', '', 'toString', 'constructor', 'Sent ', 'allows at most 2 decimals']) expect(knownMessage(text), text).toBeUndefined()
  })
})
