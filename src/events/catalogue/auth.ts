/** (being written) */
export const auth = {}
