/**
 * `gangway replay <log.ndjson> [--at <seq>] [--diff]` (issue 7): replays an exported log in Node
 * on the same projection code as the engine, and prints
 * - the final projected state (JSON), or the state as of event `--at <seq>`;
 * - with `--diff`, each event (`#seq type [tab]`) followed by the state changes it caused.
 * Exits 0 on success, 1 with `gangway replay: <reason>` on a malformed or newer-version log or a
 * seq it does not hold, 2 on a usage error.
 */
import { readFileSync } from 'node:fs'
import { parseLog } from '../events/ndjson.js'
import { replayLog, replaySteps } from '../projections/replay.js'

const USAGE = 'usage: gangway replay <log.ndjson> [--at <seq>] [--diff]'

/** Runs the CLI on `argv` (without node and the script); returns the exit code. Output goes through `out` and `err`. */
export function main(argv: readonly string[], out: (s: string) => void = (s) => process.stdout.write(s), err: (s: string) => void = (s) => process.stderr.write(s)): number {
  const [command, ...rest] = argv
  if (command !== 'replay') {
    err(`${USAGE}\n`)
    return 2
  }
  let file: string | undefined
  let at: number | undefined
  let diff = false
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!
    if (a === '--diff') diff = true
    else if (a === '--at') {
      const v = rest[++i]
      if (!v || !/^\d+$/.test(v)) {
        err(`gangway replay: --at needs an event seq (a whole number)\n${USAGE}\n`)
        return 2
      }
      at = Number(v)
    } else if (!a.startsWith('--') && file === undefined) file = a
    else {
      err(`gangway replay: unexpected argument ${a}\n${USAGE}\n`)
      return 2
    }
  }
  if (!file) {
    err(`${USAGE}\n`)
    return 2
  }
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    err(`gangway replay: cannot read ${file}: ${(e as Error).message}\n`)
    return 1
  }
  try {
    const log = parseLog(text)
    if (diff) {
      for (const { event, changes } of replaySteps(log)) {
        if (at !== undefined && event.seq > at) break
        out(`#${event.seq} ${event.type} [${event.tab}]\n`)
        for (const c of changes) out(`  ${c.path}: ${JSON.stringify(c.before) ?? '(none)'} → ${JSON.stringify(c.after) ?? '(none)'}\n`)
      }
      return 0
    }
    out(`${JSON.stringify(replayLog(log, at), null, 2)}\n`)
    return 0
  } catch (e) {
    err(`gangway replay: ${(e as Error).message}\n`)
    return 1
  }
}
