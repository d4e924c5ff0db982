/**
 * The secure-site emulator's RPC_REQUEST, flat as Reown's client sends it: `{ method, params,
 * chainId?, chainNamespace?, rpcUrl? }` (chainId a number, a decimal string or CAIP-2, else the
 * frame's current chain; only the localnet chains, and chainNamespace eip155 when given, else
 * 'Unsupported network'; rpcUrl is the host's node for the chain, not used: the emulator asks its own):
 * - read methods (READ_METHODS) go to the chain's node, server side; eth_accounts and
 *   eth_requestAccounts answer the session's current address;
 * - signing and sending (APPROVAL_METHODS: personal_sign, eth_signTypedData_v4,
 *   eth_sendTransaction, whose calldata the panel shows decoded: calldata.ts) wait for the visitor:
 *   the answer is an approval for the frame's panel, and
 *   only the frame's trusted Approve click (`decide`) signs or sends with the user's key, as the
 *   account the request names (the eoa, or the Safe: ERC-6492 before deployment, EIP-1271 after;
 *   its first send deploys it). Reject → 'User rejected the request.' (4001);
 * - anything else → 'Requested RPC call is not allowed'.
 * Demo and test tooling only.
 */
import {
  createWalletClient,
  formatEther,
  hashMessage,
  hashTypedData,
  hexToBytes,
  http,
  isAddress,
  isHex,
  serializeErc6492Signature,
  type Hex,
  type SignableMessage,
} from 'viem'
import type { SafeContracts } from '../../safe.js'
import { describeCall } from './calldata.js'
import { findChain, nodeCall, NodeRpcError, type SiteChain } from './chains.js'
import type { ApprovalDecision, ApprovalView, FrameAnswer, FrameCall } from './protocol.js'
import { randomToken, TOKEN_PREFIX } from './secrets.js'
import { accountAddress, type AccountType, type Session, type User, type Users } from './users.js'

/** The methods proxied to the node as they are. */
export const READ_METHODS = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_feeHistory',
  'eth_maxPriorityFeePerGas',
  'eth_getBlockByNumber',
])
/** The methods that need the visitor's Approve. */
export const APPROVAL_METHODS = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'])
/** The longest typed-data JSON shown and signed, in characters. */
const MAX_TYPED_DATA = 32 * 1024

const notAllowed: FrameAnswer = { ok: false, message: 'Requested RPC call is not allowed' }
const rejected: FrameAnswer = { ok: false, message: 'User rejected the request.', code: 4001 }

/** A request waiting for the visitor. */
interface Approval {
  view: ApprovalView
  projectId: string
  token: string
  run: (user: User) => Promise<Hex>
}

/** A message's UTF-8 text when it decodes and prints (no control characters but tab and newlines), else undefined. */
export function printableText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? undefined : text
  } catch {
    return undefined
  }
}

/** RPC_REQUEST and its approvals, in memory. */
export class RpcRequests {
  readonly #approvals = new Map<string, Approval>()

  constructor(
    private readonly chains: SiteChain[],
    private readonly contracts: SafeContracts,
    private readonly users: Users,
  ) {}

  /** RPC_REQUEST. */
  async request(call: FrameCall, session: Session | undefined): Promise<FrameAnswer> {
    const { method, params = [] } = call.payload
    if (typeof method !== 'string' || !Array.isArray(params)) return notAllowed
    const chain = findChain(this.chains, call.payload.chainId ?? call.chainId)
    const namespace = call.payload.chainNamespace
    if (!chain || (namespace !== undefined && namespace !== 'eip155')) return { ok: false, message: 'Unsupported network' }
    if (method === 'eth_accounts' || method === 'eth_requestAccounts') {
      if (!session) return method === 'eth_accounts' ? { ok: true, payload: [] } : { ok: false, message: 'Not logged in', code: 4100 }
      return { ok: true, payload: [accountAddress(session.user, session.preferredAccountType)] }
    }
    if (READ_METHODS.has(method)) {
      try {
        return { ok: true, payload: await nodeCall(chain.rpcUrl, method, params) }
      } catch (error) {
        return { ok: false, message: (error as Error).message, ...(error instanceof NodeRpcError && error.code !== undefined ? { code: error.code } : {}) }
      }
    }
    if (!APPROVAL_METHODS.has(method)) return notAllowed
    if (!session) return { ok: false, message: 'Not logged in', code: 4100 }
    const approval = this.#approval(method, params, session, chain)
    if ('ok' in approval) return approval
    this.#approvals.set(approval.view.id, approval)
    return { ok: true, approval: approval.view }
  }

  /** The visitor's decision on an approval of the session's: the signature or transaction hash, or the rejection. */
  async decide({ projectId, token, approvalId, decision }: ApprovalDecision): Promise<FrameAnswer> {
    const approval = this.#approvals.get(approvalId)
    const session = this.users.session(projectId, token)
    if (!approval || !session || approval.projectId !== projectId || approval.token !== session.token) return { ok: false, message: 'Unknown approval' }
    this.#approvals.delete(approvalId)
    if (decision !== 'approve') return rejected
    try {
      return { ok: true, payload: await approval.run(session.user) }
    } catch (error) {
      const e = error as { shortMessage?: string; message?: string }
      return { ok: false, message: e.shortMessage ?? e.message ?? 'Request failed' }
    }
  }

  /** RPC_ABORT: drops the session's waiting approvals (the frame rejects them). */
  abort(projectId: string, token: string | undefined): void {
    for (const [id, a] of this.#approvals) if (a.projectId === projectId && a.token === token) this.#approvals.delete(id)
  }

  /** The approval of a signing or sending request, or the reason it is refused. */
  #approval(method: string, params: unknown[], session: Session, chain: SiteChain): Approval | FrameAnswer {
    const user = session.user
    /** The account an address names: the user's eoa or Safe; none named → the preferred one. */
    const accountOf = (address: unknown): AccountType | undefined => {
      if (address === undefined) return session.preferredAccountType
      if (typeof address !== 'string' || !isAddress(address, { strict: false })) return undefined
      return (['eoa', 'smartAccount'] as const).find((t) => accountAddress(user, t).toLowerCase() === address.toLowerCase())
    }
    const base = (type: AccountType) => ({
      id: randomToken(TOKEN_PREFIX.approval),
      method,
      account: accountAddress(user, type),
      accountType: type,
      chainId: chain.caip2,
    })
    const safeSign = async (u: User, hash: Hex): Promise<Hex> => {
      const safe = u.safes.get(chain.chainId)!
      const signature = await u.eoa.signTypedData({ domain: { chainId: chain.chainId, verifyingContract: safe.address }, types: { SafeMessage: [{ name: 'message', type: 'bytes' }] }, primaryType: 'SafeMessage', message: { message: hash } })
      return (await safe.deployed()) ? signature : serializeErc6492Signature({ address: this.contracts.factory, data: safe.factoryData, signature })
    }
    if (method === 'personal_sign') {
      const [message, address] = params
      const type = accountOf(address)
      if (typeof message !== 'string' || !type) return { ok: false, message: 'Invalid params', code: -32602 }
      const raw = isHex(message) ? message : undefined
      const text = raw ? printableText(hexToBytes(raw)) : message
      const signable: SignableMessage = raw ? { raw } : message
      return {
        view: { ...base(type), message: text ?? raw },
        projectId: user.projectId,
        token: session.token,
        run: (u) => (type === 'eoa' ? u.eoa.signMessage({ message: signable }) : text !== undefined ? u.safes.get(chain.chainId)!.signMessage(text) : safeSign(u, hashMessage(signable))),
      }
    }
    if (method === 'eth_signTypedData_v4') {
      const [address, data] = params
      const type = accountOf(address)
      let typed: Parameters<typeof hashTypedData>[0]
      try {
        const json = typeof data === 'string' ? data : JSON.stringify(data)
        if (json.length > MAX_TYPED_DATA) throw new Error('too large')
        typed = JSON.parse(json)
        hashTypedData(typed)
      } catch {
        return { ok: false, message: 'Invalid params', code: -32602 }
      }
      if (!type) return { ok: false, message: 'Invalid params', code: -32602 }
      return {
        view: { ...base(type), message: JSON.stringify(typed, null, 2) },
        projectId: user.projectId,
        token: session.token,
        run: (u) => (type === 'eoa' ? u.eoa.signTypedData(typed as Parameters<User['eoa']['signTypedData']>[0]) : safeSign(u, hashTypedData(typed))),
      }
    }
    // eth_sendTransaction
    const tx = params[0] as { from?: unknown; to?: unknown; value?: unknown; data?: unknown; gas?: unknown } | undefined
    const type = accountOf(tx?.from)
    const hexOrUndefined = (v: unknown) => v === undefined || (typeof v === 'string' && isHex(v))
    if (!tx || typeof tx !== 'object' || !type || typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false }) || !hexOrUndefined(tx.value) || !hexOrUndefined(tx.data) || !hexOrUndefined(tx.gas)) {
      return { ok: false, message: 'Invalid params', code: -32602 }
    }
    const to = tx.to as Hex
    const value = tx.value === undefined ? 0n : BigInt(tx.value as Hex)
    const data = tx.data as Hex | undefined
    const gas = tx.gas === undefined ? undefined : BigInt(tx.gas as Hex)
    const call = describeCall(to, data)
    return {
      view: { ...base(type), to, value: `${formatEther(value)} ETH`, ...(call === undefined ? {} : { call }) },
      projectId: user.projectId,
      token: session.token,
      run: (u) =>
        type === 'eoa'
          ? createWalletClient({ account: u.eoa, chain: chain.chain, transport: http(chain.rpcUrl) }).sendTransaction({ to, value, ...(data ? { data } : {}), ...(gas === undefined ? {} : { gas }) })
          : u.safes.get(chain.chainId)!.sendTransaction({ to, value, ...(data ? { data } : {}) }),
    }
  }
}
