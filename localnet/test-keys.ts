/** Fixed test keys for the localnet's own actors (deployers, the bundler, the paymaster). Demo and test tooling only. */
import { encodePacked, keccak256, type Hex } from 'viem'

/**
 * The private key named by `label` (keccak-256 of its UTF-8): the same on every run and every
 * chain, and none of anvil's dev accounts, whose nonces and balances the other tooling reads.
 * @example const deployer = privateKeyToAccount(labelledKey('gangway localnet safe deployer'))
 */
export const labelledKey = (label: string): Hex => keccak256(encodePacked(['string'], [label]))
