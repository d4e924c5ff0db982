import { describe, expect, it } from 'vitest'
import { createPublicClient, custom } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { parseSiwxMessage, siwxMessageText, type SiwxMessage } from './message.js'
import { verifySiwxSignature } from './verify.js'

// anvil's first dev key, and a key of another account.
const eoa = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8d8999145eb5ca2b2d')

const evmMessage = (accountAddress: string): SiwxMessage => ({
  accountAddress,
  chainId: 'eip155:31337',
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  version: '1',
  nonce: '0123456789abcdef0123456789abcdef',
  issuedAt: '2025-01-02T03:04:05.000Z',
})

const solanaKey = ed25519.utils.randomPrivateKey()
const solanaAddress = base58.encode(ed25519.getPublicKey(solanaKey))
const solanaMessage: SiwxMessage = {
  accountAddress: solanaAddress,
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  domain: 'example.com',
  uri: 'https://example.com',
  version: '1',
  nonce: 'fedcba9876543210fedcba9876543210',
  issuedAt: '2025-01-02T03:04:05.000Z',
}

describe('verifySiwxSignature on eip155 without a client (EOA)', () => {
  const text = siwxMessageText(evmMessage(eoa.address))
  const message = parseSiwxMessage(text, 'eip155')

  it('accepts the account\'s own signature of the text', async () => {
    const signature = await eoa.signMessage({ message: text })
    expect(await verifySiwxSignature({ message, text, signature })).toBe(true)
  })

  it('refuses another account\'s signature', async () => {
    const signature = await other.signMessage({ message: text })
    expect(await verifySiwxSignature({ message, text, signature })).toBe(false)
  })

  it('refuses a signature of the text by the account when the message names another address', async () => {
    const signature = await eoa.signMessage({ message: text })
    const otherText = siwxMessageText(evmMessage(other.address))
    expect(await verifySiwxSignature({ message: parseSiwxMessage(otherText, 'eip155'), text: otherText, signature })).toBe(false)
    // a message object that does not match its text signs nothing either
    expect(await verifySiwxSignature({ message: { ...message, accountAddress: other.address }, text, signature })).toBe(false)
  })

  it('refuses a tampered text', async () => {
    const signature = await eoa.signMessage({ message: text })
    const tampered = text.replace('Nonce: 0123456789abcdef0123456789abcdef', 'Nonce: 0123456789abcdef0123456789abcdee')
    expect(await verifySiwxSignature({ message: parseSiwxMessage(tampered, 'eip155'), text: tampered, signature })).toBe(false)
  })

  it('refuses malformed signatures', async () => {
    for (const signature of ['', '0x', 'nothex', '0x123', `0x${'00'.repeat(65)}`, `0x${'ab'.repeat(9000)}`]) {
      expect(await verifySiwxSignature({ message, text, signature }), signature.slice(0, 10)).toBe(false)
    }
  })
})

describe('verifySiwxSignature on eip155 with a client', () => {
  const text = siwxMessageText(evmMessage(eoa.address))
  const message = parseSiwxMessage(text, 'eip155')
  const down = createPublicClient({ transport: custom({ request: async () => Promise.reject(new Error('node down')) }, { retryCount: 0 }) })

  it('still accepts an EOA\'s signature when the node cannot be read (viem falls back to ECDSA recovery)', async () => {
    const signature = await eoa.signMessage({ message: text })
    expect(await verifySiwxSignature({ message, text, signature, client: down })).toBe(true)
  })

  it('refuses another signature when the node cannot be read (viem counts a failed call as not verified)', async () => {
    const signature = await other.signMessage({ message: text })
    expect(await verifySiwxSignature({ message, text, signature, client: down })).toBe(false)
  })
})

describe('verifySiwxSignature on solana (ed25519)', () => {
  const text = siwxMessageText(solanaMessage)
  const message = parseSiwxMessage(text, 'solana')
  const signed = ed25519.sign(new TextEncoder().encode(text), solanaKey)

  it('accepts the key\'s signature in base58 and in base64', async () => {
    expect(await verifySiwxSignature({ message, text, signature: base58.encode(signed) })).toBe(true)
    expect(await verifySiwxSignature({ message, text, signature: base64.encode(signed) })).toBe(true)
  })

  it('refuses a tampered text', async () => {
    const tampered = text.replace('https://example.com', 'https://example.org')
    expect(await verifySiwxSignature({ message: parseSiwxMessage(tampered, 'solana'), text: tampered, signature: base58.encode(signed) })).toBe(false)
  })

  it('refuses another key\'s signature and a flipped bit', async () => {
    const otherSigned = ed25519.sign(new TextEncoder().encode(text), ed25519.utils.randomPrivateKey())
    expect(await verifySiwxSignature({ message, text, signature: base58.encode(otherSigned) })).toBe(false)
    const flipped = signed.slice()
    flipped[10]! ^= 1
    expect(await verifySiwxSignature({ message, text, signature: base58.encode(flipped) })).toBe(false)
  })

  it('refuses a malformed signature or address', async () => {
    for (const signature of ['', 'not-base58!', base58.encode(signed.slice(0, 63)), 'x'.repeat(200)]) {
      expect(await verifySiwxSignature({ message, text, signature }), signature.slice(0, 10)).toBe(false)
    }
    const badAddress = siwxMessageText({ ...solanaMessage, accountAddress: 'NotAKey0' })
    expect(await verifySiwxSignature({ message: parseSiwxMessage(badAddress, 'solana'), text: badAddress, signature: base58.encode(signed) })).toBe(false)
  })
})
