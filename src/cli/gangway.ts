/**
 * `gangway replay <log.ndjson> [--at <seq>] [--diff]` (docs/behaviour.md §3): replays an exported log in Node
 * on the same projection code as the engine, and prints
 * - the final projected state (JSON), or the state as of event `--at <seq>`;
 * - with `--diff`, each event (`#seq type [tab]`) followed by the state changes it caused.
 * Exits 0 on success, 1 with `gangway replay: <reason>` on a malformed or newer-version log, a
 * seq it does not hold, or a file over MAX_LOG_BYTES ('<file> is N MB; the limit is 256 MB',
 * refused before it is read), 2 on a usage error.
 * The file is untrusted: every string of it reaches the terminal escaped (escape.ts), in
 * the states, the diff lines and the error messages alike; the JSON printed stays JSON of the same value.
 */
import { parseLog } from '../events/log/ndjson.js'
import { replayLog, replaySteps } from '../projections/replay.js'
import { escapeJson, escapeText } from './escape.js'
import { FileTooLargeError, readFileLimited } from './read-limited.js'

const USAGE = 'usage: gangway replay <log.ndjson> [--at <seq>] [--diff]'

/** A value of a diff line: its JSON on one line, escaped; '(none)' when absent. */
const shown = (v: unknown) => (v === undefined ? '(none)' : escapeJson(JSON.stringify(v)))

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
      err(`gangway replay: unexpected argument ${escapeText(a)}\n${USAGE}\n`)
      return 2
    }
  }
  if (!file) {
    err(`${USAGE}\n`)
    return 2
  }
  let text: string
  try {
    text = readFileLimited(file)
  } catch (e) {
    const message = e instanceof FileTooLargeError ? e.message : `cannot read ${file}: ${(e as Error).message}`
    err(`gangway replay: ${escapeText(message)}\n`)
    return 1
  }
  try {
    const log = parseLog(text)
    if (diff) {
      for (const { event, changes } of replaySteps(log)) {
        if (at !== undefined && event.seq > at) break
        out(`#${event.seq} ${escapeText(event.type)} [${escapeText(event.tab)}]\n`)
        for (const c of changes) out(`  ${escapeText(c.path)}: ${shown(c.before)} → ${shown(c.after)}\n`)
      }
      return 0
    }
    out(`${escapeJson(JSON.stringify(replayLog(log, at), null, 2))}\n`)
    return 0
  } catch (e) {
    err(`gangway replay: ${escapeText((e as Error).message)}\n`)
    return 1
  }
}
