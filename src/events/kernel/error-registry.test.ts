import { describe, expect, it } from 'vitest'
import { ERRORS, errorDocsPath, formatError, registeredError, type ErrorEntry, type ErrorId } from './error-registry.js'

const entries = Object.entries(ERRORS) as [ErrorId, ErrorEntry][]

describe('the error registry', () => {
  it('gives each message one id', () => {
    const messages = entries.map(([, e]) => e.message)
    expect(new Set(messages).size).toBe(messages.length)
    for (const [id, { message }] of entries) if (!message.includes('{')) expect(registeredError(message), message).toEqual({ id })
  })

  it('reads a template back with its values, numbers where the template says so', () => {
    expect(registeredError('USD Coin allows at most 6 decimals')).toEqual({ id: 'decimals', values: { symbol: 'USD Coin', decimals: 6 } })
    expect(registeredError(formatError('registerNamed', { name: 'alice.reown.id' }))).toEqual({ id: 'registerNamed', values: { name: 'alice.reown.id' } })
    expect(registeredError('Service not configured: walletConfig')).toEqual({ id: 'serviceNotConfigured', values: { service: 'walletConfig' } })
    // A template's digits: 'x' is no number of seconds.
    expect(registeredError('Please try again after x seconds')).toBeUndefined()
    for (const [id, { message }] of entries) {
      if (!message.includes('{')) continue
      const values = Object.fromEntries([...message.matchAll(/\{(\w+)(:n)?\}/g)].map((m) => [m[1]!, m[2] ? 7 : `v${m[1]}`]))
      expect(registeredError(formatError(id, values)), id).toEqual({ id, values })
    }
  })

  it('knows no other text, and no key of Object.prototype', () => {
    for (const text of ['User rejected the request.', '', 'toString', 'constructor', 'Connection rejected ', 'connectionRejected']) expect(registeredError(text), text).toBeUndefined()
  })

  it('names the docs section where the spec makes the rule', () => {
    expect(errorDocsPath('connectionRejected')).toBe('docs/behaviour.md §8')
    expect(errorDocsPath('noSwapQuote')).toBeUndefined()
  })
})
