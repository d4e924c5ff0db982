/**
 * A local EVM chain: anvil from the npm package @foundry-rs/anvil, on 127.0.0.1, with a fixed chain
 * id and the standard funded dev accounts (the "test … junk" mnemonic, 10 000 ETH each).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { untilServing } from './child-server.js'

/** The chain id of the localnet's first EVM chain. */
export const LOCALNET_CHAIN_ID = 31337

export interface Anvil {
  url: string
  port: number
  chainId: number
  /** Stops anvil and waits for it to exit. */
  stop(): Promise<void>
}

/** Path of the anvil binary the npm package installs. */
export function anvilBinary(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('@foundry-rs/anvil/package.json')), '..', '..', '.bin', 'anvil')
}

/** Sends one JSON-RPC call to `url` and returns its result. @throws Error with the node's message on a JSON-RPC error. */
export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const json = (await res.json()) as { result?: T; error?: { message: string } }
  if (json.error) throw new Error(json.error.message)
  return json.result as T
}

/**
 * Waits for a transaction's receipt (anvil mines at once, but the receipt can lag the hash by a
 * moment). @throws Error 'no receipt for {hash}' after `timeoutMs` (default 10 s).
 */
export async function waitForReceipt<T = { status: string; contractAddress: `0x${string}` | null }>(url: string, hash: string, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const receipt = await rpc<T | null>(url, 'eth_getTransactionReceipt', [hash])
    if (receipt) return receipt
    if (Date.now() > end) throw new Error(`no receipt for ${hash}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Sends a transaction from an unlocked dev account (eth_sendTransaction) and waits for its receipt. */
export async function sendAndWait(url: string, tx: Record<string, string>): Promise<{ status: string; contractAddress: `0x${string}` | null }> {
  return waitForReceipt(url, await rpc<string>(url, 'eth_sendTransaction', [tx]))
}

/**
 * Runs `send` with `address` given `balanceWei` and impersonated on the anvil at `url`, so that
 * `eth_sendTransaction` from it needs no key; it stops impersonating after, also when `send` throws.
 * @example await asImpersonated(url, deployer, 10n ** 20n, () => sendAndWait(url, { from: deployer, data }))
 */
export async function asImpersonated<T>(url: string, address: string, balanceWei: bigint, send: () => Promise<T>): Promise<T> {
  await rpc(url, 'anvil_setBalance', [address, `0x${balanceWei.toString(16)}`])
  await rpc(url, 'anvil_impersonateAccount', [address])
  try {
    return await send()
  } finally {
    await rpc(url, 'anvil_stopImpersonatingAccount', [address])
  }
}

/** Starts anvil on `port` and resolves once it answers eth_chainId. @throws Error 'anvil did not start' after 20 s. */
export async function startAnvil({ port, chainId = LOCALNET_CHAIN_ID }: { port: number; chainId?: number }): Promise<Anvil> {
  const child: ChildProcess = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--accounts', '10', '--balance', '10000', '--silent'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (d) => (stderr += String(d)))
  const url = `http://127.0.0.1:${port}`
  const stop = await untilServing(child, 'anvil', async () => Number(await rpc<string>(url, 'eth_chainId')) === chainId, { timeoutMs: 20_000, pollMs: 50, output: () => stderr })
  return { url, port, chainId, stop }
}
