/**
 * What `npm run verify:hosted` checks (docs/services.md, "Checking the hosted services"): the
 * project, the site's origin, the services' base URLs, the networks and the account read, from the
 * command line. Defaults are the hosted services of a Reown project (REOWN_SERVICES).
 */
import { isAddress } from 'viem'
import { REOWN_SERVICES } from '../../src/events/kernel/host-options.js'

/** One run's target. */
export interface HostedTarget {
  /** The Reown project id, sent as `projectId` on every call. */
  projectId: string
  /** The site's origin (`https://site.example`), sent as `Origin`, as a page's fetch sends it. */
  origin: string
  /** Base URLs: the wallet/config and blockchain services, and the site's NFT service if it has one. */
  services: { walletConfig: string; blockchain: string; nfts?: string }
  /** CAIP-2 ids of the networks whose JSON-RPC (and `eth_simulateV1`) is checked; the first eip155 one also for the account's calls. */
  chains: string[]
  /** The EVM account (0x address) whose holdings, history, identity, names and sessions are read. */
  address: string
}

/** An account with a long public history on mainnet (vitalik.eth), read by default. */
export const DEFAULT_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
/** Networks checked by default: Ethereum, OP Mainnet, Polygon, Base, Arbitrum One. */
export const DEFAULT_CHAINS = ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161']

/** The command's usage, printed with a refusal. */
export const USAGE = `usage: npm run verify:hosted -- --project-id <id> --origin <https://site.example>
  [--address <0x…>] [--chains <caip2,caip2,…>] [--nfts <url>]
  [--wallet-config <url>] [--blockchain <url>]   (default: the hosted services of a Reown project)`

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * The target the arguments name.
 * @param argv the arguments after the script (`--name value` pairs).
 * @throws Error '--project-id is required', '--origin is required', 'Unknown option: --x',
 *   '--origin must be an origin (https://site.example)', '--address must be a 0x address',
 *   '--chains must be CAIP-2 ids with at least one eip155 network', '--{name} must be an http(s) URL'.
 * @example
 * targetOf(['--project-id', 'abc', '--origin', 'https://site.example'])
 * // { projectId: 'abc', origin: 'https://site.example', services: REOWN_SERVICES' wallet/config and blockchain, chains: DEFAULT_CHAINS, address: DEFAULT_ADDRESS }
 */
export function targetOf(argv: readonly string[]): HostedTarget {
  const given = new Map<string, string>()
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!
    if (!['--project-id', '--origin', '--address', '--chains', '--nfts', '--wallet-config', '--blockchain'].includes(name) || argv[i + 1] === undefined) throw new Error(`Unknown option: ${name}`)
    given.set(name.slice(2), argv[i + 1]!)
  }
  const projectId = given.get('project-id')
  if (!projectId) throw new Error('--project-id is required')
  const origin = given.get('origin')
  if (!origin) throw new Error('--origin is required')
  if (!/^https?:$/.test(safeUrl(origin)?.protocol ?? '') || safeUrl(origin)!.origin !== origin) throw new Error('--origin must be an origin (https://site.example)')
  const address = given.get('address') ?? DEFAULT_ADDRESS
  if (!isAddress(address, { strict: false })) throw new Error('--address must be a 0x address')
  const chains = given.has('chains') ? given.get('chains')!.split(',').filter(Boolean) : DEFAULT_CHAINS
  if (!chains.every((c) => CAIP2.test(c)) || !chains.some((c) => c.startsWith('eip155:'))) throw new Error('--chains must be CAIP-2 ids with at least one eip155 network')
  const url = (name: string, fallback?: string) => {
    const v = given.get(name) ?? fallback
    if (v !== undefined && !/^https?:$/.test(safeUrl(v)?.protocol ?? '')) throw new Error(`--${name} must be an http(s) URL`)
    return v
  }
  const nfts = url('nfts')
  return {
    projectId,
    origin,
    services: { walletConfig: url('wallet-config', REOWN_SERVICES.walletConfig)!, blockchain: url('blockchain', REOWN_SERVICES.blockchain)!, ...(nfts ? { nfts } : {}) },
    chains,
    address,
  }
}

function safeUrl(s: string): URL | undefined {
  try {
    return new URL(s)
  } catch {
    return undefined
  }
}
