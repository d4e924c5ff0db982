/** A view model without its undefined fields, so that equal models compare equal however they were built. Pure. */

/** `o` without the keys whose value is undefined (a shallow copy). */
export const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
