/**
 * How the Localnet Wallet's prompt shows a message it is asked to sign (personal_sign,
 * solana:signMessage): the text when the bytes are clean UTF-8, else their hex, as an extension
 * does. Demo and test tooling.
 */
import { bytesToHex } from 'viem'

/** Control characters other than tab, line feed and carriage return: text holding one is shown as hex. */
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * `bytes` as the prompt shows them: the UTF-8 text when they decode without error and hold no
 * control character but tab and line breaks, else `0x` hex.
 */
export function messageText(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    if (!UNPRINTABLE.test(text)) return text
  } catch {
    // not UTF-8: shown as hex
  }
  return bytesToHex(bytes)
}
