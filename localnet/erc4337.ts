/**
 * ERC-4337 on a localnet chain, from published artifacts at the addresses the ecosystem's clients
 * expect (permissionless' `toSafeSmartAccount`, viem's `entryPoint07Address`, a bundler):
 * - EntryPoint v0.7 (`@account-abstraction/contracts@0.7.0`, under the npm alias
 *   `account-abstraction-contracts-v07`) through the deterministic deployer anvil ships
 *   (0x4e59…956C) with the salt of its canonical deployment: 0x0000000071727De22E5E9d8BAf0edAc6f37da032.
 * - Safe 1.4.1 (`@safe-global/safe-contracts`: the singleton, SafeProxyFactory, MultiSend,
 *   MultiSendCallOnly, CompatibilityFallbackHandler) through the Safe singleton factory
 *   (0x914d…43d7, deployed by its presigned transaction for the chain from
 *   `@safe-global/safe-singleton-factory`) with salt 0: their canonical addresses.
 * - The Safe 4337 module and SafeModuleSetup (`@safe-global/safe-4337@0.3.0`) through the
 *   deterministic deployer with salt 0: their canonical addresses.
 * - SafeWebAuthnSharedSigner, SafeWebAuthnSignerFactory (which makes an added passkey's signer
 *   contract) and the FCL P-256 verifier (`@safe-global/safe-passkey@0.2.0`) the same way, at the addresses Gangway's passkey account uses (SAFE_PASSKEY_CONTRACTS); their 0.2.0
 *   addresses differ from the 0.2.1 ones permissionless defaults to, so callers pass them.
 * Each deployment checks the address it lands at against the one expected. Demo and test tooling only.
 */
import { createRequire } from 'node:module'
import { concatHex, encodeAbiParameters, getContractAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { asImpersonated, rpc, sendAndWait, waitForReceipt } from './anvil.js'
import { labelledKey } from './test-keys.js'
import { SAFE_PASSKEY_CONTRACTS } from '../src/chains/eip155/passkey/passkey-account.js'

const require = createRequire(import.meta.url)
type Artifact = { bytecode: Hex | { object: Hex } }
const bytecodeOf = (path: string): Hex => {
  const { bytecode } = require(path) as Artifact
  return typeof bytecode === 'string' ? bytecode : bytecode.object
}
const safe = (path: string) => bytecodeOf(`@safe-global/safe-contracts/build/artifacts/contracts/${path}`)
const safe4337 = (path: string) => bytecodeOf(`@safe-global/safe-4337/build/artifacts/contracts/${path}`)
const passkey = (path: string) => bytecodeOf(`@safe-global/safe-passkey/build/artifacts/contracts/${path}`)

/** Arachnid's deterministic deployment proxy, which anvil has at genesis. */
export const DETERMINISTIC_DEPLOYER: Hex = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** The Safe singleton factory (the same proxy code, deployed by a presigned transaction per chain id). */
export const SAFE_SINGLETON_FACTORY: Hex = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'
/** The canonical EntryPoint v0.7. */
export const ENTRY_POINT_07: Hex = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
/** The salt of EntryPoint v0.7's canonical deployment through the deterministic deployer. */
const ENTRY_POINT_07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
const ZERO_SALT: Hex = `0x${'00'.repeat(32)}`
/**
 * Who sends the deployments (impersonated on anvil; the factories' CREATE2 makes the addresses
 * independent of it): not one of anvil's dev accounts, whose nonces and balances the tests read.
 */
const DEPLOYER = privateKeyToAccount(labelledKey('gangway localnet erc4337 deployer')).address

/** The ERC-4337 contracts on a chain, by role. */
export interface Erc4337Contracts {
  entryPoint: Hex
  safeSingleton: Hex
  safeProxyFactory: Hex
  multiSend: Hex
  multiSendCallOnly: Hex
  fallbackHandler: Hex
  safe4337Module: Hex
  safeModuleSetup: Hex
  webAuthnSharedSigner: Hex
  webAuthnSignerFactory: Hex
  p256Verifier: Hex
}

/** One contract to deploy: through which factory, with which salt and init code, and where it must land. */
interface Planned {
  name: keyof Erc4337Contracts
  factory: Hex
  salt: Hex
  initCode: Hex
  expected?: Hex
}

/** The plan: every contract, in an order that deploys a contract's dependencies first. */
function plan(): Planned[] {
  const entryPoint = bytecodeOf('account-abstraction-contracts-v07/artifacts/EntryPoint.json')
  const module4337 = concatHex([safe4337('Safe4337Module.sol/Safe4337Module.json'), encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_07])])
  return [
    { name: 'entryPoint', factory: DETERMINISTIC_DEPLOYER, salt: ENTRY_POINT_07_SALT, initCode: entryPoint, expected: ENTRY_POINT_07 },
    { name: 'safeSingleton', factory: SAFE_SINGLETON_FACTORY, salt: ZERO_SALT, initCode: safe('Safe.sol/Safe.json'), expected: '0x41675C099F32341bf84BFc5382aF534df5C7461a' },
    { name: 'safeProxyFactory', factory: SAFE_SINGLETON_FACTORY, salt: ZERO_SALT, initCode: safe('proxies/SafeProxyFactory.sol/SafeProxyFactory.json'), expected: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67' },
    { name: 'multiSend', factory: SAFE_SINGLETON_FACTORY, salt: ZERO_SALT, initCode: safe('libraries/MultiSend.sol/MultiSend.json'), expected: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526' },
    { name: 'multiSendCallOnly', factory: SAFE_SINGLETON_FACTORY, salt: ZERO_SALT, initCode: safe('libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json'), expected: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2' },
    { name: 'fallbackHandler', factory: SAFE_SINGLETON_FACTORY, salt: ZERO_SALT, initCode: safe('handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json'), expected: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99' },
    { name: 'safe4337Module', factory: DETERMINISTIC_DEPLOYER, salt: ZERO_SALT, initCode: module4337, expected: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226' },
    { name: 'safeModuleSetup', factory: DETERMINISTIC_DEPLOYER, salt: ZERO_SALT, initCode: safe4337('SafeModuleSetup.sol/SafeModuleSetup.json'), expected: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47' },
    { name: 'webAuthnSharedSigner', factory: DETERMINISTIC_DEPLOYER, salt: ZERO_SALT, initCode: passkey('4337/SafeWebAuthnSharedSigner.sol/SafeWebAuthnSharedSigner.json'), expected: SAFE_PASSKEY_CONTRACTS.webAuthnSharedSigner },
    { name: 'webAuthnSignerFactory', factory: DETERMINISTIC_DEPLOYER, salt: ZERO_SALT, initCode: passkey('SafeWebAuthnSignerFactory.sol/SafeWebAuthnSignerFactory.json'), expected: SAFE_PASSKEY_CONTRACTS.webAuthnSignerFactory },
    { name: 'p256Verifier', factory: DETERMINISTIC_DEPLOYER, salt: ZERO_SALT, initCode: passkey('verifiers/FCLP256Verifier.sol/FCLP256Verifier.json'), expected: SAFE_PASSKEY_CONTRACTS.p256Verifier },
  ]
}

const hasCode = async (url: string, address: Hex) => ((await rpc<Hex>(url, 'eth_getCode', [address, 'latest'])) ?? '0x') !== '0x'

/**
 * Deploys the Safe singleton factory on the anvil at `url` by its presigned transaction for the
 * chain's id (its signer funded with `anvil_setBalance`), once.
 * @throws Error 'no Safe singleton factory deployment for chain {id}' when the package has none for it.
 */
async function deploySingletonFactory(url: string): Promise<void> {
  if (await hasCode(url, SAFE_SINGLETON_FACTORY)) return
  const chainId = Number(await rpc<Hex>(url, 'eth_chainId'))
  let deployment: { signerAddress: Hex; transaction: Hex; gasPrice: number; gasLimit: number }
  try {
    deployment = require(`@safe-global/safe-singleton-factory/artifacts/${chainId}/deployment.json`)
  } catch {
    throw new Error(`no Safe singleton factory deployment for chain ${chainId}`)
  }
  await rpc(url, 'anvil_setBalance', [deployment.signerAddress, `0x${(BigInt(deployment.gasPrice) * BigInt(deployment.gasLimit)).toString(16)}`])
  await waitForReceipt(url, await rpc<Hex>(url, 'eth_sendRawTransaction', [deployment.transaction]))
}

/**
 * Deploys the ERC-4337 contracts on the anvil at `url` (the chain's id must have a Safe singleton
 * factory deployment: 31337 has), from a deployer of their own (funded and impersonated); a
 * contract already there is kept.
 * @returns their addresses, by role.
 * @throws Error '{name} deployment failed' when a deployment's transaction fails,
 *   Error '{name} landed at {address}, not {expected}' when it lands elsewhere than its canonical address.
 * @example const contracts = await deployErc4337(anvil.url) // contracts.entryPoint === ENTRY_POINT_07
 */
export async function deployErc4337(url: string): Promise<Erc4337Contracts> {
  if (!(await hasCode(url, DETERMINISTIC_DEPLOYER))) throw new Error('the deterministic deployer is missing')
  await deploySingletonFactory(url)
  const out: Partial<Erc4337Contracts> = {}
  await asImpersonated(url, DEPLOYER, 10n ** 20n, async () => {
    for (const p of plan()) {
      const address = getContractAddress({ opcode: 'CREATE2', from: p.factory, salt: p.salt, bytecode: p.initCode })
      if (p.expected && address.toLowerCase() !== p.expected.toLowerCase()) throw new Error(`${p.name} landed at ${address}, not ${p.expected}`)
      if (!(await hasCode(url, address))) {
        const receipt = await sendAndWait(url, { from: DEPLOYER, to: p.factory, data: concatHex([p.salt, p.initCode]), gas: '0x1c9c380' })
        if (receipt.status !== '0x1' || !(await hasCode(url, address))) throw new Error(`${p.name} deployment failed`)
      }
      out[p.name] = address
    }
  })
  return out as Erc4337Contracts
}
