/** (being written) */
export const trade = {}
