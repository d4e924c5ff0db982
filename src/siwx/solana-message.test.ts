import { describe, expect, it } from 'vitest'
import { GangwayError } from '../events/kernel/errors.js'
import { MAX_SIWX_MESSAGE_CHARS, MAX_SIWX_RESOURCES } from './limits.js'
import { createSiwsMessage, parseSiwsMessage, type SolanaSignInFields } from './solana-message.js'

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

const FULL: SolanaSignInFields = {
  domain: 'example.com',
  address: ADDRESS,
  statement: 'Sign in to Example',
  uri: 'https://example.com/login',
  version: '1',
  chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  nonce: 'a1b2c3d4e5f6',
  issuedAt: '2025-01-02T03:04:05.000Z',
  expirationTime: '2025-01-02T04:04:05.000Z',
  notBefore: '2025-01-02T03:00:00.000Z',
  requestId: 'req-1',
  resources: ['https://example.com/terms', 'ipfs://bafy'],
}

const FULL_TEXT = [
  'example.com wants you to sign in with your Solana account:',
  ADDRESS,
  '',
  'Sign in to Example',
  '',
  'URI: https://example.com/login',
  'Version: 1',
  'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Nonce: a1b2c3d4e5f6',
  'Issued At: 2025-01-02T03:04:05.000Z',
  'Expiration Time: 2025-01-02T04:04:05.000Z',
  'Not Before: 2025-01-02T03:00:00.000Z',
  'Request ID: req-1',
  'Resources:',
  '- https://example.com/terms',
  '- ipfs://bafy',
].join('\n')

const invalid = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(GangwayError)
    expect((e as Error).message).toBe('Invalid SIWX message')
    return
  }
  throw new Error('did not throw')
}

describe('createSiwsMessage', () => {
  it('writes every field in the Wallet Standard layout', () => {
    expect(createSiwsMessage(FULL)).toBe(FULL_TEXT)
  })

  it('writes only the header and the address when nothing else is given', () => {
    expect(createSiwsMessage({ domain: 'solana.com', address: 'A' })).toBe('solana.com wants you to sign in with your Solana account:\nA')
  })

  it('writes a statement without fields, and fields without a statement', () => {
    expect(createSiwsMessage({ domain: 'solana.com', address: 'A', statement: 'S' })).toBe('solana.com wants you to sign in with your Solana account:\nA\n\nS')
    expect(createSiwsMessage({ domain: 'solana.com', address: 'A', nonce: 'n', issuedAt: 't' })).toBe(
      'solana.com wants you to sign in with your Solana account:\nA\n\nNonce: n\nIssued At: t',
    )
  })

  it('leaves out empty optional values and an empty resource list', () => {
    expect(createSiwsMessage({ domain: 'solana.com', address: 'A', statement: '', uri: '', resources: [] })).toBe(
      'solana.com wants you to sign in with your Solana account:\nA',
    )
  })

  it('refuses fields that would read back as something else', () => {
    invalid(() => createSiwsMessage({ ...FULL, statement: 'two\nlines' }))
    invalid(() => createSiwsMessage({ ...FULL, statement: 'URI: https://evil.example' }))
    invalid(() => createSiwsMessage({ ...FULL, statement: 'Resources:' }))
    invalid(() => createSiwsMessage({ ...FULL, nonce: 'n\nURI: https://evil.example' }))
    invalid(() => createSiwsMessage({ ...FULL, domain: 'evil.example wants you to sign in with your Solana account:\nX\n\nexample.com' }))
    invalid(() => createSiwsMessage({ ...FULL, domain: '' }))
    invalid(() => createSiwsMessage({ ...FULL, address: 'A B' }))
    invalid(() => createSiwsMessage({ ...FULL, resources: [''] }))
    invalid(() => createSiwsMessage({ ...FULL, statement: 'x'.repeat(MAX_SIWX_MESSAGE_CHARS) }))
  })
})

describe('parseSiwsMessage', () => {
  it('reads every field back (round trip)', () => {
    expect(parseSiwsMessage(FULL_TEXT)).toEqual(FULL)
    expect(parseSiwsMessage(createSiwsMessage(FULL))).toEqual(FULL)
  })

  it('round-trips each subset of the optional fields', () => {
    const optional = ['statement', 'uri', 'version', 'chainId', 'nonce', 'issuedAt', 'expirationTime', 'notBefore', 'requestId', 'resources'] as const
    for (let mask = 0; mask < 1 << optional.length; mask += 37) {
      const fields: SolanaSignInFields = { domain: FULL.domain, address: FULL.address }
      optional.forEach((key, bit) => {
        if (mask & (1 << bit)) Object.assign(fields, { [key]: FULL[key] })
      })
      expect(parseSiwsMessage(createSiwsMessage(fields)), String(mask)).toEqual(fields)
    }
  })

  it('ignores trailing line breaks, as a wallet does', () => {
    expect(parseSiwsMessage(`${FULL_TEXT}\n\n`)).toEqual(FULL)
  })

  it('reads a message with a statement only, and with fields only', () => {
    expect(parseSiwsMessage('d.com wants you to sign in with your Solana account:\nA\n\nHello')).toEqual({ domain: 'd.com', address: 'A', statement: 'Hello' })
    expect(parseSiwsMessage('d.com wants you to sign in with your Solana account:\nA\n\nURI: https://d.com\nResources:')).toEqual({
      domain: 'd.com',
      address: 'A',
      uri: 'https://d.com',
      resources: [],
    })
  })

  it('refuses malformed texts', () => {
    const head = 'd.com wants you to sign in with your Solana account:\nA'
    invalid(() => parseSiwsMessage(42 as unknown as string))
    invalid(() => parseSiwsMessage(''))
    invalid(() => parseSiwsMessage('d.com wants you to sign in with your Ethereum account:\nA'))
    invalid(() => parseSiwsMessage(' wants you to sign in with your Solana account:\nA'))
    invalid(() => parseSiwsMessage('d.com wants you to sign in with your Solana account:'))
    invalid(() => parseSiwsMessage(`${head}\nStatement without blank line`))
    invalid(() => parseSiwsMessage(`${head}\n\n\nS`))
    invalid(() => parseSiwsMessage(`${head}\n\nline one\nline two`))
    invalid(() => parseSiwsMessage(`${head}\n\nS\n\nNonce: n\nURI: https://d.com`))
    invalid(() => parseSiwsMessage(`${head}\n\nNonce: n\nNonce: m`))
    invalid(() => parseSiwsMessage(`${head}\n\nNonce: `))
    invalid(() => parseSiwsMessage(`${head}\n\nNonce: n\nColour: blue`))
    invalid(() => parseSiwsMessage(`${head}\n\nResources:\n- a\nNonce: n`))
    invalid(() => parseSiwsMessage(`${head}\n\nResources:\n-`))
    // a well-formed message, only too long
    invalid(() => parseSiwsMessage(`${head}\n\n${'x'.repeat(MAX_SIWX_MESSAGE_CHARS)}`))
  })

  it('bounds the resources', () => {
    const head = 'd.com wants you to sign in with your Solana account:\nA\n\nResources:'
    const list = (n: number) => `${head}\n${Array.from({ length: n }, (_, i) => `- r${i}`).join('\n')}`
    expect(parseSiwsMessage(list(MAX_SIWX_RESOURCES)).resources).toHaveLength(MAX_SIWX_RESOURCES)
    invalid(() => parseSiwsMessage(list(MAX_SIWX_RESOURCES + 1)))
  })
})
