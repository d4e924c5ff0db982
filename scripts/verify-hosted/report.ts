/**
 * The printed report of `npm run verify:hosted`: one line a call (`compatible` or `INCOMPATIBLE`,
 * the service and call, why), the eth_simulateV1 probe a network, what was skipped, and a closing
 * count line.
 */
import type { HostedReport } from './checks.js'

/**
 * The report's lines.
 * @example
 * reportLines({ calls: [{ service: 'blockchain', call: 'GET /v1/supported-chains', compatible: true, why: '90 networks over HTTP' }], simulate: [], skipped: [] })
 * // ['compatible    blockchain  GET /v1/supported-chains — 90 networks over HTTP', …, '1 compatible, 0 incompatible, 0 skipped']
 */
export function reportLines(report: HostedReport): string[] {
  const width = Math.max(0, ...report.calls.map((r) => r.service.length))
  const incompatible = report.calls.filter((r) => !r.compatible).length
  return [
    ...report.calls.map((r) => `${r.compatible ? 'compatible  ' : 'INCOMPATIBLE'}  ${r.service.padEnd(width)}  ${r.call} — ${r.why}`),
    '',
    'eth_simulateV1 through the RPC proxy (docs/behaviour.md §4 preview; a node without it shows "Not simulated"):',
    ...report.simulate.map((s) => `  ${s.chain}: ${s.answers ? 'answers' : 'does not answer'} — ${s.why}`),
    '',
    'skipped:',
    ...report.skipped.map((s) => `  ${s}`),
    '',
    `${report.calls.length - incompatible} compatible, ${incompatible} incompatible, ${report.skipped.length} skipped`,
  ]
}
