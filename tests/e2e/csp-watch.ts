/**
 * Watching a page under the demo's strict Content-Security-Policy (`?csp=strict`, localnet/server.ts
 * `strictCsp`): the violations the page sees, and the reports its policy's report-uri received,
 * where a worker's violations go too.
 */
import { CSP_REPORTS } from '../../localnet/server.js'

/** A violation a page saw: the directive and the blocked URL. */
export type Violation = { directive: string; blocked: string }
/** What the browser posted to the report-uri (report-uri's JSON: one `csp-report` a request). */
type Report = { 'csp-report'?: { 'blocked-uri'?: string; 'violated-directive'?: string; 'document-uri'?: string } }

/** An init script, run before the page's own: every violation the page sees goes to `window.__violations`. */
export const LISTEN = () => {
  const seen: { directive: string; blocked: string }[] = []
  ;(window as unknown as { __violations: typeof seen }).__violations = seen
  document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }))
}

/** A URL the policy forbids: nothing listens there, and connect-src does not list it. */
export const FORBIDDEN = 'http://127.0.0.1:9/gangway-csp-sentinel'

/** The reports the localnet's report-uri has received so far, in order. */
export async function cspReports(webUrl: string): Promise<Report[]> {
  return (await (await fetch(`${webUrl}${CSP_REPORTS}`)).json()) as Report[]
}

/** The blocked URL of each report from the `from`th on. */
export async function blockedSince(webUrl: string, from: number): Promise<string[]> {
  return (await cspReports(webUrl)).slice(from).map((r) => r['csp-report']?.['blocked-uri'] ?? '?')
}
