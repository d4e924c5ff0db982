/**
 * Escaping for the terminal: a log file is untrusted, so no character of it that a
 * terminal acts on or that reorders or breaks lines reaches the output as itself. Such characters
 * are shown visibly as `\uXXXX` escapes (lower-case hex): C0 controls (ESC, CR, LF, TAB, BEL…),
 * DEL, C1 controls (CSI U+009B, NEL…), the bidi marks, embeddings, overrides and isolates
 * (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and the line and paragraph separators
 * (U+2028, U+2029).
 */

/** The characters shown escaped, in JSON text (where every LF is JSON's own) and in plain text (LF and backslash too). */
const IN_JSON = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
const IN_TEXT = /[\\\n\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const hex = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * Text from the file (an event type, a tab, a state path, a message quoting them) as one safe line:
 * every unsafe character, line feeds included, becomes `\uXXXX`, and a backslash becomes `\\`, so an
 * escape in the output always stands for the character it names.
 */
export function escapeText(text: string): string {
  return text.replace(IN_TEXT, (c) => (c === '\\' ? '\\\\' : hex(c)))
}

/**
 * JSON.stringify's output made safe: JSON escapes C0 controls itself; DEL, C1 controls, the bidi
 * characters and U+2028/U+2029 can only sit inside strings, where `\uXXXX` is the same value. The
 * result is still JSON, of the same value; its line feeds are JSON's own.
 */
export function escapeJson(json: string): string {
  return json.replace(IN_JSON, hex)
}
