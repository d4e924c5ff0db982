/**
 * Runs the Localnet WalletConnect wallet in its own Node process, as a phone wallet would be a
 * separate program: `spawnWalletConnectWallet` starts it and resolves once its control service
 * answers. Run directly, this file is that process: it reads its options from argv[2] (JSON) and
 * prints one JSON line when ready: `{ url, token, address, solanaAddress, bitcoinAddress? }` (the control token
 * travels on the pipe to its parent, not in argv, unless the caller chose one). (Its own process
 * also keeps `@walletconnect/core` out of the test runner's module loader, which cannot construct it.)
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { startWalletConnectWallet, type WalletConnectWallet, type WalletConnectWalletOptions } from './wallet.js'

type Serialisable = Omit<WalletConnectWalletOptions, 'solanaSeed'> & { solanaSeedHex?: string }

/** Spawns the wallet process with `o`; resolves with its control URL and token once it answers; rejects if it exits first. */
export async function spawnWalletConnectWallet(o: WalletConnectWalletOptions): Promise<WalletConnectWallet> {
  const options: Serialisable = { ...o, ...(o.solanaSeed ? { solanaSeedHex: Buffer.from(o.solanaSeed).toString('hex') } : {}) }
  delete (options as { solanaSeed?: unknown }).solanaSeed
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
  const ready = await new Promise<Omit<WalletConnectWallet, 'stop'>>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once('line', (line) => {
      try {
        resolve(JSON.parse(line))
      } catch (error) {
        reject(error)
      }
    })
    child.once('exit', (code) => reject(new Error(`The Localnet WalletConnect wallet exited (${code})`)))
  })
  return {
    ...ready,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const o = JSON.parse(process.argv[2] ?? '{}') as Serialisable
  const wallet = await startWalletConnectWallet({ ...o, ...(o.solanaSeedHex ? { solanaSeed: Buffer.from(o.solanaSeedHex, 'hex') } : {}) })
  const stop = () => void wallet.stop().finally(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  // The IPC channel closes when the parent goes, however it goes: the wallet goes with it.
  process.once('disconnect', stop)
  console.log(JSON.stringify({ url: wallet.url, token: wallet.token, address: wallet.address, solanaAddress: wallet.solanaAddress, ...(wallet.bitcoinAddress ? { bitcoinAddress: wallet.bitcoinAddress } : {}) }))
}
