/** Reads an account's native balance (docs/behaviour.md §3, account balance) through a viem public client. */
import { getBalance } from 'viem/actions'
import type { Address, Client } from 'viem'

/** The balance of `address` in wei, as a decimal string (plain JSON for the log). */
export async function getNativeBalance(client: Client, address: string): Promise<string> {
  const wei = await getBalance(client, { address: address as Address })
  return wei.toString()
}
