/**
 * The page of tests/e2e/passkey-account.test.ts: the passkey's account code (src/chains/eip155/passkey)
 * over the page's ceremonies (src/ui/bridge/passkey/ceremonies.ts), every answer structured-cloned
 * on its way as it is between the engine's worker and the page. Each call answers plain data, or
 * `{ error: { name, message, code } }` for what it threw.
 */
import { createPublicClient, defineChain, http, type Hex } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { createPasskey, passkeyOwner, passkeySafeAccount, type PasskeyCeremonies, type PasskeyCredential } from '../../../src/chains/eip155/passkey/passkey-account.js'
import { passkeyCreate, passkeyGet } from '../../../src/ui/bridge/passkey/ceremonies.js'

const ceremonies: PasskeyCeremonies = {
  create: async (options) => structuredClone(await passkeyCreate(structuredClone(options))),
  get: async (options) => structuredClone(await passkeyGet(structuredClone(options))),
}

/** A call of a user operation: `value` in wei, as a decimal string (page.evaluate carries no bigint). */
type Call = { to: Hex; value?: string; data?: Hex }

/** What the test gives every call: the chain's and the bundler's URLs. */
interface Where {
  rpcUrl: string
  bundlerUrl: string
}

const clientOf = (rpcUrl: string) =>
  createPublicClient({ chain: defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }), transport: http(rpcUrl) })

const accountOf = (credential: PasskeyCredential, rpcUrl: string) => passkeySafeAccount({ client: clientOf(rpcUrl), owner: passkeyOwner({ credential, rpId: location.hostname, ceremonies }) })

const plainError = (error: unknown) => {
  const e = error as { name?: string; message?: string; code?: number; shortMessage?: string; details?: string }
  return { error: { name: e.name, message: e.shortMessage ?? e.message, code: e.code, details: e.details } }
}
const plain = <A extends unknown[], R>(f: (...args: A) => Promise<R>) => async (...args: A) => f(...args).catch(plainError)

const harness = {
  create: plain((rpId: string = location.hostname) => createPasskey({ rpId, rpName: 'Passkey harness', userName: 'Harness account', ceremonies })),
  address: plain(async (credential: PasskeyCredential, { rpcUrl }: Where) => (await accountOf(credential, rpcUrl)).address),
  /**
   * Sends `calls` as one user operation of `credential`'s account, signed by `signer`'s passkey (the
   * account's own by default), with the gas the bundler estimates for `estimateAs` (`calls` by
   * default); resolves when it is mined.
   */
  send: plain(async (credential: PasskeyCredential, { rpcUrl, bundlerUrl }: Where, calls: Call[], { signer = credential, estimateAs }: { signer?: PasskeyCredential; estimateAs?: Call[] } = {}) => {
    const client = clientOf(rpcUrl)
    const account = await accountOf(credential, rpcUrl)
    const bundler = createBundlerClient({ account, client, transport: http(bundlerUrl), pollingInterval: 100 })
    const prices = (await bundler.request({ method: 'pimlico_getUserOperationGasPrice' as never })) as { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }
    const fees = { maxFeePerGas: BigInt(prices.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(prices.fast.maxPriorityFeePerGas) }
    const asCalls = (list: Call[]) => list.map((c) => ({ to: c.to, value: BigInt(c.value ?? 0), data: c.data }))
    const gas = estimateAs ? await bundler.prepareUserOperation({ calls: asCalls(estimateAs), ...fees }) : undefined
    const limits = gas ? { callGasLimit: gas.callGasLimit, verificationGasLimit: gas.verificationGasLimit, preVerificationGas: gas.preVerificationGas * 2n } : {}
    const operation = await bundler.prepareUserOperation({ calls: asCalls(calls), ...fees, ...limits })
    const signature = await (await accountOf(signer, rpcUrl)).signUserOperation({ ...operation, sender: account.address })
    const hash = await bundler.sendUserOperation({ ...operation, signature })
    const receipt = await bundler.waitForUserOperationReceipt({ hash })
    return { success: receipt.success, sender: receipt.sender }
  }),
  /** `message` signed by the account of `credential`, and whether viem's verifyMessage accepts it on the chain. */
  sign: plain(async (credential: PasskeyCredential, { rpcUrl }: Where, message: string) => {
    const account = await accountOf(credential, rpcUrl)
    const signature = await account.signMessage({ message })
    return { signature, valid: await clientOf(rpcUrl).verifyMessage({ address: account.address, message, signature }) }
  }),
}

/** The harness, for page.evaluate. */
export type PasskeyHarness = typeof harness
;(window as unknown as { harness: PasskeyHarness }).harness = harness
