/**
 * The debug panel (option `debug`): downloads the event log as NDJSON (redacted), and
 * time travel: pick an event and the modal shows the state as of it, read-only; "Live" returns.
 * "Test error" makes an effect throw (Client.testError), so a site sees its error report arrive
 * (docs/behaviour.md §8: at most 5 per rolling 60 s).
 * A tool for site developers; it lives in the UI chunk and loads only with the option.
 */
import { useCallback, useEffect, useState } from 'react'
import type { Client } from '../core.js'
import { useSignalValue } from '../use-signal.js'

type Row = { seq: number; type: string; tab: string; at: number }

/** Saves `text` as a file through a temporary object URL. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function DebugPanel({ client, projectId, showViews }: { client: Client; projectId: string; showViews: () => void }) {
  const travel = useSignalValue(client.signals.travel)
  // The modal signal changes with most events the visitor causes: a cheap cue to refresh the list.
  const modal = useSignalValue(client.signals.modal)
  const account = useSignalValue(client.signals.account)
  const [open, setOpen] = useState(false)
  const [rows, setRows] = useState<Row[]>([])
  const [error, setError] = useState<string>()
  const refresh = useCallback(() => void client.listEvents().then((l) => setRows(l.events)), [client])
  useEffect(() => {
    if (open && travel === null) refresh()
  }, [open, travel, modal, account, refresh])

  const pick = async (seq: number | null) => {
    setError(undefined)
    try {
      if (seq !== null) showViews()
      await client.travel(seq)
    } catch (e) {
      setError((e as Error).message)
    }
  }
  const exportLog = async () => download(await client.exportLog(), `gangway-log-${projectId}-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`)

  return (
    <div className="gwd" data-testid="gw-debug">
      <div className="gwd-bar">
        <button type="button" onClick={() => setOpen(!open)} aria-expanded={open}>
          Gangway debug
        </button>
        <button type="button" data-testid="gw-debug-export" onClick={() => void exportLog()}>
          Export log
        </button>
        <button type="button" data-testid="gw-debug-test-error" onClick={() => void client.testError().catch((e: Error) => setError(e.message))}>
          Test error
        </button>
        {travel !== null && (
          <button type="button" data-testid="gw-debug-live" onClick={() => void pick(null)}>
            Live
          </button>
        )}
      </div>
      {error && <p className="gwd-error">{error}</p>}
      {open && (
        <ol className="gwd-list" data-testid="gw-debug-events">
          {rows.map((r) => (
            <li key={r.seq}>
              <button type="button" data-seq={r.seq} aria-pressed={travel === r.seq} onClick={() => void pick(r.seq)}>
                <span className="gwd-seq">#{r.seq}</span> {r.type}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

export const debugCss = `
.gwd{position:fixed;left:8px;bottom:8px;z-index:2147483647;width:300px;max-height:50vh;display:flex;flex-direction:column;font:12px/1.4 ui-monospace,monospace;background:#111827;color:#e5e7eb;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.3);overflow:hidden}
.gwd button{font:inherit;color:inherit;background:none;border:0;cursor:pointer;text-align:left}
.gwd-bar{display:flex;gap:4px;padding:6px;border-bottom:1px solid #374151}
.gwd-bar button{padding:4px 8px;border-radius:4px;background:#1f2937}
.gwd-list{margin:0;padding:0;list-style:none;overflow:auto}
.gwd-list button{width:100%;padding:2px 8px}
.gwd-list button[aria-pressed=true]{background:#92400e}
.gwd-list button:hover{background:#374151}
.gwd-seq{color:#9ca3af}
.gwd-error{margin:0;padding:4px 8px;color:#fca5a5}
`
