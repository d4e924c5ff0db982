/** (being written) */
export const modal = {}
