// The secure-site emulator's approval panel guard (localnet/services/secure-site/approval-guard.ts): a
// newly shown request's buttons are off for a moment, then decide only on a click that follows a fresh
// press made once they were on, so a double click (or a press held while the next request appears)
// approves one request at most.
import { describe, expect, it } from 'vitest'
import { APPROVAL_ARM_DELAY_MS, createApprovalGuard } from '../../localnet/services/secure-site/approval-guard.js'

describe('the approval panel guard', () => {
  it('decides nothing before a request is shown, and nothing of a new request before the delay', () => {
    const guard = createApprovalGuard()
    guard.press(0)
    expect(guard.click(1)).toBe(false)
    guard.shown(1000)
    expect(guard.enabled(1000 + APPROVAL_ARM_DELAY_MS - 1)).toBe(false)
    guard.press(1000 + APPROVAL_ARM_DELAY_MS - 1)
    expect(guard.click(1000 + APPROVAL_ARM_DELAY_MS + 10)).toBe(false)
    expect(guard.enabled(1000 + APPROVAL_ARM_DELAY_MS)).toBe(true)
    guard.press(1000 + APPROVAL_ARM_DELAY_MS)
    expect(guard.click(1000 + APPROVAL_ARM_DELAY_MS + 80)).toBe(true)
  })

  it('a double click: its first half approves the request shown, its second half lands on the next one within the delay and decides nothing', () => {
    const guard = createApprovalGuard()
    guard.shown(0)
    const at = 2000
    guard.press(at)
    expect(guard.click(at + 60)).toBe(true)
    // The answer came back fast: the next request shows where the last Approve was.
    guard.shown(at + 90)
    guard.press(at + 120)
    expect(guard.click(at + 180)).toBe(false)
    // Read, then a click of its own.
    guard.press(at + 90 + APPROVAL_ARM_DELAY_MS + 200)
    expect(guard.click(at + 90 + APPROVAL_ARM_DELAY_MS + 260)).toBe(true)
  })

  it('a press made before the request showed, released on it after the delay, decides nothing; each press is good for one click; a held key’s repeats arm nothing', () => {
    const guard = createApprovalGuard()
    guard.shown(0)
    guard.press(600)
    guard.shown(700)
    expect(guard.click(700 + APPROVAL_ARM_DELAY_MS + 1000)).toBe(false)
    guard.press(700 + APPROVAL_ARM_DELAY_MS + 1100)
    expect(guard.click(700 + APPROVAL_ARM_DELAY_MS + 1150)).toBe(true)
    expect(guard.click(700 + APPROVAL_ARM_DELAY_MS + 1200)).toBe(false)
    guard.press(700 + APPROVAL_ARM_DELAY_MS + 1300, true)
    expect(guard.click(700 + APPROVAL_ARM_DELAY_MS + 1310)).toBe(false)
  })
})
