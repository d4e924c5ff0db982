/** (being written) */
export const siwx = {}
