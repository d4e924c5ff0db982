/** Bytes as padded base64, and back (the wire format of the bridge calls that carry bytes: Solana transactions, Bitcoin PSBTs). Pure. */

/** How many bytes go into one String.fromCharCode call: an engine takes only so many arguments (Safari about 65 536). */
const CHUNK = 8192

/** `bytes` as padded base64, of any length. */
export const toBase64 = (bytes: Uint8Array): string => {
  let binary = ''
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK))
  return btoa(binary)
}
/** @throws DOMException (InvalidCharacterError) for a string that is not base64. */
export const fromBase64 = (b64: string): Uint8Array => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
