/** Reads a signal in a React component and re-renders when it changes. */
import type { Signal } from '@preact/signals-core'
import { useSyncExternalStore } from 'react'

/**
 * The signal's value, re-rendering the component when it changes; with `pick`, the part it picks,
 * re-rendering only when that part changes (Object.is): pick a primitive, so that a component
 * reading one field of a large view model does not render again for every change of the rest.
 * @example
 * const usd = useSignalValue(signals.accountTabs, (v) => v.networkBalanceUsd)
 */
export function useSignalValue<T>(s: Signal<T>): T
export function useSignalValue<T, P>(s: Signal<T>, pick: (v: T) => P): P
export function useSignalValue<T, P>(s: Signal<T>, pick?: (v: T) => P): T | P {
  return useSyncExternalStore(
    (onChange) => s.subscribe(() => onChange()),
    () => (pick ? pick(s.value) : s.value),
  )
}
