/** (being written) */
export const infra = {}
