/**
 * `o` without the keys whose value is undefined (a shallow copy), so that equal values compare equal
 * however they were built: view models (projections/view-models) and the service clients' checked
 * answers (api/blockchain.ts). Pure.
 */
export const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T
