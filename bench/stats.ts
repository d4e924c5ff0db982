/** Small helpers the benches share: percentiles, median with range, table printing, result files. */
import { mkdirSync, writeFileSync } from 'node:fs'

/** The p-th percentile (0–100) of `xs` (nearest rank). */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}

/** Median, min and max of `xs`. */
export function spread(xs: readonly number[]): { median: number; min: number; max: number } {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b)
  if (s.length === 0) return { median: NaN, min: NaN, max: NaN }
  const mid = Math.floor(s.length / 2)
  return { median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, min: s[0]!, max: s[s.length - 1]! }
}

/** Prints a Markdown table. */
export function printTable(title: string, header: string[], rows: (string | number)[][]): void {
  console.log(`\n${title}\n`)
  console.log(header.join(' | '))
  console.log(header.map(() => '---').join(' | '))
  for (const r of rows) console.log(r.join(' | '))
}

/** Writes bench/results/<name>.json. */
export function writeResult(name: string, data: unknown): void {
  mkdirSync('bench/results', { recursive: true })
  writeFileSync(`bench/results/${name}.json`, JSON.stringify({ date: new Date().toISOString(), ...(data as object) }, null, 2))
}
