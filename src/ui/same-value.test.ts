import { describe, expect, it } from 'vitest'
import { sameShallow } from './same-value.js'

describe('sameShallow', () => {
  it('is true for equal flat objects in any key order, and for the same primitive', () => {
    expect(sameShallow({ open: true, view: 'Connect', canGoBack: false }, { view: 'Connect', canGoBack: false, open: true })).toBe(true)
    expect(sameShallow('Connect', 'Connect')).toBe(true)
    expect(sameShallow(NaN, NaN)).toBe(true)
  })
  it('is false for a changed, missing or extra key, nested values that are new objects, arrays and null', () => {
    expect(sameShallow({ open: true }, { open: false })).toBe(false)
    expect(sameShallow({ open: true, view: 'Connect' }, { open: true })).toBe(false)
    expect(sameShallow({ open: true }, { open: true, shake: undefined })).toBe(false)
    expect(sameShallow({ rows: [] }, { rows: [] })).toBe(false)
    expect(sameShallow([1], [1])).toBe(false)
    expect(sameShallow(null, {})).toBe(false)
  })
})
