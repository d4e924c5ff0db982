/**
 * The secure-site emulator's smart accounts (issue 19): Safe 1.4.1 from its published artifacts
 * (`@safe-global/safe-contracts`: the Safe singleton, SafeProxyFactory, CompatibilityFallbackHandler),
 * one Safe per user with the user's eoa as its only owner, no bundler: the owner executes through
 * `execTransaction`.
 * - Deployment (`deploySafeContracts`): the three contracts from a dedicated deployer key at its
 *   first nonces, so their addresses, and so every user's Safe address, are the same on every chain.
 * - A user's Safe (`safeAccount`) has a counterfactual address (CREATE2 from the factory) before it
 *   exists; its first send deploys it through the factory.
 * - Signing as the Safe: the owner signs EIP-712 `SafeMessage(bytes message)` over the message's
 *   EIP-191 hash; while the Safe has no code the signature is wrapped for ERC-6492 (the factory call
 *   that would deploy it), and once deployed it verifies through EIP-1271 (`isValidSignature`, served by
 *   the fallback handler). viem's `verifyMessage` checks either.
 * Demo and test tooling only.
 */
import { createRequire } from 'node:module'
import {
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  hashMessage,
  http,
  keccak256,
  padHex,
  serializeErc6492Signature,
  zeroAddress,
  type Abi,
  type Chain,
  type Hex,
  type LocalAccount,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { labelledKey } from './test-keys.js'

const require = createRequire(import.meta.url)
type Artifact = { abi: Abi; bytecode: Hex }
const artifact = (path: string) => require(`@safe-global/safe-contracts/build/artifacts/contracts/${path}`) as Artifact
const SAFE = artifact('Safe.sol/Safe.json')
const FACTORY = artifact('proxies/SafeProxyFactory.sol/SafeProxyFactory.json')
const HANDLER = artifact('handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json')
const PROXY = artifact('proxies/SafeProxy.sol/SafeProxy.json')

/**
 * The key that deploys the Safe contracts on every localnet chain (a fixed test key, not one of
 * anvil's dev accounts, whose nonces the other tooling uses): its nonces 0, 1, 2 give the same
 * three addresses everywhere.
 */
const DEPLOYER = privateKeyToAccount(labelledKey('gangway localnet safe deployer'))

/** The deployed Safe contracts. */
export interface SafeContracts {
  singleton: Hex
  factory: Hex
  handler: Hex
}

/** A chain the tooling reaches over JSON-RPC. */
const clients = (chain: Chain) => {
  const transport = http(chain.rpcUrls.default.http[0])
  return { pub: createPublicClient({ chain, transport }) }
}

/**
 * Deploys the Safe singleton, the proxy factory and the fallback handler on `chain` (an anvil: the
 * deployer is funded with `anvil_setBalance`), once: a chain that has them already keeps them.
 * @throws Error 'Safe deployment failed: {name}' when a deployment's receipt fails or lands elsewhere.
 */
export async function deploySafeContracts(chain: Chain): Promise<SafeContracts> {
  const { pub } = clients(chain)
  const wallet = createWalletClient({ chain, transport: http(chain.rpcUrls.default.http[0]), account: DEPLOYER })
  const [singleton, factory, handler] = [0n, 1n, 2n].map((nonce) => getContractAddress({ from: DEPLOYER.address, nonce }))
  const contracts = { singleton: singleton!, factory: factory!, handler: handler! }
  if ((await pub.getCode({ address: contracts.handler })) !== undefined) return contracts
  await pub.request({ method: 'anvil_setBalance' as never, params: [DEPLOYER.address, '0x56bc75e2d63100000'] as never })
  for (const [name, a, at] of [['Safe', SAFE, contracts.singleton], ['SafeProxyFactory', FACTORY, contracts.factory], ['CompatibilityFallbackHandler', HANDLER, contracts.handler]] as const) {
    const receipt = await pub.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: a.abi, bytecode: a.bytecode }) })
    if (receipt.status !== 'success' || receipt.contractAddress?.toLowerCase() !== at.toLowerCase()) throw new Error(`Safe deployment failed: ${name}`)
  }
  return contracts
}

/** A user's Safe on a chain: its address, whether it exists, signing and sending as it. */
export interface SafeAccount {
  /** The Safe's address (the same before and after deployment, on every chain). */
  address: Hex
  /** The calldata of the factory call that deploys it (ERC-6492's `factoryData`). */
  factoryData: Hex
  /** Whether its code is on chain. */
  deployed(): Promise<boolean>
  /** An EIP-191 message signed as the Safe: EIP-1271 once deployed, ERC-6492-wrapped before. */
  signMessage(message: string): Promise<Hex>
  /** Deploys the Safe through the factory (the owner pays); nothing when it exists. Returns whether it deployed it. */
  deploy(): Promise<boolean>
  /** Sends `value` (wei) and `data` to `to` from the Safe: deploys it first if needed, then `execTransaction` signed by the owner. Returns the transaction hash. */
  sendTransaction(tx: { to: Hex; value?: bigint; data?: Hex }): Promise<Hex>
}

/** The Safe of `owner` (its only owner, threshold 1, salt nonce 0) on `chain`. */
export function safeAccount(owner: LocalAccount, contracts: SafeContracts, chain: Chain): SafeAccount {
  const { pub } = clients(chain)
  const wallet = createWalletClient({ chain, transport: http(chain.rpcUrls.default.http[0]), account: owner })
  const initializer = encodeFunctionData({ abi: SAFE.abi, functionName: 'setup', args: [[owner.address], 1n, zeroAddress, '0x', contracts.handler, zeroAddress, 0n, zeroAddress] })
  const factoryData = encodeFunctionData({ abi: FACTORY.abi, functionName: 'createProxyWithNonce', args: [contracts.singleton, initializer, 0n] })
  const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(initializer), 0n]))
  const address = getContractAddress({ opcode: 'CREATE2', from: contracts.factory, salt, bytecode: concatHex([PROXY.bytecode, padHex(contracts.singleton, { size: 32 })]) })
  const domain = { chainId: chain.id, verifyingContract: address }
  const deployed = async () => (await pub.getCode({ address })) !== undefined
  const deploy = async () => {
    if (await deployed()) return false
    const receipt = await pub.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: contracts.factory, data: factoryData }) })
    if (receipt.status !== 'success') throw new Error('Safe deployment failed: proxy')
    return true
  }
  return {
    address,
    factoryData,
    deployed,
    deploy,
    async signMessage(message) {
      const signature = await owner.signTypedData({ domain, types: { SafeMessage: [{ name: 'message', type: 'bytes' }] }, primaryType: 'SafeMessage', message: { message: hashMessage(message) } })
      return (await deployed()) ? signature : serializeErc6492Signature({ address: contracts.factory, data: factoryData, signature })
    },
    async sendTransaction({ to, value = 0n, data = '0x' }) {
      await deploy()
      const nonce = (await pub.readContract({ address, abi: SAFE.abi, functionName: 'nonce' })) as bigint
      const fields = [to, value, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress] as const
      const signature = await owner.signTypedData({
        domain,
        primaryType: 'SafeTx',
        types: {
          SafeTx: [
            { name: 'to', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'data', type: 'bytes' },
            { name: 'operation', type: 'uint8' },
            { name: 'safeTxGas', type: 'uint256' },
            { name: 'baseGas', type: 'uint256' },
            { name: 'gasPrice', type: 'uint256' },
            { name: 'gasToken', type: 'address' },
            { name: 'refundReceiver', type: 'address' },
            { name: 'nonce', type: 'uint256' },
          ],
        },
        message: { to, value, data, operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: zeroAddress, refundReceiver: zeroAddress, nonce },
      })
      return wallet.writeContract({ address, abi: SAFE.abi, functionName: 'execTransaction', args: [...fields, signature] })
    },
  }
}
