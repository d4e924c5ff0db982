import { describe, expect, it } from 'vitest'
import { escapeJson, escapeText } from './escape.js'

describe('terminal escaping', () => {
  it.each([
    ['ESC', '\u001b[2J', '\\u001b[2J'],
    ['NUL, BEL, BS, TAB, CR, LF', '\u0000\u0007\u0008\t\r\n', '\\u0000\\u0007\\u0008\\u0009\\u000d\\u000a'],
    ['DEL', 'a\u007fb', 'a\\u007fb'],
    ['C1 (NEL, CSI)', '\u0085\u009b31m', '\\u0085\\u009b31m'],
    ['bidi marks, embeddings, overrides, isolates', '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069', '\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069'],
    ['line and paragraph separators', '\u2028\u2029', '\\u2028\\u2029'],
    ['a backslash, so an escape in the output is never the file\'s own', 'a\\u001b', 'a\\\\u001b'],
  ])('shows %s as escapes in text', (_what, input, shown) => {
    expect(escapeText(input)).toBe(shown)
  })
  it('leaves printable text alone, other languages and emoji included', () => {
    const text = 'connect/succeeded [tab-1] héllo 你好 مرحبا 🦊 \u00a0~'
    expect(escapeText(text)).toBe(text)
    expect(escapeJson(JSON.stringify(text))).toBe(JSON.stringify(text))
  })
  it("keeps JSON valid, of the same value, with its own line feeds", () => {
    const value = { ['k\u202e']: ['\u001b[2J', 'x\u2028y\u0085\u009b\u007f\u2066'], n: 1 }
    const json = escapeJson(JSON.stringify(value, null, 2))
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/)
    expect(json.split('\n')).toHaveLength(JSON.stringify(value, null, 2).split('\n').length)
    expect(JSON.parse(json)).toEqual(value)
  })
})
