/** The command line of `npm run verify:hosted` (scripts/verify-hosted/target.ts) and its report's lines. */
import { describe, expect, it } from 'vitest'
import { reportLines } from '../../scripts/verify-hosted/report.js'
import { DEFAULT_ADDRESS, DEFAULT_CHAINS, targetOf } from '../../scripts/verify-hosted/target.js'

describe('verify:hosted command line', () => {
  it('defaults to the hosted services of a Reown project', () => {
    expect(targetOf(['--project-id', 'abc', '--origin', 'https://site.example'])).toEqual({
      projectId: 'abc',
      origin: 'https://site.example',
      services: { walletConfig: 'https://api.web3modal.org', blockchain: 'https://rpc.walletconnect.org' },
      chains: DEFAULT_CHAINS,
      address: DEFAULT_ADDRESS,
    })
  })
  it('takes other services, networks, an account and an NFT service', () => {
    const t = targetOf(['--project-id', 'abc', '--origin', 'http://127.0.0.1:8080', '--wallet-config', 'http://127.0.0.1:1', '--blockchain', 'http://127.0.0.1:2', '--nfts', 'https://nfts.example', '--chains', 'eip155:10,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '--address', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'])
    expect(t).toMatchObject({ services: { walletConfig: 'http://127.0.0.1:1', blockchain: 'http://127.0.0.1:2', nfts: 'https://nfts.example' }, chains: ['eip155:10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
  })
  it.each([
    [['--origin', 'https://site.example'], '--project-id is required'],
    [['--project-id', 'abc'], '--origin is required'],
    [['--project-id', 'abc', '--origin', 'https://site.example/shop'], '--origin must be an origin (https://site.example)'],
    [['--project-id', 'abc', '--origin', 'javascript:alert(1)'], '--origin must be an origin (https://site.example)'],
    [['--project-id', 'abc', '--origin', 'https://site.example', '--address', 'vitalik.eth'], '--address must be a 0x address'],
    [['--project-id', 'abc', '--origin', 'https://site.example', '--chains', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], '--chains must be CAIP-2 ids with at least one eip155 network'],
    [['--project-id', 'abc', '--origin', 'https://site.example', '--blockchain', 'file:///etc/passwd'], '--blockchain must be an http(s) URL'],
    [['--project-id', 'abc', '--origin', 'https://site.example', '--secret', 'x'], 'Unknown option: --secret'],
    [['--project-id'], 'Unknown option: --project-id'],
  ])('refuses %j', (argv, message) => {
    expect(() => targetOf(argv)).toThrow(message)
  })
})

describe('verify:hosted report', () => {
  it('prints a line a call, the eth_simulateV1 probes, the skipped calls and the count', () => {
    const lines = reportLines({
      calls: [
        { service: 'wallet/config', call: 'GET /appkit/v1/config', compatible: false, why: 'ids the hosted configuration does not have: swaps' },
        { service: 'blockchain', call: 'GET /v1/supported-chains', compatible: true, why: '90 networks over HTTP' },
      ],
      simulate: [{ chain: 'eip155:1', answers: false, why: '-32601 the method eth_simulateV1 does not exist' }],
      skipped: ['POST /e: never posts analytics'],
    })
    expect(lines).toEqual([
      'INCOMPATIBLE  wallet/config  GET /appkit/v1/config — ids the hosted configuration does not have: swaps',
      'compatible    blockchain     GET /v1/supported-chains — 90 networks over HTTP',
      '',
      expect.stringMatching(/^eth_simulateV1 through the RPC proxy/),
      '  eip155:1: does not answer — -32601 the method eth_simulateV1 does not exist',
      '',
      'skipped:',
      '  POST /e: never posts analytics',
      '',
      '1 compatible, 1 incompatible, 1 skipped',
    ])
  })
})
