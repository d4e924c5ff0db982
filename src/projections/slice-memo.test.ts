import { describe, expect, it } from 'vitest'
import { rememberedOnSlices } from './slice-memo.js'

interface S {
  a: { n: number }
  b: { n: number }
  lastSeq: number
}

const state = (): S => ({ a: { n: 1 }, b: { n: 2 }, lastSeq: 1 })

describe('rememberedOnSlices', () => {
  it('answers the same object, without running, while the slices it read are the same', () => {
    let runs = 0
    const select = rememberedOnSlices((s: S) => (runs++, { n: s.a.n }))
    const s1 = state()
    const first = select(s1)
    expect(select({ ...s1, b: { n: 3 }, lastSeq: 2 })).toBe(first)
    expect(runs).toBe(1)
  })

  it('runs again when a slice it read is another object, even an equal one', () => {
    let runs = 0
    const select = rememberedOnSlices((s: S) => (runs++, { n: s.a.n }))
    const s1 = state()
    const first = select(s1)
    const second = select({ ...s1, a: { n: 1 } })
    expect(second).not.toBe(first)
    expect(second).toEqual({ n: 1 })
    expect(select({ ...s1, a: { n: 5 } })).toEqual({ n: 5 })
    expect(runs).toBe(3)
  })

  it('tracks the keys of the last run only: a branch that reads another slice counts once it is taken', () => {
    const select = rememberedOnSlices((s: S) => (s.a.n > 1 ? s.b.n : 0))
    const s1 = state()
    expect(select(s1)).toBe(0)
    const s2 = { ...s1, a: { n: 2 } }
    expect(select(s2)).toBe(2)
    expect(select({ ...s2, b: { n: 7 } })).toBe(7)
  })

  it('tracks `in` checks', () => {
    const select = rememberedOnSlices((s: Partial<S>) => ('a' in s ? 'with a' : 'without'))
    expect(select({ b: { n: 1 } })).toBe('without')
    expect(select({ a: { n: 1 }, b: { n: 1 } })).toBe('with a')
  })

  it('remembers nothing of a run that lists the state’s keys', () => {
    let runs = 0
    const select = rememberedOnSlices((s: S) => (runs++, Object.keys(s).length))
    const s1 = state()
    select(s1)
    expect(select({ ...s1, lastSeq: 2 })).toBe(3)
    expect(runs).toBe(2)
  })

  it('remembers nothing of a run that throws: the next call runs', () => {
    let fail = true
    const select = rememberedOnSlices((s: S) => {
      if (fail) throw new Error('cannot read')
      return s.a.n
    })
    const s1 = state()
    expect(() => select(s1)).toThrow('cannot read')
    fail = false
    expect(select(s1)).toBe(1)
  })
})
