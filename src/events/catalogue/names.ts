/** (being written) */
export const names = {}
