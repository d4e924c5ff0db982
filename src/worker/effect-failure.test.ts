import { describe, expect, it } from 'vitest'
import { GangwayError } from '../events/kernel/errors.js'
import { effectFailure, FAILURE_WINDOW_MS, failureLogLimit, MAX_FAILURE_MESSAGE, MAX_FAILURE_STACK, MAX_LOGGED_FAILURES } from './effect-failure.js'

describe('an escaped error as the log records it (engine/effect-failed)', () => {
  it('wraps any thrown value in the typed SDK error: INTERNAL_SDK_ERROR by default, a GangwayError keeps its category, a coded one its code', () => {
    expect(effectFailure(new TypeError('x is not a function'), 'connectEffect#0', 'p')).toMatchObject({ effect: 'connectEffect#0', errorType: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'x is not a function', stack: expect.stringMatching(/^TypeError: x is not a function/) })
    expect(effectFailure(new GangwayError('bad log', { category: 'DATA_PARSING_ERROR' }), 'e#1', 'p')).toMatchObject({ errorType: 'GangwayError', category: 'DATA_PARSING_ERROR', message: 'bad log' })
    expect(effectFailure({ code: 4001, message: 'User rejected' }, 'e#2', 'p')).toEqual({ effect: 'e#2', errorType: 'UserRejectedError', category: 'INTERNAL_SDK_ERROR', message: 'User rejected', code: 4001 })
    // A value whose getters throw is still read.
    const hostile = Object.defineProperty({}, 'message', { get: () => { throw new Error('no') } })
    expect(effectFailure(hostile, 'e#3', 'p')).toMatchObject({ errorType: 'GangwayError', message: 'Unknown error' })
  })

  it('scrubs secrets out of the message and the stack, whole, then cuts them', () => {
    const key = 'ab'.repeat(32)
    const error = new Error(`failed https://rpc.example/v1/?key=SECRET ${key} ${'- '.repeat(400)}`)
    error.stack = `Error: ${error.message}\n    at f (https://shop.example/page?token=T0K:1:2)\n${'    at g (https://h/w.js:1:2)\n'.repeat(200)}`
    const out = effectFailure(error, 'e#0', 'p')
    expect(out.message.startsWith('failed https://rpc.example/… [redacted] - ')).toBe(true)
    expect(out.message).toHaveLength(MAX_FAILURE_MESSAGE)
    expect(out.stack).toHaveLength(MAX_FAILURE_STACK)
    expect(out.stack).toContain('at f (https://shop.example/…)')
    for (const secret of ['SECRET', key, 'T0K']) expect(JSON.stringify(out)).not.toContain(secret)
  })

  it('logs at most 50 failures in any minute', () => {
    const allow = failureLogLimit()
    const allowed = Array.from({ length: 80 }, (_, i) => allow(i * 100)).filter(Boolean).length
    expect(allowed).toBe(MAX_LOGGED_FAILURES)
    expect(allow(FAILURE_WINDOW_MS - 1)).toBe(false)
    expect(allow(FAILURE_WINDOW_MS)).toBe(true)
  })
})
