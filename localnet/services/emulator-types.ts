/** What the emulators that verify signatures on the localnet's chains share (names.ts, sessions.ts). */
import type { Client } from 'viem'

/** A verifying emulator's options. */
export interface VerifyingEmulatorOptions {
  /** The served EVM chains, each with the viem client a signature is verified on. */
  chains: { chainId: number; client: Client }[]
  /** The clock, in ms; default Date.now. */
  now?: () => number
}

/** An HTTP answer: status and JSON body. */
export interface JsonAnswer {
  status: number
  body: unknown
}
