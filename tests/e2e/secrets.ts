/** What must never appear in an exported log (issue 7): the localnet's keys and anything key- or token-shaped. */
import { createHash } from 'node:crypto'
import { bytesToHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

const MNEMONIC = 'test test test test test test test test test test test junk'

/** The anvil dev accounts' private keys (0x-less hex) and the Localnet Wallet's Solana seed. */
function knownKeys(): { label: string; value: string }[] {
  const evm = Array.from({ length: 10 }, (_, i) => ({ label: `anvil dev key ${i}`, value: bytesToHex(mnemonicToAccount(MNEMONIC, { addressIndex: i }).getHdKey().privateKey!).slice(2) }))
  const solana = { label: 'Solana dev seed', value: createHash('sha256').update('gangway-localnet-solana-wallet').digest('hex') }
  return [...evm, solana]
}

/** Names the secrets found in `text` (an exported log): known keys, and key, URI or token shapes. */
export function secretsIn(text: string): string[] {
  const lower = text.toLowerCase()
  const found = knownKeys()
    .filter((k) => lower.includes(k.value))
    .map((k) => k.label)
  const shapes: [string, RegExp][] = [
    ['WalletConnect symKey', /symkey/i],
    ['WalletConnect URI', /wc:[0-9a-f]{64}@2/i],
    ['private key field', /private_?key|secret_?key|mnemonic|seed_?phrase/i],
    ['bearer token', /bearer\s+[a-z0-9._-]{10,}/i],
    ['JWT', /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\./],
    ['auth token field', /"(access|refresh|auth|id)_?token"/i],
    // The secure-site emulator's session, device, OAuth state and code, Farcaster channel and approval tokens (localnet/services/secure-site/secrets.ts).
    ['secure-site token', /\bs(st|dt|os|oc|fc|ap)_[0-9a-f]{16,}/],
    ['OAuth code or state in a URL', /[?&](code|state)=[^&"\s]{6,}/],
  ]
  for (const [label, pattern] of shapes) if (pattern.test(text)) found.push(label)
  return found
}
