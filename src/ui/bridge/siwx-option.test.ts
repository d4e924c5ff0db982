// The site's `siwx` option on the page: its shape, and DataCapture's calls of its email functions.
import { describe, expect, it } from 'vitest'
import { capturesEmail, emailCapture, isSiwxConfig } from './siwx-option.js'
import type { SiwxConfig } from '../options.js'

const base = { createMessage: async () => ({}), addSession: async () => undefined, revokeSession: async () => undefined, setSessions: async () => undefined, getSessions: async () => [] }

describe('the siwx option', () => {
  it('takes both email functions or neither', () => {
    expect(isSiwxConfig(base)).toBe(true)
    expect(isSiwxConfig({ ...base, requestEmailOtp: async () => ({ uuid: null }), confirmEmailOtp: async () => undefined })).toBe(true)
    expect(isSiwxConfig({ ...base, requestEmailOtp: async () => ({ uuid: null }) })).toBe(false)
    expect(isSiwxConfig({ ...base, confirmEmailOtp: 'yes' })).toBe(false)
    expect(capturesEmail(base as unknown as SiwxConfig)).toBe(false)
  })

  it("DataCapture hands the trimmed email and the account to the site, and a code only when the site mailed one; bad input never reaches the site", async () => {
    const calls: unknown[] = []
    let uuid: unknown = 'u-1'
    const siwx = { ...base, requestEmailOtp: async (input: unknown) => (calls.push(input), { uuid }), confirmEmailOtp: async (input: unknown) => void calls.push(input) } as unknown as SiwxConfig
    const capture = emailCapture(siwx)
    expect(await capture.request('  visitor@harbour.example ', 'eip155:1:0xabc')).toBe('code')
    await capture.confirm('123456')
    uuid = null
    expect(await capture.request('visitor@harbour.example', 'eip155:1:0xabc')).toBe('done')
    expect(calls).toEqual([{ email: 'visitor@harbour.example', account: 'eip155:1:0xabc' }, { code: '123456', uuid: 'u-1' }, { email: 'visitor@harbour.example', account: 'eip155:1:0xabc' }])
    await expect(capture.request('not an email', 'eip155:1:0xabc')).rejects.toThrow('Invalid email')
    await expect(capture.request(`${'a'.repeat(250)}@b.co`, 'eip155:1:0xabc')).rejects.toThrow('Invalid email')
    await expect(capture.confirm('12345')).rejects.toThrow('Invalid code')
    // The email was kept as it is (no uuid): no code is awaited.
    await expect(capture.confirm('123456')).rejects.toThrow('Invalid code')
    expect(calls).toHaveLength(3)
  })
})
