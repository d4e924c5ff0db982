/**
 * SIWX on bip122 (docs/behaviour.md §4 SIWX): the text Gangway writes is AppKit's informal layout
 * with the Bitcoin network's name and the whole CAIP-2 id; `gangway/siwx-server` verifies a sign-in
 * the Localnet Wallet signs, BIP-322 or legacy, and refuses a tampered one.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { parseSiwxMessage, siwxMessageText, type SiwxMessage } from '../../src/siwx/message.js'
import { createSiwxServer, type SiwxServer } from '../../src/siwx-server/index.js'
import { bitcoinAccounts, signBitcoinMessage } from '../../localnet/wallet/bitcoin-sign.js'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const key = sha256(utf8ToBytes('gangway siwx bitcoin test'))
const [payment, ordinals] = bitcoinAccounts(key)
const START = Date.parse('2025-01-01T00:00:00.000Z')
const base = (over: Partial<SiwxMessage> = {}): SiwxMessage => ({ accountAddress: payment.address, chainId: REGTEST, domain: 'localhost:5173', uri: 'http://localhost:5173/', version: '1', nonce: '01234567', issuedAt: new Date(START).toISOString(), ...over })

describe('SIWX on bip122', () => {
  it('writes AppKit’s informal text: the network’s name in the header, the whole CAIP-2 id as Chain ID', () => {
    expect(siwxMessageText(base({ accountAddress: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', chainId: MAINNET, domain: 'example.com', uri: 'https://example.com/' }))).toBe(
      ['example.com wants you to sign in with your Bitcoin account:', 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l', '', 'URI: https://example.com/', 'Version: 1', `Chain ID: ${MAINNET}`, 'Nonce: 01234567', 'Issued At: 2025-01-01T00:00:00.000Z'].join('\n'),
    )
    const withStatement = siwxMessageText(base({ statement: 'Sign in to the shop', resources: ['https://example.com/terms'] }))
    expect(withStatement.split('\n').slice(0, 5)).toEqual(['localhost:5173 wants you to sign in with your Bitcoin Regtest account:', payment.address, '', 'Sign in to the shop', ''])
    expect(parseSiwxMessage(withStatement, 'bip122')).toEqual(base({ statement: 'Sign in to the shop', resources: ['https://example.com/terms'] }))
  })

  it('refuses a text whose header and Chain ID name different networks, an address of another network, and another layout', () => {
    const text = siwxMessageText(base())
    expect(() => parseSiwxMessage(text.replace('Bitcoin Regtest account', 'Bitcoin account'), 'bip122')).toThrow('Invalid SIWX message')
    expect(() => siwxMessageText(base({ chainId: MAINNET }))).toThrow('Invalid SIWX message')
    expect(() => parseSiwxMessage(text.replace('Version: 1\n', ''), 'bip122')).toThrow('Invalid SIWX message')
    expect(() => parseSiwxMessage(`${text}\nExtra: line`, 'bip122')).toThrow('Invalid SIWX message')
  })

  describe('gangway/siwx-server', () => {
    let now = START
    let siwx: SiwxServer
    beforeEach(() => {
      now = START
      siwx = createSiwxServer({ domain: 'localhost:5173', uri: 'http://localhost:5173/', chains: { [REGTEST]: '' }, clock: () => now })
    })

    it('signs in a BIP-322 signature of either account and a legacy one of the payment account; the session names the address', async () => {
      for (const [account, legacy] of [[payment, false], [ordinals, false], [payment, true]] as const) {
        const message = siwxMessageText(base({ accountAddress: account.address, nonce: (await siwx.issueNonce()).nonce }))
        const session = await siwx.verify({ message, signature: signBitcoinMessage(utf8ToBytes(message), account, key, legacy) })
        expect(session.caipAddress).toBe(`${REGTEST}:${account.address}`)
      }
    })

    it('refuses a tampered signature and a signature of another message', async () => {
      const message = siwxMessageText(base({ nonce: (await siwx.issueNonce()).nonce }))
      const signature = signBitcoinMessage(utf8ToBytes(message), payment, key)
      const bytes = Buffer.from(signature, 'base64')
      bytes[12]! ^= 0x01
      await expect(siwx.verify({ message, signature: bytes.toString('base64') })).rejects.toThrow('Invalid signature')
      const other = siwxMessageText(base({ nonce: (await siwx.issueNonce()).nonce }))
      await expect(siwx.verify({ message: other, signature })).rejects.toThrow('Invalid signature')
    })
  })
})
