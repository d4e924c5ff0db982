/**
 * The account chip a reload paints first: while connected, the core keeps
 * one small record per project in localStorage, `gangway:chip:{projectId}` = `{"a": address, "b":
 * balance, "s": symbol}`; the loader reads it before anything else loads, so <gangway-button>
 * shows the chip, not 'Connect Wallet' then the chip. The record is untrusted like any stored
 * value: read only if it is a JSON object whose fields are strings of 1–44 letters, digits, '_' or
 * '.' (what an EVM or Solana address, a decimal balance and a symbol are made of; a loose check
 * the loader can afford), else ignored; it is rendered as text only. Nothing secret is in it (the
 * address is the visitor's public one, as on the chip itself); a disconnect removes it.
 */
import type { AccountModel } from '../../contract.js'

const key = (projectId: string) => `gangway:chip:${projectId}`
/** What a stored field may be: an address, a balance or a symbol. */
const FIELD = /^[\w.]{1,44}$/

/**
 * The stored chip of `projectId` as a connected account (balance and symbol when stored), or
 * undefined when there is none, storage cannot be read, or the record fails the checks above.
 */
export function readChip(projectId: string): AccountModel | undefined {
  try {
    const r = JSON.parse(localStorage.getItem(key(projectId))!)
    // Strings only; a balance comes with its symbol.
    if (![r.a, r.b ?? '_', r.b ? r.s : '_'].every((f) => typeof f == 'string' && FIELD.test(f))) return undefined
    return { status: 'connected', isConnected: true, balanceLoading: false, address: r.a, ...(r.b && { balance: r.b, balanceSymbol: r.s }) }
  } catch {
    return undefined
  }
}

/** Keeps `projectId`'s record in step with `account`: written while connected, removed otherwise. Storage failures are ignored. */
export function writeChip(projectId: string, account: AccountModel): void {
  try {
    if (account.isConnected && account.address) {
      localStorage.setItem(key(projectId), JSON.stringify({ a: account.address, ...(account.balance !== undefined && account.balanceSymbol ? { b: account.balance, s: account.balanceSymbol } : {}) }))
    } else if (account.status === 'disconnected') localStorage.removeItem(key(projectId))
  } catch {
    // No storage (a sandboxed frame, storage blocked): the chip just waits for the engine.
  }
}
