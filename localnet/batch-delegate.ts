/**
 * The Localnet Wallet's EIP-5792 batches (issue 22) run through an EIP-7702 delegation of the dev
 * account to eth-infinitism's `Simple7702Account` (`@account-abstraction/contracts` 0.8.0, the
 * published artifact): its `executeBatch` runs the calls in one transaction and reverts them all
 * when one reverts. Deployed once per chain by dev account 9.
 */
import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'
import { rpc, sendAndWait } from './anvil.js'

const require = createRequire(import.meta.url)
const artifact = require('@account-abstraction/contracts/artifacts/Simple7702Account.json') as { abi: Abi; bytecode: Hex }

/**
 * Deploys Simple7702Account on the anvil at `rpcUrl` from dev account 9.
 * @returns its address. @throws Error 'Simple7702Account deployment failed' when the receipt says so.
 */
export async function deployBatchDelegate(rpcUrl: string): Promise<Hex> {
  const accounts = await rpc<Hex[]>(rpcUrl, 'eth_accounts')
  const receipt = await sendAndWait(rpcUrl, { from: accounts[9]!, data: artifact.bytecode })
  if (receipt.status !== '0x1' || !receipt.contractAddress) throw new Error('Simple7702Account deployment failed')
  return receipt.contractAddress
}
