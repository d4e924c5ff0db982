/**
 * Whether `a` and `b` hold the same value one level deep: the same primitive, or plain objects with
 * the same keys whose values are identical (Object.is). The client skips a signal update that
 * changes nothing (the engine's answer to an open the page already showed), so the views do not
 * render again for it.
 */
export function sameShallow(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}
