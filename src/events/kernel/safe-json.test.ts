import { describe, expect, it } from 'vitest'
import { dropForbiddenKeys, fromSafeEntries, isForbiddenKey, parseJson, withKey } from './safe-json.js'

describe('keys never followed: __proto__, constructor, prototype', () => {
  it('parseJson drops them at any depth, in objects and arrays, and keeps every other key', () => {
    const text = '{"__proto__":{"polluted":1},"a":{"constructor":{"prototype":{"x":1}},"prototype":2,"b":[{"__proto__":[1],"c":3}]},"toString":"t","hasOwnProperty":"h","__proto":"p","proto__":"q","":"e"}'
    const v = parseJson(text) as Record<string, unknown>
    expect(v).toEqual({ a: { b: [{ c: 3 }] }, toString: 't', hasOwnProperty: 'h', __proto: 'p', proto__: 'q', '': 'e' })
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype)
    expect(v.polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
  it('parseJson drops them when spelt with \\u escapes', () => {
    expect(parseJson('{"\\u005f_proto__":{"x":1},"construct\\u006fr":1,"prot\\u006ftype":2,"k\\u00e9":3}')).toEqual({ ['ké']: 3 })
  })
  it('parseJson reads everything else as JSON.parse does, and throws its SyntaxError', () => {
    for (const text of ['1', '"__proto__"', 'null', '[{"a":"constructor"}]', '{"a":"\\u001b"}']) expect(parseJson(text)).toEqual(JSON.parse(text))
    expect(() => parseJson('{"a":')).toThrow(SyntaxError)
  })
  it('dropForbiddenKeys cleans a structured clone in place, cycles included', () => {
    const cloned = structuredClone(JSON.parse('{"a":{"__proto__":{"x":1},"y":2},"list":[{"constructor":0}]}')) as Record<string, unknown> & { self?: unknown }
    cloned.self = cloned
    expect(dropForbiddenKeys(cloned)).toBe(cloned)
    expect(Object.keys(cloned.a as object)).toEqual(['y'])
    expect(cloned.list).toEqual([{}])
  })
  it('withKey never writes a forbidden key, nor changes the map it is given', () => {
    const map: Record<string, { n: number }> = { eip155: { n: 1 } }
    expect(withKey(map, '__proto__', { n: 2 })).toBe(map)
    expect(withKey(map, 'constructor', { n: 2 })).toBe(map)
    const next = withKey(map, 'solana', { n: 3 })
    expect(next).toEqual({ eip155: { n: 1 }, solana: { n: 3 } })
    expect(map).toEqual({ eip155: { n: 1 } })
    expect(Object.getPrototypeOf(withKey(map, '__proto__', { n: 2 }))).toBe(Object.prototype)
  })
  it('fromSafeEntries is Object.fromEntries without forbidden keys', () => {
    const out = fromSafeEntries<unknown>([['__proto__', { x: 1 }], ['a', 1], ['prototype', 2], ['constructor', 3]])
    expect(out).toEqual({ a: 1 })
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(['__proto__', 'constructor', 'prototype', 'toString', '__proto'].map(isForbiddenKey)).toEqual([true, true, true, false, false])
  })
})
