/**
 * Size limits on SIWX messages: a message comes from a wallet, a page or a host site's
 * visitor, so its text is bounded before it is parsed. Plain constants shared by the Solana and
 * EIP-4361 parsers (solana-message.ts, message.ts) and the server helper (src/siwx-server).
 */

/** The longest SIWX message text, in characters (UTF-16 code units): a longer one is 'Invalid SIWX message'. */
export const MAX_SIWX_MESSAGE_CHARS = 8192
/** The most `Resources:` entries of a SIWX message: more is 'Invalid SIWX message'. */
export const MAX_SIWX_RESOURCES = 64
/** The longest signature string accepted for verification, in characters (an ERC-6492 wrapped signature carries a factory call, so it is long). */
export const MAX_SIWX_SIGNATURE_CHARS = 16_384
