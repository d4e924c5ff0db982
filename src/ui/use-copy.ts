/**
 * Copy to the clipboard, for a view's Copy button: `copy(text)` writes `text` and remembers it as
 * `copied`, which the button shows as "Copied"; a refused write (no permission, no clipboard) leaves
 * `copied` undefined. A view that may show another text later compares `copied` with what it shows.
 */
import { useState } from 'react'

export function useCopy(): { copied: string | undefined; copy(text: string): Promise<void> } {
  const [copied, setCopied] = useState<string | undefined>(undefined)
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(text)
    } catch {
      setCopied(undefined)
    }
  }
  return { copied, copy }
}
