// The site's `siwx` option on the page: the engine's calls answered with its functions,
// their answers copied to bounded plain data, the option's shape checked.
import { describe, expect, it, vi } from 'vitest'
import { createSiwxSource } from './siwx-source.js'
import { isSiwxConfig, lazySiwxSource } from './siwx-option.js'
import type { SiwxConfig } from '../options.js'

const DATA = { accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 'eip155:31337' as const, domain: 'shop.example', uri: 'https://shop.example', version: '1', nonce: 'n0nce123', issuedAt: '2026-11-23T10:00:00.000Z' }

function site(overrides: Partial<SiwxConfig> = {}): SiwxConfig {
  return {
    createMessage: vi.fn(async () => ({ ...DATA, toString: () => 'not used', extra: { deep: true } }) as never),
    addSession: vi.fn(async () => undefined),
    revokeSession: vi.fn(async () => undefined),
    setSessions: vi.fn(async () => undefined),
    getSessions: vi.fn(async () => [{ data: DATA, message: 'text', signature: '0xsig' }, { nope: 1 }, null] as never),
    ...overrides,
  }
}

describe('the SIWX source', () => {
  it('owns the SIWX pseudo-connector only, and answers each call with the site’s function, as plain data', async () => {
    const siwx = site({ getRequired: () => true })
    const source = createSiwxSource(siwx)
    expect([source.owns('SIWX'), source.owns('AUTH')]).toEqual([true, false])
    expect(await source.request('SIWX', { method: 'siwx_getSessions', params: [{ chainId: 'eip155:31337', address: DATA.accountAddress }] })).toEqual([{ data: DATA, message: 'text', signature: '0xsig' }])
    expect(siwx.getSessions).toHaveBeenCalledWith('eip155:31337', DATA.accountAddress)
    // The message's fields only: no toString, nothing nested the spec does not name.
    expect(await source.request('SIWX', { method: 'siwx_createMessage', params: [{ accountAddress: DATA.accountAddress, chainId: 'eip155:31337' }] })).toEqual(DATA)
    await source.request('SIWX', { method: 'siwx_addSession', params: [{ data: DATA, message: 'text', signature: '0xsig' }] })
    expect(siwx.addSession).toHaveBeenCalledWith({ data: DATA, message: 'text', signature: '0xsig' })
    await source.request('SIWX', { method: 'siwx_revokeSession', params: [{ chainId: 'eip155:31337', address: DATA.accountAddress }] })
    expect(siwx.revokeSession).toHaveBeenCalledWith('eip155:31337', DATA.accountAddress)
    expect(await source.request('SIWX', { method: 'siwx_getRequired' })).toBe(true)
    expect(await createSiwxSource(site()).request('SIWX', { method: 'siwx_getRequired' })).toBe(false)
    // An async getRequired is awaited; a throwing one throws to the engine (which counts it as required).
    expect(await createSiwxSource(site({ getRequired: async () => true })).request('SIWX', { method: 'siwx_getRequired' })).toBe(true)
    await expect(createSiwxSource(site({ getRequired: () => { throw new Error('no') } })).request('SIWX', { method: 'siwx_getRequired' })).rejects.toThrow('no')
    await expect(source.request('SIWX', { method: 'eth_accounts' })).rejects.toThrow('Unknown SIWX call: eth_accounts')
  })

  it('bounds what the site answers: at most 20 sessions, no oversized text, anything but a list is none', async () => {
    const many = Array.from({ length: 30 }, () => ({ data: DATA, message: 'text', signature: '0xsig' }))
    expect(await createSiwxSource(site({ getSessions: async () => many })).request('SIWX', { method: 'siwx_getSessions', params: [{}] })).toHaveLength(20)
    const huge = [{ data: DATA, message: 'x'.repeat(20_000), signature: '0xsig' }]
    expect(await createSiwxSource(site({ getSessions: async () => huge })).request('SIWX', { method: 'siwx_getSessions', params: [{}] })).toEqual([])
    expect(await createSiwxSource(site({ getSessions: async () => 'no' as never })).request('SIWX', { method: 'siwx_getSessions', params: [{}] })).toEqual([])
    await expect(createSiwxSource(site({ getSessions: async () => Promise.reject(new Error('backend down')) })).request('SIWX', { method: 'siwx_getSessions', params: [{}] })).rejects.toThrow('backend down')
  })

  it('the core’s source loads the SIWX source on its first call and answers through it', async () => {
    const siwx = site()
    const lazy = lazySiwxSource(siwx)
    expect(lazy.owns('SIWX')).toBe(true)
    expect(await lazy.request('SIWX', { method: 'siwx_getRequired' })).toBe(false)
    expect(await lazy.request('SIWX', { method: 'siwx_getSessions', params: [{ chainId: 'eip155:31337', address: DATA.accountAddress }] })).toHaveLength(1)
  })

  it('takes a siwx option only with its five functions (getRequired a function and signOutOnDisconnect a boolean when given)', () => {
    expect(isSiwxConfig(site())).toBe(true)
    expect(isSiwxConfig({ ...site(), signOutOnDisconnect: false, getRequired: () => false })).toBe(true)
    expect(isSiwxConfig({ ...site(), getSessions: undefined })).toBe(false)
    expect(isSiwxConfig({ ...site(), signOutOnDisconnect: 'no' })).toBe(false)
    expect(isSiwxConfig(true)).toBe(false)
  })
})
