/**
 * A localnet server in a child process (anvil, the bundler): killed with this process, and waited
 * for until it serves. Demo and test tooling only.
 */
import type { ChildProcess } from 'node:child_process'

/**
 * Waits until `ready()` answers true for the server `child` runs, asking every `pollMs`; a crashed
 * or killed parent takes the child with it.
 * @returns `stop()`: stops the child (SIGTERM) and waits for it to exit.
 * @throws Error '{name} exited: {its output}' when it stops on its own,
 *   Error '{name} did not start' after `timeoutMs`, when it is killed.
 * @example const stop = await untilServing(child, 'anvil', () => up(url), { timeoutMs: 20_000, pollMs: 50, output: () => stderr })
 */
export async function untilServing(child: ChildProcess, name: string, ready: () => Promise<boolean>, o: { timeoutMs: number; pollMs: number; output: () => string }): Promise<() => Promise<void>> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  void exited.then(() => process.off('exit', killOnExit))
  const deadline = Date.now() + o.timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${o.output().trim()}`)
    if (await ready().catch(() => false)) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${name} did not start`)
    }
    await new Promise((r) => setTimeout(r, o.pollMs))
  }
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
}
