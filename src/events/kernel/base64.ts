/** Bytes as padded base64, and back (the wire format of the bridge calls that carry bytes: Solana transactions, Bitcoin PSBTs). Pure. */
export const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))
/** @throws DOMException (InvalidCharacterError) for a string that is not base64. */
export const fromBase64 = (b64: string): Uint8Array => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
