// The site the Redis tests sign in to, and its signer: a Solana account (ed25519 needs no node).
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { siwxMessageText } from '../../src/siwx/message.js'

import { SITE_ORIGIN, SOLANA_CHAIN } from '../../localnet/siwx-instance.js'

export { SITE_ORIGIN, SOLANA_CHAIN }

/** A fresh Solana account: its address and a signer of sign-in messages to `origin` with a given nonce. */
export function solanaAccount(origin = SITE_ORIGIN): { address: string; signIn(nonce: string): { message: string; signature: string } } {
  const key = ed25519.utils.randomPrivateKey()
  const address = base58.encode(ed25519.getPublicKey(key))
  return {
    address,
    signIn(nonce) {
      const message = siwxMessageText({ accountAddress: address, chainId: SOLANA_CHAIN, domain: new URL(origin).host, uri: origin, version: '1', nonce, issuedAt: new Date().toISOString() })
      return { message, signature: base58.encode(ed25519.sign(new TextEncoder().encode(message), key)) }
    },
  }
}
