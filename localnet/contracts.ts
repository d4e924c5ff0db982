/**
 * Localnet tokens: OpenZeppelin 4.9's compiled ERC20PresetMinterPauser, deployed by anvil's dev
 * account 9 at nonce 0 on a fresh chain, so its address is the same on every localnet chain, and
 * minted to dev accounts 0–2.
 */
import { createRequire } from 'node:module'
import { encodeAbiParameters, encodeFunctionData, getContractAddress, type Abi, type Hex } from 'viem'
import { rpc, sendAndWait } from './anvil.js'

const require = createRequire(import.meta.url)
const artifact = require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as { abi: Abi; bytecode: Hex }

/** An ERC20 as the demo page and tests describe it. */
export interface LocalnetToken {
  address: Hex
  name: string
  symbol: string
  decimals: number
}

/** The localnet ERC20: "Harbour Dollar" (HBD), 18 decimals. */
export const HBD = { name: 'Harbour Dollar', symbol: 'HBD', decimals: 18 }
/** What each of dev accounts 0–2 holds after deployment, in the token's smallest unit. */
export const HBD_MINTED = 1_000_000n * 10n ** 18n

/**
 * Deploys HBD on the anvil at `rpcUrl` from dev account 9 (which must be at nonce 0) and mints
 * HBD_MINTED to dev accounts 0, 1 and 2.
 * @throws Error 'token deployment failed' when the receipt says so or the address is not the expected one.
 */
export async function deployToken(rpcUrl: string): Promise<LocalnetToken> {
  const accounts = await rpc<Hex[]>(rpcUrl, 'eth_accounts')
  const deployer = accounts[9]!
  const expected = getContractAddress({ from: deployer, nonce: 0n })
  const args = encodeAbiParameters([{ type: 'string' }, { type: 'string' }], [HBD.name, HBD.symbol])
  const receipt = await sendAndWait(rpcUrl, { from: deployer, data: `${artifact.bytecode}${args.slice(2)}` })
  if (receipt.status !== '0x1' || receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) throw new Error('token deployment failed')
  for (const to of accounts.slice(0, 3)) {
    await sendAndWait(rpcUrl, { from: deployer, to: expected, data: encodeFunctionData({ abi: artifact.abi, functionName: 'mint', args: [to, HBD_MINTED] }) })
  }
  return { address: expected, ...HBD }
}
