/**
 * A form field's text kept on the page while the visitor types, sent to the engine EDIT_WAIT_MS
 * (300 ms, docs/behaviour.md §9 search wait) after typing stops, or at once by `flush` (on blur or
 * submit), so the log holds edits, not keystrokes. The text follows the engine's value while no edit
 * is pending.
 */
import { useEffect, useRef, useState } from 'react'

const EDIT_WAIT_MS = 300

/** Local text that follows the engine's `value` and sends edits through `send` after a pause; `flush` sends now. */
export function useEdited(value: string, send: (v: string) => void) {
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (pending.current === undefined) setText(value)
  }, [value])
  const flush = () => {
    clearTimeout(timer.current)
    if (pending.current !== undefined) send(pending.current)
    pending.current = undefined
  }
  const change = (v: string) => {
    setText(v)
    pending.current = v
    clearTimeout(timer.current)
    timer.current = setTimeout(flush, EDIT_WAIT_MS)
  }
  useEffect(() => () => clearTimeout(timer.current), [])
  return { text, change, flush }
}
