// The guards (docs/behaviour.md §5): each slice's `refuse`, looked up by `refusal`.
import { describe, expect, it } from 'vitest'
import { definitionOf } from '../../events/catalogue/index.js'
import { initialState, slices } from '../state.js'
import { refusal } from './guards.js'

/** Every guarded type, once for each slice that guards it. */
const guarded = Object.values(slices).flatMap((s) => Object.keys(s.refuse ?? {}))

describe('guards', () => {
  it('guard intents of the catalogue only', () => {
    expect(guarded.length).toBeGreaterThan(0)
    expect(guarded.filter((type) => !definitionOf(type)?.intent)).toEqual([])
  })

  it('guard each intent type in one slice at most', () => {
    const counts = new Map<string, number>()
    for (const type of guarded) counts.set(type, (counts.get(type) ?? 0) + 1)
    expect([...counts].filter(([, n]) => n > 1)).toEqual([])
  })

  it('refuse nothing no slice guards', () => {
    expect(slices.modal.refuse?.['modal/close-requested']).toBeUndefined()
    expect(refusal(initialState, { type: 'modal/close-requested', payload: {} })).toBeUndefined()
  })
})
