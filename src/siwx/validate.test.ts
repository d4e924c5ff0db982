import { describe, expect, it } from 'vitest'
import { GangwayError } from '../events/kernel/errors.js'
import type { SiwxMessage } from './message.js'
import { DEFAULT_SIWX_SKEW_MS, validateSiwxMessage, type SiwxExpectations } from './validate.js'

const ISSUED = Date.parse('2025-01-02T03:04:05.000Z')

const MESSAGE: SiwxMessage = {
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:1',
  domain: 'example.com',
  uri: 'https://example.com',
  version: '1',
  nonce: 'abcdef0123456789',
  issuedAt: '2025-01-02T03:04:05.000Z',
  notBefore: '2025-01-02T03:05:00.000Z',
  expirationTime: '2025-01-02T04:04:05.000Z',
}

const EXPECT: SiwxExpectations = { domain: 'example.com', uri: 'https://example.com', chains: ['eip155:1', 'eip155:10'], nonce: 'abcdef0123456789', now: ISSUED + 120_000 }

const refusal = (m: SiwxMessage, e: SiwxExpectations): string => {
  try {
    validateSiwxMessage(m, e)
  } catch (error) {
    expect(error).toBeInstanceOf(GangwayError)
    return (error as Error).message
  }
  return 'accepted'
}

describe('validateSiwxMessage', () => {
  it('accepts a message that matches, at a time inside its window', () => {
    expect(refusal(MESSAGE, EXPECT)).toBe('accepted')
    expect(refusal(MESSAGE, { ...EXPECT, domain: 'EXAMPLE.com' })).toBe('accepted')
    expect(refusal(MESSAGE, { now: EXPECT.now })).toBe('accepted')
  })

  it('refuses another domain, URI or chain', () => {
    expect(refusal({ ...MESSAGE, domain: 'evil.example' }, EXPECT)).toBe('Domain mismatch')
    expect(refusal({ ...MESSAGE, uri: 'https://example.com/other' }, EXPECT)).toBe('URI mismatch')
    expect(refusal({ ...MESSAGE, chainId: 'eip155:137' }, EXPECT)).toBe('Chain not accepted')
  })

  it('refuses another nonce, or one the test refuses', () => {
    expect(refusal({ ...MESSAGE, nonce: 'abcdef0123456780' }, EXPECT)).toBe('Unknown or used nonce')
    expect(refusal(MESSAGE, { ...EXPECT, nonce: () => false })).toBe('Unknown or used nonce')
    expect(refusal(MESSAGE, { ...EXPECT, nonce: (n) => n === MESSAGE.nonce })).toBe('accepted')
  })

  it('refuses outside the time window, with the skew for a clock behind the visitor\'s', () => {
    const notBefore = Date.parse(MESSAGE.notBefore!)
    const expires = Date.parse(MESSAGE.expirationTime!)
    expect(refusal(MESSAGE, { ...EXPECT, now: expires })).toBe('Message expired')
    expect(refusal(MESSAGE, { ...EXPECT, now: expires - 1 })).toBe('accepted')
    expect(refusal(MESSAGE, { ...EXPECT, now: notBefore - DEFAULT_SIWX_SKEW_MS - 1 })).toBe('Message not yet valid')
    expect(refusal(MESSAGE, { ...EXPECT, now: notBefore - DEFAULT_SIWX_SKEW_MS })).toBe('accepted')
    expect(refusal(MESSAGE, { ...EXPECT, now: notBefore - 1, skewMs: 0 })).toBe('Message not yet valid')
    const noNotBefore = { ...MESSAGE, notBefore: undefined } as SiwxMessage
    delete noNotBefore.notBefore
    expect(refusal(noNotBefore, { ...EXPECT, now: ISSUED - DEFAULT_SIWX_SKEW_MS - 1 })).toBe('Message not yet valid')
    expect(refusal(noNotBefore, { ...EXPECT, now: ISSUED - DEFAULT_SIWX_SKEW_MS })).toBe('accepted')
  })

  it('refuses times that are not RFC 3339', () => {
    expect(refusal({ ...MESSAGE, expirationTime: 'never' }, EXPECT)).toBe('Invalid SIWX message')
    expect(refusal({ ...MESSAGE, issuedAt: '2025-01-02' }, EXPECT)).toBe('Invalid SIWX message')
  })
})
