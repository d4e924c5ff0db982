import { describe, expect, it } from 'vitest'
import { GangwayError } from '../events/kernel/errors.js'
import { parseSiwxMessage, siwxMessageText, type SiwxMessage } from './message.js'

const EVM: SiwxMessage = {
  accountAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  chainId: 'eip155:31337',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173/login',
  version: '1',
  nonce: '0123456789abcdef0123456789abcdef',
  statement: 'Sign in to the demo',
  issuedAt: '2025-01-02T03:04:05.000Z',
  expirationTime: '2025-01-02T04:04:05.000Z',
  notBefore: '2025-01-02T03:00:00.000Z',
  requestId: 'req-7',
  resources: ['https://example.com/terms', 'ipfs://bafybeigdyrzt'],
}
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const SOLANA: SiwxMessage = {
  accountAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  domain: 'example.com',
  uri: 'https://example.com',
  version: '1',
  nonce: 'fedcba9876543210fedcba9876543210',
  issuedAt: '2025-01-02T03:04:05.000Z',
  expirationTime: '2025-01-02T04:04:05.000Z',
}

const invalid = (fn: () => unknown) => {
  let thrown: unknown
  try {
    fn()
  } catch (e) {
    thrown = e
  }
  expect(thrown).toBeInstanceOf(GangwayError)
  expect((thrown as Error).message).toBe('Invalid SIWX message')
}

describe('siwxMessageText on eip155', () => {
  it('writes EIP-4361 with the chain id as a number and the address checksummed', () => {
    expect(siwxMessageText(EVM)).toBe(
      [
        `localhost:5173 wants you to sign in with your Ethereum account:`,
        CHECKSUMMED,
        '',
        'Sign in to the demo',
        '',
        'URI: http://localhost:5173/login',
        'Version: 1',
        'Chain ID: 31337',
        'Nonce: 0123456789abcdef0123456789abcdef',
        'Issued At: 2025-01-02T03:04:05.000Z',
        'Expiration Time: 2025-01-02T04:04:05.000Z',
        'Not Before: 2025-01-02T03:00:00.000Z',
        'Request ID: req-7',
        'Resources:',
        '- https://example.com/terms',
        '- ipfs://bafybeigdyrzt',
      ].join('\n'),
    )
  })

  it('refuses what EIP-4361 cannot carry', () => {
    invalid(() => siwxMessageText({ ...EVM, chainId: 'eip155:0x1' as never }))
    invalid(() => siwxMessageText({ ...EVM, chainId: 'eip155:abc' }))
    invalid(() => siwxMessageText({ ...EVM, accountAddress: '0x1234' }))
    invalid(() => siwxMessageText({ ...EVM, version: '2' }))
    invalid(() => siwxMessageText({ ...EVM, nonce: 'short' }))
    invalid(() => siwxMessageText({ ...EVM, domain: 'not a domain' }))
    invalid(() => siwxMessageText({ ...EVM, statement: 'two\nlines' }))
    invalid(() => siwxMessageText({ ...EVM, issuedAt: 'yesterday' }))
    invalid(() => siwxMessageText({ ...EVM, expirationTime: '2025-02-30T00:00:00Z' }))
    invalid(() => siwxMessageText({ ...EVM, chainId: 'bip122:000000000019d6689c085ae165831e93' }))
  })
})

describe('parseSiwxMessage on eip155', () => {
  it('reads back what siwxMessageText wrote (round trip), the address checksummed', () => {
    expect(parseSiwxMessage(siwxMessageText(EVM), 'eip155')).toEqual({ ...EVM, accountAddress: CHECKSUMMED })
    expect(parseSiwxMessage(siwxMessageText(EVM), 'eip155:31337')).toEqual({ ...EVM, accountAddress: CHECKSUMMED })
    const minimal: SiwxMessage = { accountAddress: CHECKSUMMED, chainId: 'eip155:1', domain: 'example.com', uri: 'https://example.com', version: '1', nonce: 'abcdefgh12345678', issuedAt: '2025-01-02T03:04:05.000Z' }
    expect(parseSiwxMessage(siwxMessageText(minimal), 'eip155')).toEqual(minimal)
  })

  it('keeps the times as the text writes them, in any RFC 3339 form', () => {
    const text = siwxMessageText(EVM).replace('Issued At: 2025-01-02T03:04:05.000Z', 'Issued At: 2025-01-02T05:04:05+02:00')
    expect(parseSiwxMessage(text, 'eip155').issuedAt).toBe('2025-01-02T05:04:05+02:00')
  })

  it('refuses texts viem would half-read', () => {
    const text = siwxMessageText(EVM)
    invalid(() => parseSiwxMessage(`https://${text}`, 'eip155'))
    invalid(() => parseSiwxMessage(text.replace(CHECKSUMMED, CHECKSUMMED.toLowerCase()), 'eip155'))
    invalid(() => parseSiwxMessage(`${text}\nExtra: line`, 'eip155'))
    invalid(() => parseSiwxMessage(`Please sign:\n${text}`, 'eip155'))
    invalid(() => parseSiwxMessage(text.replace('Issued At: 2025-01-02T03:04:05.000Z', 'Issued At: Jan 2 2025'), 'eip155'))
    invalid(() => parseSiwxMessage(text.replace('Nonce: 0123456789abcdef0123456789abcdef\n', ''), 'eip155'))
    invalid(() => parseSiwxMessage(text.replace('Version: 1', 'Version: 2'), 'eip155'))
    invalid(() => parseSiwxMessage('hello', 'eip155'))
    invalid(() => parseSiwxMessage(`${text}\n`.padEnd(9000, 'x'), 'eip155'))
  })

  it('refuses an unknown namespace', () => {
    invalid(() => parseSiwxMessage(siwxMessageText(EVM), 'bip122'))
    invalid(() => parseSiwxMessage(siwxMessageText(EVM), 'eip155:1:0xabc'))
  })
})

describe('siwxMessageText and parseSiwxMessage on solana', () => {
  it('writes Sign-In-With-Solana with the CAIP-2 reference as Chain ID', () => {
    expect(siwxMessageText(SOLANA)).toBe(
      [
        'example.com wants you to sign in with your Solana account:',
        SOLANA.accountAddress,
        '',
        'URI: https://example.com',
        'Version: 1',
        'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        'Nonce: fedcba9876543210fedcba9876543210',
        'Issued At: 2025-01-02T03:04:05.000Z',
        'Expiration Time: 2025-01-02T04:04:05.000Z',
      ].join('\n'),
    )
  })

  it('round-trips, with and without the optional fields', () => {
    expect(parseSiwxMessage(siwxMessageText(SOLANA), 'solana')).toEqual(SOLANA)
    const full: SiwxMessage = { ...SOLANA, statement: 'Sign in', notBefore: '2025-01-02T03:00:00Z', requestId: 'r1', resources: ['https://example.com/a'] }
    expect(parseSiwxMessage(siwxMessageText(full), SOLANA.chainId)).toEqual(full)
  })

  it('reads a Chain ID written as a whole CAIP-2 id, as some wallets do', () => {
    const text = siwxMessageText(SOLANA).replace('Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Chain ID: solana:mainnet')
    expect(parseSiwxMessage(text, 'solana').chainId).toBe('solana:mainnet')
  })

  it('refuses a message without the fields a sign-in needs, or with a bad time', () => {
    const text = siwxMessageText(SOLANA)
    invalid(() => parseSiwxMessage(text.replace('Nonce: fedcba9876543210fedcba9876543210\n', ''), 'solana'))
    invalid(() => parseSiwxMessage(text.replace('URI: https://example.com\n', ''), 'solana'))
    invalid(() => parseSiwxMessage(text.replace('2025-01-02T04:04:05.000Z', 'tomorrow'), 'solana'))
    invalid(() => parseSiwxMessage(text.replace('Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Chain ID: eip155:1'), 'solana'))
    invalid(() => parseSiwxMessage(siwxMessageText(EVM), 'solana'))
    invalid(() => siwxMessageText({ ...SOLANA, issuedAt: 'now' }))
  })
})
