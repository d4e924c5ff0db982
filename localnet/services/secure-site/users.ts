/**
 * The secure-site emulator's users and sessions, per projectId (parallel tests never share one):
 * - A user is an email, or a social provider and username. At first login it gets a private key
 *   from viem's `generatePrivateKey`, held only in this process: its eoa (`privateKeyToAccount`) and
 *   its Safe 1.4.1 (`safeAccount`, the eoa its only owner; the same address on every chain). Both
 *   are funded with 100 ETH on every chain by `anvil_setBalance` (the dev accounts are untouched).
 * - A session is a random bearer token (`sst_…`) the frame keeps; it names a user, the preferred
 *   account type, and whether it is still live (SIGN_OUT and the forgetSessions hook end it).
 * - A device (the frame's random device id) is known to a user once it logged in or was approved.
 * Demo and test tooling only.
 */
import type { Hex, LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { safeAccount, type SafeAccount, type SafeContracts } from '../../safe.js'
import { nodeCall, type SiteChain } from './chains.js'
import { randomToken, TOKEN_PREFIX } from './secrets.js'

/** The two account types of a user. */
export type AccountType = 'eoa' | 'smartAccount'

/** 100 ETH in wei, as anvil_setBalance takes it. */
const FUNDING = `0x${(100n * 10n ** 18n).toString(16)}`

/** Who a user is: an email login, or a social one (provider and username). */
export type Identity = { email: string } | { socialProvider: string; userName: string }

/** A user of one project. */
export interface User {
  readonly projectId: string
  email?: string
  readonly userName?: string
  readonly socialProvider?: string
  /** The eoa; its key never leaves this process. */
  readonly eoa: LocalAccount
  /** The user's Safe on each chain id (one address). */
  readonly safes: ReadonlyMap<number, SafeAccount>
  readonly safeAddress: Hex
  /** Device ids that logged in as this user or were approved by a device link. */
  readonly devices: Set<string>
}

/** A live session. */
export interface Session {
  readonly token: string
  readonly user: User
  preferredAccountType: AccountType
}

/** The identity's key in the user map: emails case-insensitively. */
const identityKey = (projectId: string, id: Identity) => ('email' in id ? `${projectId}\0email\0${id.email.trim().toLowerCase()}` : `${projectId}\0social\0${id.socialProvider}\0${id.userName}`)

/** Users and sessions in memory. */
export class Users {
  readonly #users = new Map<string, User>()
  readonly #sessions = new Map<string, Session & { projectId: string }>()

  constructor(
    private readonly chains: SiteChain[],
    private readonly contracts: SafeContracts,
  ) {}

  /** The user of `identity` in `projectId`, if they ever logged in. */
  find(projectId: string, identity: Identity): User | undefined {
    return this.#users.get(identityKey(projectId, identity))
  }

  /** The user of `identity`, created (new key, Safe, funded on every chain) on their first login. */
  async findOrCreate(projectId: string, identity: Identity): Promise<User> {
    const known = this.find(projectId, identity)
    if (known) return known
    const eoa = privateKeyToAccount(generatePrivateKey())
    const safes = new Map(this.chains.map((c) => [c.chainId, safeAccount(eoa, this.contracts, c.chain)]))
    const safeAddress = safes.get(this.chains[0]!.chainId)!.address
    const user: User = { projectId, ...identity, eoa, safes, safeAddress, devices: new Set() }
    this.#users.set(identityKey(projectId, identity), user)
    await Promise.all(this.chains.flatMap((c) => [eoa.address, safeAddress].map((a) => nodeCall(c.rpcUrl, 'anvil_setBalance', [a, FUNDING]))))
    return user
  }

  /**
   * Moves an email user to `newEmail` (UPDATE_EMAIL's last step).
   * @throws Error 'Email already in use' when another user of the project has it.
   */
  changeEmail(user: User, newEmail: string): void {
    if (!user.email) throw new Error('Not an email user')
    const next = identityKey(user.projectId, { email: newEmail })
    if (this.#users.has(next)) throw new Error('Email already in use')
    this.#users.delete(identityKey(user.projectId, { email: user.email }))
    user.email = newEmail.trim()
    this.#users.set(next, user)
  }

  /** A new session for `user`; its token is the bearer the frame keeps. */
  startSession(user: User, preferredAccountType: AccountType = 'eoa'): Session {
    const session = { token: randomToken(TOKEN_PREFIX.session), user, preferredAccountType, projectId: user.projectId }
    this.#sessions.set(session.token, session)
    return session
  }

  /** The live session of `token` in `projectId`, else undefined. */
  session(projectId: string, token: unknown): Session | undefined {
    if (typeof token !== 'string') return undefined
    const s = this.#sessions.get(token)
    return s && s.projectId === projectId ? s : undefined
  }

  /** Ends the session of `token` (nothing when unknown). */
  endSession(token: unknown): void {
    if (typeof token === 'string') this.#sessions.delete(token)
  }

  /** Ends every session of `projectId` (the forgetSessions hook). */
  endProjectSessions(projectId: string): void {
    for (const [token, s] of this.#sessions) if (s.projectId === projectId) this.#sessions.delete(token)
  }
}

/** The address of `user`'s account of `type`. */
export const accountAddress = (user: User, type: AccountType): Hex => (type === 'smartAccount' ? user.safeAddress : user.eoa.address)
