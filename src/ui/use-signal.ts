/** Reads a signal in a React component and re-renders when it changes. */
import type { Signal } from '@preact/signals-core'
import { useSyncExternalStore } from 'react'

export function useSignalValue<T>(s: Signal<T>): T {
  return useSyncExternalStore(
    (onChange) => s.subscribe(() => onChange()),
    () => s.value,
  )
}
