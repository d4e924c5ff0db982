/**
 * `npm run verify:hosted` (scripts/verify-hosted, docs/services.md "Checking the hosted services")
 * against the localnet's emulators, which follow the hosted wire: every call compatible. Then
 * against the same emulators answering the old wire Gangway's clients once assumed
 * (localnet/services/hostile.ts OLD_WIRE): exactly the calls whose wire changed are reported.
 */
import { spawn } from 'node:child_process'
import { describe, expect, inject, it } from 'vitest'
import { SKIPPED, verifyHosted } from '../../scripts/verify-hosted/checks.js'
import type { HostedTarget } from '../../scripts/verify-hosted/target.js'

const walletConfigUrl = inject('walletConfigUrl')
const blockchainUrl = inject('blockchainUrl')
/** Anvil's first dev account: the localnet's funded account, with a history. */
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OLD_WIRE = '/hostile/old-wire'

const target = (prefix = ''): HostedTarget => ({
  projectId: 'verify-hosted-test',
  origin: new URL(inject('webUrl')).origin,
  services: { walletConfig: `${walletConfigUrl}${prefix}`, blockchain: `${blockchainUrl}${prefix}`, nfts: `${blockchainUrl}${prefix}/localnet-nfts` },
  chains: ['eip155:31337', 'eip155:31338'],
  address: ACCOUNT,
})

/** Runs the command with `args`; resolves with its exit code and output. */
function command(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/verify-hosted/main.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d))
    child.stderr.on('data', (d: Buffer) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('verify:hosted', () => {
  it('finds every call compatible with emulators that follow the hosted wire, and says what it did not ask', async () => {
    const report = await verifyHosted(target())
    expect(report.calls.filter((r) => !r.compatible)).toEqual([])
    expect(report.calls.map((r) => r.call)).toEqual(
      expect.arrayContaining([
        'GET /getWallets',
        'GET /appkit/v1/config',
        'GET /projects/v1/origins',
        'POST /v1?chainId=eip155:31337 (JSON-RPC)',
        'POST /v1?chainId=eip155:31338 (JSON-RPC)',
        'GET /v1/account/{address}/balance (forceUpdate: CAIP-10 list)',
        'GET /v1/profile/account/{name} (an unknown name)',
        'POST /v1/profile/account (refused: a signature that cannot verify)',
        'GET /v1/convert/quotes',
        'POST /v1/convert/build-transaction',
        'GET /v1/account/{address}/nfts',
      ]),
    )
    expect(report.calls.find((r) => r.call.startsWith('POST /v1/profile/account'))!.why).toMatch(/^refused before any effect: 401 /)
    // The localnet's networks have no hosted image id; every other check had something to ask with.
    expect(report.skipped).toEqual([...SKIPPED, 'GET /public/getAssetImage/{id}: no image id for this target'])
    expect(report.simulate).toEqual([
      { chain: 'eip155:31337', answers: true, why: expect.any(String) },
      { chain: 'eip155:31338', answers: true, why: expect.any(String) },
    ])
  })

  it('reports exactly the calls whose wire differs when the emulators answer the old wire', async () => {
    const report = await verifyHosted(target(OLD_WIRE))
    expect(report.calls.filter((r) => !r.compatible).map(({ call, why }) => ({ call, why }))).toEqual([
      { call: 'GET /appkit/v1/config', why: 'ids the hosted configuration does not have: swaps, email' },
      { call: 'GET /v1/account/{address}/balance (forceUpdate: CAIP-10 list)', why: expect.stringContaining('status 400') },
      { call: 'GET /v1/profile/account/{name} (an unknown name)', why: expect.stringMatching(/^status 404, expected 200/) },
    ])
  })

  it('reports an origin the project does not allow, and a service a page cannot read', async () => {
    const report = await verifyHosted({ ...target(), origin: 'https://elsewhere.example' })
    expect(report.calls.filter((r) => !r.compatible).map((r) => r.call)).toEqual(['GET /projects/v1/origins'])
    // A fetch that drops the CORS header, as a service without it for this origin answers.
    const blind: typeof fetch = async (input, init) => {
      const r = await fetch(input, init)
      const headers = new Headers(r.headers)
      headers.delete('access-control-allow-origin')
      return new Response(await r.arrayBuffer(), { status: r.status, headers })
    }
    const withoutCors = await verifyHosted(target(), { fetch: blind })
    expect(withoutCors.calls.find((r) => r.call === 'GET /getWallets')).toMatchObject({ compatible: false, why: expect.stringContaining('no access-control-allow-origin') })
    // The on-ramp routes the hosted service lacks answer without CORS there too: their fallback is expected.
    expect(withoutCors.calls.find((r) => r.call === 'GET /v1/onramp/options')).toMatchObject({ compatible: true })
  })

  it('prints one line a call and exits 1 when a call is incompatible, 2 on a bad command line', async () => {
    const t = target(OLD_WIRE)
    const run = await command(['--project-id', t.projectId, '--origin', t.origin, '--wallet-config', t.services.walletConfig, '--blockchain', t.services.blockchain, '--chains', 'eip155:31337', '--address', ACCOUNT])
    expect(run.code).toBe(1)
    const lines = run.stdout.trim().split('\n')
    expect(lines.filter((l) => l.startsWith('INCOMPATIBLE')).map((l) => l.split(' — ')[0]!.replace(/\s+/g, ' '))).toEqual([
      'INCOMPATIBLE wallet/config GET /appkit/v1/config',
      'INCOMPATIBLE blockchain GET /v1/account/{address}/balance (forceUpdate: CAIP-10 list)',
      'INCOMPATIBLE blockchain GET /v1/profile/account/{name} (an unknown name)',
    ])
    expect(lines.at(-1)).toMatch(/^\d+ compatible, 3 incompatible, \d+ skipped$/)
    expect(lines).toContain('  eip155:31337: answers — eth_simulateV1 answers: transactions are previewed')
    const bad = await command(['--origin', t.origin])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--project-id is required')
  })
})
