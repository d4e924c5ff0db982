/** (being written) */
export const connection = {}
