// The pure email and social login rules (docs/behaviour.md §5): display names, the social options per platform, the email resend cooldown.
import { describe, expect, it } from 'vitest'
import { authDisplayName, EMAIL_RESEND_COOLDOWN_MS, emailResendWaitMs, socialsFor, type Platform } from './auth-rules.js'
import { SOCIAL_PROVIDERS } from '../../events/kernel/host-options.js'

const desktop: Platform = { telegram: false, ios: false, android: false, mac: false }

describe('email and social login rules', () => {
  it('a social username wins; a discord one ending in 0 loses it; a long email shows all but its last 3 characters and an ellipsis', () => {
    expect(authDisplayName({ email: 'a@b.co', username: 'harbour0' }, 'discord')).toBe('harbour')
    expect(authDisplayName({ username: 'harbour0' }, 'github')).toBe('harbour0')
    expect(authDisplayName({ username: 'harbour' }, 'discord')).toBe('harbour')
    const thirty = `${'a'.repeat(24)}@b.com`
    expect(thirty).toHaveLength(30)
    expect(authDisplayName({ email: thirty })).toBe(thirty)
    expect(authDisplayName({ email: `${thirty}x` })).toBe(`${thirty.slice(0, -2)}…`)
    expect(authDisplayName({})).toBeUndefined()
  })

  it('in Telegram an iPhone loses google, a Mac x, Android facebook and x; elsewhere every option stays, in order', () => {
    const all = [...SOCIAL_PROVIDERS]
    expect(socialsFor(all, desktop)).toEqual(all)
    expect(socialsFor(all, { ...desktop, ios: true, android: true })).toEqual(all)
    expect(socialsFor(all, { ...desktop, telegram: true })).toEqual(all)
    expect(socialsFor(all, { ...desktop, telegram: true, ios: true })).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(socialsFor(all, { ...desktop, telegram: true, mac: true })).toEqual(['google', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(socialsFor(all, { ...desktop, telegram: true, android: true })).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
  })

  it('another email code waits 30 s after the last', () => {
    expect(emailResendWaitMs(undefined, 5)).toBe(0)
    expect(emailResendWaitMs(1000, 1000)).toBe(EMAIL_RESEND_COOLDOWN_MS)
    expect(emailResendWaitMs(1000, 1000 + 29_999)).toBe(1)
    expect(emailResendWaitMs(1000, 1000 + 30_000)).toBe(0)
    expect(emailResendWaitMs(1000, 1000 + 90_000)).toBe(0)
  })
})
