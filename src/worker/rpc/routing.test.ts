import { describe, expect, it } from 'vitest'
import { LOCALNET } from '../../../tests/unit/fixtures.js'
import { rpcEndpoint } from './routing.js'

const mainnet = { ...LOCALNET, id: 1, caipNetworkId: 'eip155:1' as const, name: 'Ethereum', rpcUrls: { default: { http: ['https://own.example'] } } }

describe('RPC endpoint routing (docs/behaviour.md §7)', () => {
  it("a chain on the provider's list goes to the provider endpoint with chainId and projectId", () => {
    const url = new URL(rpcEndpoint(mainnet, { projectId: 'p1', providerUrl: 'https://rpc.example', providerChains: ['eip155:1'] }))
    expect(url.origin + url.pathname).toBe('https://rpc.example/v1/')
    expect(Object.fromEntries(url.searchParams)).toEqual({ chainId: 'eip155:1', projectId: 'p1' })
  })
  it("a chain not on the list goes to its own URL", () => {
    expect(rpcEndpoint(mainnet, { projectId: 'p1', providerUrl: 'https://rpc.example', providerChains: ['eip155:10'] })).toBe('https://own.example')
    expect(rpcEndpoint(mainnet, { projectId: 'p1', providerChains: ['eip155:1'] })).toBe('https://own.example')
  })
  it('a URL the host site configured always wins', () => {
    expect(rpcEndpoint(mainnet, { projectId: 'p1', providerUrl: 'https://rpc.example', providerChains: ['eip155:1'], rpcUrls: { 'eip155:1': ['https://mine.example'] } })).toBe('https://mine.example')
  })
  it("fails with 'Network not found' when there is no URL", () => {
    expect(() => rpcEndpoint({ ...mainnet, rpcUrls: { default: { http: [] } } }, { projectId: 'p' })).toThrow('Network not found')
  })
})
