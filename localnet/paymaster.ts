/**
 * Gas sponsorship on the localnet: the sample VerifyingPaymaster of `@account-abstraction/contracts@0.7.0`
 * (deployed with a verifying signer of its own and a deposit at the EntryPoint), and its policy
 * service, an ERC-7677 paymaster web service on 127.0.0.1 (`pm_getPaymasterStubData`,
 * `pm_getPaymasterData`, as viem's paymaster client calls them). The policy sponsors an account's
 * first user operation, the one that deploys it (no code at its sender yet), and no other; a
 * refused operation gets the JSON-RPC error
 * 'the policy does not sponsor this operation'. The paymaster's data is `abi.encode(validUntil,
 * validAfter)` and the verifying signer's EIP-191 signature over the paymaster's own `getHash` of
 * the operation, read from the chain. Demo and test tooling only.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { concatHex, createPublicClient, encodeAbiParameters, encodeDeployData, http, isAddress, toHex, type Abi, type Hex } from 'viem'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { asImpersonated, sendAndWait } from './anvil.js'
import { ENTRY_POINT_07 } from './erc4337.js'
import { readBody } from './http.js'
import { labelledKey } from './test-keys.js'

const require = createRequire(import.meta.url)
const ARTIFACT = require('account-abstraction-contracts-v07/artifacts/VerifyingPaymaster.json') as { abi: Abi; bytecode: Hex }
/** The paymaster's verifying signer: a fixed test key, only the policy service signs with it. */
const SIGNER = privateKeyToAccount(labelledKey('gangway localnet paymaster signer'))
/** Who deploys and funds the paymaster (impersonated on anvil). */
const FUNDER = privateKeyToAccount(labelledKey('gangway localnet paymaster funder')).address
/** The gas the paymaster's validation and post-operation may use (the sample's post-op does nothing). */
const VERIFICATION_GAS = 100_000n
const POST_OP_GAS = 1n
/**
 * The stub's signature, for gas estimation: a well-formed one (the paymaster's ECDSA recovery
 * reverts on a malformed signature, where a wrong one only fails validation), by a key that is not
 * the verifying signer, over a fixed hash.
 */
const STUB_SIGNATURE: Hex = await privateKeyToAccount(labelledKey('gangway localnet paymaster stub')).signMessage({ message: 'stub' })
/** The paymaster data's validity window, `abi.encode(validUntil, validAfter)`: 0, 0 (no bound). */
const WINDOW = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [0, 0])
export const REFUSED = 'the policy does not sponsor this operation'

export interface Paymaster {
  /** The VerifyingPaymaster's address. */
  address: Hex
  /** The policy service's ERC-7677 endpoint. */
  url: string
  /** The paymaster's deposit at the EntryPoint, in wei. */
  deposit(): Promise<bigint>
  stop(): Promise<void>
}

/**
 * Deploys a VerifyingPaymaster on the anvil at `rpcUrl` (EntryPoint v0.7 must be there), deposits
 * `depositWei` for it at the EntryPoint, and starts its policy service on `port`.
 * @throws Error 'paymaster deployment failed' when the deployment's transaction fails.
 * @example const paymaster = await startPaymaster({ rpcUrl: anvil.url, port: 4338 })
 */
export async function startPaymaster({ rpcUrl, port, depositWei = 10n ** 18n }: { rpcUrl: string; port: number; depositWei?: bigint }): Promise<Paymaster> {
  const address = await asImpersonated(rpcUrl, FUNDER, depositWei * 2n, async () => {
    const deployed = await sendAndWait(rpcUrl, { from: FUNDER, data: encodeDeployData({ abi: ARTIFACT.abi, bytecode: ARTIFACT.bytecode, args: [ENTRY_POINT_07, SIGNER.address] }), gas: '0x7a1200' })
    if (deployed.status !== '0x1' || !deployed.contractAddress) throw new Error('paymaster deployment failed')
    await sendAndWait(rpcUrl, { from: FUNDER, to: deployed.contractAddress, value: toHex(depositWei), data: '0xd0e30db0' /* deposit() */ })
    return deployed.contractAddress
  })
  const client = createPublicClient({ transport: http(rpcUrl) })

  /** The paymaster data for `op`: the validity window and the signer's signature over the paymaster's hash. */
  const paymasterData = async (op: UserOperation<'0.7'>): Promise<Hex> => {
    // The hash covers the paymaster's gas limits as the operation will carry them (the bundler's estimate, else the stub's).
    const packed = toPackedUserOperation({ ...op, paymaster: address, paymasterVerificationGasLimit: op.paymasterVerificationGasLimit ?? VERIFICATION_GAS, paymasterPostOpGasLimit: op.paymasterPostOpGasLimit ?? POST_OP_GAS, paymasterData: concatHex([WINDOW, STUB_SIGNATURE]) })
    const hash = (await client.readContract({ address, abi: ARTIFACT.abi, functionName: 'getHash', args: [packed, 0, 0] })) as Hex
    return concatHex([WINDOW, await SIGNER.signMessage({ message: { raw: hash } })])
  }

  /** Answers one ERC-7677 call: `[userOperation, entryPoint, chainId, context]`. */
  const answer = async (method: string, params: unknown[]): Promise<unknown> => {
    const [raw, entryPoint] = params as [Record<string, Hex>, Hex]
    if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData') throw new Error(`the method ${method} does not exist`)
    if (String(entryPoint).toLowerCase() !== ENTRY_POINT_07.toLowerCase()) throw new Error('only EntryPoint v0.7 is served')
    if (typeof raw.sender !== 'string' || !isAddress(raw.sender) || (await client.getCode({ address: raw.sender })) !== undefined) throw new Error(REFUSED)
    if (method === 'pm_getPaymasterStubData') {
      return { paymaster: address, paymasterData: concatHex([WINDOW, STUB_SIGNATURE]), paymasterVerificationGasLimit: toHex(VERIFICATION_GAS), paymasterPostOpGasLimit: toHex(POST_OP_GAS) }
    }
    // The operation's quantities come as hex strings: to bigints, as viem's packing takes them.
    const op = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, /^(nonce|.*Gas.*|.*Fee.*)$/.test(k) && typeof v === 'string' && v.startsWith('0x') ? BigInt(v) : v])) as unknown as UserOperation<'0.7'>
    return { paymaster: address, paymasterData: await paymasterData(op) }
  }

  const server: Server = createServer(async (req, res) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' }
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end()
    let id: unknown = null
    try {
      const body = JSON.parse(await readBody(req)) as { id: unknown; method: string; params: unknown[] }
      id = body.id
      const result = await answer(body.method, body.params ?? [])
      res.writeHead(200, headers).end(JSON.stringify({ jsonrpc: '2.0', id, result }))
    } catch (error) {
      res.writeHead(200, headers).end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: (error as Error).message } }))
    }
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  return {
    address,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deposit: async () => (await client.readContract({ address, abi: ARTIFACT.abi, functionName: 'getDeposit' })) as bigint,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
