/** (being written) */
export const accountData = {}
