/**
 * Holdings worth showing in the Account tabs, seeded on each localnet EVM chain after HBD
 * (contracts.ts) by dev account 9, in the same order on every chain so every contract has the same
 * address everywhere:
 * - ERC20s (OpenZeppelin 4.9 ERC20PresetMinterPauser): Tidewater (TIDE) and Kelp Credits (KELP), 18 decimals;
 * - Pearl Points (PRL), an ERC20 with decimals 0 (solidity.ts), which the product drops (docs/behaviour.md §5);
 * - two ERC721 collections (ERC721PresetMinterPauserAutoId) whose token URIs point at the
 *   blockchain service emulator's metadata: Harbour Crew (HCREW) and Free Mint Voucher (FREE),
 *   an unsolicited airdrop that the emulator flags as spam;
 * - transfers to and from dev account 0 (the demo's first account) on both chains.
 * Demo and test tooling only.
 */
import { createRequire } from 'node:module'
import { encodeAbiParameters, encodeFunctionData, getContractAddress, parseEther, parseUnits, type Abi, type Hex } from 'viem'
import { rpc, sendAndWait } from './anvil.js'
import { wholeUnitToken } from './solidity.js'

const require = createRequire(import.meta.url)
const erc20Preset = require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as { abi: Abi; bytecode: Hex }
const erc721Preset = require('@openzeppelin/contracts/build/contracts/ERC721PresetMinterPauserAutoId.json') as { abi: Abi; bytecode: Hex }

export interface SeededToken {
  address: Hex
  name: string
  symbol: string
  decimals: number
}

export interface SeededCollection {
  address: Hex
  name: string
  symbol: string
  /** Flagged as spam by the blockchain service emulator. */
  spam: boolean
}

export interface SeededAssets {
  tokens: SeededToken[]
  collections: SeededCollection[]
}

/** ERC20s seeded after HBD, in deployment order. */
export const SEEDED_TOKENS = [
  { name: 'Tidewater', symbol: 'TIDE', decimals: 18 },
  { name: 'Kelp Credits', symbol: 'KELP', decimals: 18 },
  { name: 'Pearl Points', symbol: 'PRL', decimals: 0 },
] as const

/** ERC721 collections, deployed after the ERC20s. */
export const SEEDED_COLLECTIONS = [
  { name: 'Harbour Crew', symbol: 'HCREW', spam: false },
  { name: 'Free Mint Voucher', symbol: 'FREE', spam: true },
] as const

/** What dev account 0 receives on each chain (index 0: chain 31337, 1: chain 31338), in whole units. */
export const SEEDED_HOLDINGS = [
  { TIDE: '2500.123456', KELP: '42.5', PRL: '7', HCREW: 3, FREE: 1, ethIn: '1.5', hbdOut: '25' },
  { TIDE: '10', KELP: '0', PRL: '0', HCREW: 1, FREE: 0, ethIn: '0.25', hbdOut: '0' },
] as const

async function send(rpcUrl: string, tx: Record<string, string>): Promise<{ contractAddress: Hex | null; status: string }> {
  const receipt = await sendAndWait(rpcUrl, tx)
  if (receipt.status !== '0x1') throw new Error(`seeding transaction failed: ${JSON.stringify(tx).slice(0, 120)}`)
  return receipt
}

async function deploy(rpcUrl: string, from: Hex, artifact: { bytecode: Hex }, types: { type: string }[], args: unknown[]): Promise<Hex> {
  const nonce = BigInt(await rpc<Hex>(rpcUrl, 'eth_getTransactionCount', [from, 'latest']))
  const receipt = await send(rpcUrl, { from, data: `${artifact.bytecode}${encodeAbiParameters(types, args).slice(2)}` })
  const expected = getContractAddress({ from, nonce })
  if (receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) throw new Error('asset deployment failed')
  return expected
}

/**
 * Deploys the seeded assets on the anvil at `rpcUrl` (after HBD, from dev account 9) and makes the
 * transfers of SEEDED_HOLDINGS[`chainIndex`]. `nftBaseUrl`: the collections' token URIs are
 * `{nftBaseUrl}{symbol}/{tokenId}`. `hbd`: the HBD contract, for account 0's outgoing transfer.
 * @throws Error 'asset deployment failed' or 'seeding transaction failed: …'.
 */
export async function seedAssets(rpcUrl: string, { nftBaseUrl, chainIndex, hbd }: { nftBaseUrl: string; chainIndex: number; hbd: Hex }): Promise<SeededAssets> {
  const accounts = await rpc<Hex[]>(rpcUrl, 'eth_accounts')
  const [visitor, friend, , other] = accounts as [Hex, Hex, Hex, Hex]
  const deployer = accounts[9]!
  const whole = await wholeUnitToken()
  const tokens: SeededToken[] = []
  for (const t of SEEDED_TOKENS) {
    const artifact = t.decimals === 0 ? whole : erc20Preset
    tokens.push({ ...t, address: await deploy(rpcUrl, deployer, artifact, [{ type: 'string' }, { type: 'string' }], [t.name, t.symbol]) })
  }
  const collections: SeededCollection[] = []
  for (const c of SEEDED_COLLECTIONS) {
    const address = await deploy(rpcUrl, deployer, erc721Preset, [{ type: 'string' }, { type: 'string' }, { type: 'string' }], [c.name, c.symbol, `${nftBaseUrl}${c.symbol}/`])
    collections.push({ ...c, address })
  }

  const holdings = SEEDED_HOLDINGS[chainIndex] ?? SEEDED_HOLDINGS[1]
  for (const t of tokens) {
    const amount = parseUnits(holdings[t.symbol as 'TIDE' | 'KELP' | 'PRL'], t.decimals)
    if (amount > 0n) await send(rpcUrl, { from: deployer, to: t.address, data: encodeFunctionData({ abi: erc20Preset.abi, functionName: 'mint', args: [visitor, amount] }) })
  }
  for (const c of collections) {
    for (let i = 0; i < holdings[c.symbol as 'HCREW' | 'FREE']; i++) {
      await send(rpcUrl, { from: deployer, to: c.address, data: encodeFunctionData({ abi: erc721Preset.abi, functionName: 'mint', args: [visitor] }) })
    }
  }
  await send(rpcUrl, { from: friend, to: visitor, value: `0x${parseEther(holdings.ethIn).toString(16)}` })
  if (holdings.hbdOut !== '0') {
    await send(rpcUrl, { from: visitor, to: hbd, data: encodeFunctionData({ abi: erc20Preset.abi, functionName: 'transfer', args: [other, parseEther(holdings.hbdOut)] }) })
  }
  return { tokens, collections }
}
