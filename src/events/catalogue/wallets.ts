/** (being written) */
export const wallets = {}
