/**
 * An ERC-4337 bundler on a localnet chain: Pimlico's alto (`@pimlico/alto`, its own CLI in a child
 * process), on 127.0.0.1, for the EntryPoint v0.7 that erc4337.ts deploys. It runs with
 * `--safe-mode false` (anvil has no `debug_traceCall` tracer for the ERC-7562 rules) and never with
 * `--dangerous-skip-user-operation-validation`: each user operation is still simulated against the
 * EntryPoint, so a wrong signature is refused. It deploys its simulation contracts on start, through
 * the deterministic deployer, from its utility key; its executor key sends the bundles. Both are
 * fixed test keys, funded with `anvil_setBalance`. Demo and test tooling only.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from './anvil.js'
import { untilServing } from './child-server.js'
import { labelledKey } from './test-keys.js'
import { ENTRY_POINT_07 } from './erc4337.js'

/** The bundler's keys: fixed test keys, not anvil's dev accounts, whose nonces the other tooling uses. */
const EXECUTOR_KEY = labelledKey('gangway localnet bundler executor')
const UTILITY_KEY = labelledKey('gangway localnet bundler utility')

export interface Bundler {
  /** Its JSON-RPC endpoint (eth_sendUserOperation, eth_estimateUserOperationGas, …). */
  url: string
  /** Stops it and waits for it to exit. */
  stop(): Promise<void>
}

/**
 * Starts alto on `port` for the anvil at `rpcUrl` and resolves once it answers
 * `eth_supportedEntryPoints` with EntryPoint v0.7 (deployErc4337 must have run).
 * @throws Error 'the bundler exited: {its output}' when it stops on its own,
 *   Error 'the bundler did not start' after `timeoutMs` (default 120 s: a bound for a busy machine).
 * @example const bundler = await startBundler({ rpcUrl: anvil.url, port: 4337 })
 */
export async function startBundler({ rpcUrl, port, timeoutMs = 120_000 }: { rpcUrl: string; port: number; timeoutMs?: number }): Promise<Bundler> {
  for (const key of [EXECUTOR_KEY, UTILITY_KEY]) await rpc(rpcUrl, 'anvil_setBalance', [privateKeyToAccount(key).address, '0x56bc75e2d63100000'])
  const require = createRequire(import.meta.url)
  // The package exports its index only (esm/index.js); its CLI is beside it.
  const cli = join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
  // The flags are alto's own (its `--help`); cors for the demo's pages, which call it from the browser.
  const args = [cli, '--entrypoints', ENTRY_POINT_07, '--executor-private-keys', EXECUTOR_KEY, '--utility-private-key', UTILITY_KEY, '--rpc-url', rpcUrl, '--port', String(port), '--safe-mode', 'false', '--enable-cors', 'true', '--log-level', 'warn']
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const keep = (d: unknown) => void (output = (output + String(d)).slice(-4000))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const serving = async () => (await rpc<Hex[]>(url, 'eth_supportedEntryPoints')).some((e) => e.toLowerCase() === ENTRY_POINT_07.toLowerCase())
  const stop = await untilServing(child, 'the bundler', serving, { timeoutMs, pollMs: 100, output: () => output })
  return { url, stop }
}
