/**
 * `npm run bench [embed|rpc|siwx|storage|walletconnect …]`: runs the benches one after another (all by default), each
 * in its own process so one's heap and JIT do not colour the next. Each prints its tables and
 * writes bench/results/<name>.json.
 */
import { spawnSync } from 'node:child_process'

const ALL = ['embed', 'rpc', 'siwx', 'storage', 'walletconnect']
const chosen = process.argv.slice(2).filter((a) => ALL.includes(a))
let failed = 0
for (const name of chosen.length ? chosen : ALL) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], { stdio: 'inherit' })
  if (run.status !== 0) {
    console.error(`bench/${name} exited with ${run.status}`)
    failed++
  }
}
process.exit(failed ? 1 : 0)
