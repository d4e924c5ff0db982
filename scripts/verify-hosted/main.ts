/**
 * `npm run verify:hosted -- --project-id <id> --origin <https://site.example> [options]`: checks
 * each call Gangway makes to the hosted services once and prints, per call, whether the real wire
 * is the one Gangway speaks (docs/services.md, "Checking the hosted services"). Needs the internet;
 * makes only read calls and calls the service refuses before any effect. Exits 0 when every call is
 * compatible, 1 when one is not, 2 on a bad command line.
 */
import { verifyHosted } from './checks.js'
import { reportLines } from './report.js'
import { targetOf, USAGE } from './target.js'

let target
try {
  target = targetOf(process.argv.slice(2))
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
const report = await verifyHosted(target)
for (const line of reportLines(report)) console.log(line)
process.exit(report.calls.every((r) => r.compatible) ? 0 : 1)
