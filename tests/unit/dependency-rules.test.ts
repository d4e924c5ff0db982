// The layer rules (.dependency-cruiser.cjs, docs/architecture.md "Layers and what each may import")
// fire: cruised over tests/dependency-rules/fixture, a miniature of src/ with one wrong import per
// rule, the real rule file reports exactly the wrong imports, each under its rule's name, and passes
// the allowed ones (the sanctioned dynamic import, `#loader`, type-only imports and cycles).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

const root = fileURLToPath(new URL('../..', import.meta.url))
const fixture = fileURLToPath(new URL('../dependency-rules/fixture', import.meta.url))
const config = createRequire(import.meta.url)(`${root}.dependency-cruiser.cjs`) as Required<Pick<IConfiguration, 'forbidden' | 'options'>>
const ruleNames = config.forbidden.map((rule) => rule.name ?? '')

/** A module as the test names it: a path in the fixture, an npm package's name, a Node built-in's name. */
const moduleName = (resolved: string) => resolved.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1').replace(/^node:/, '')

/** Each rule with the wrong imports of the fixture it must report: [rule, from, to]. */
const WRONG_IMPORTS: [rule: string, from: string, to: string][] = [
  ['contract-types-only', 'src/contract.ts', 'src/worker/main-thread.ts'],
  ['contract-not-from-worker', 'src/contract.ts', 'src/worker/main-thread.ts'],
  ['contract-not-from-worker', 'src/contract.ts', 'src/worker/bridge.ts'],
  ['events-below-everything', 'src/events/validate.ts', 'src/chains/eip155/accounts.ts'],
  ['idb-only-in-persistence', 'src/events/cache.ts', 'idb'],
  ['chains-only-events', 'src/chains/eip155/client.ts', 'src/worker/rpc/pipeline.ts'],
  ['projections-no-io', 'src/projections/io.ts', 'src/events/log/log.ts'],
  ['projections-no-io', 'src/projections/io.ts', 'rxjs'],
  ['projections-no-io', 'src/projections/io.ts', 'fs'],
  ['projections-only-events-and-chain-helpers', 'src/projections/chain-client.ts', 'src/chains/eip155/client.ts'],
  ['slices-only-from-the-fold', 'src/projections/select/send-form.ts', 'src/projections/slices/send.ts'],
  ['api-only-events', 'src/api/services.ts', 'src/projections/selectors.ts'],
  ['siwx-pure-messages-and-verifiers', 'src/siwx/engine-call.ts', 'src/worker/rpc/pipeline.ts'],
  ['siwx-server-only-siwx-events-and-node', 'src/siwx-server/chain-client.ts', 'src/chains/eip155/client.ts'],
  ['worker-never-page', 'src/worker/page-call.ts', 'src/ui/device.ts'],
  ['worker-no-view-models', 'src/worker/send-effect.ts', 'src/projections/view-models/send-model.ts'],
  ['cli-only-events-and-projections', 'src/cli/engine.ts', 'src/worker/main-thread.ts'],
  ['ui-only-through-contract', 'src/ui/options.ts', 'src/api/services.ts'],
  ['ui-only-page-libraries', 'src/ui/views/chain.ts', 'viem'],
  ['ui-fallback-only-from-core', 'src/ui/shell/fallback.ts', 'src/worker/main-thread.ts'],
  ['ui-fallback-only-dynamic', 'src/ui/bridge/engine.ts', 'src/worker/main-thread.ts'],
  ['react-only-loader-views-and-contract', 'src/react/hooks.ts', 'src/events/entities.ts'],
  ['react-views-only-dynamic', 'src/react/static-views.ts', 'src/ui/app.tsx'],
  ['react-loader-through-alias', 'src/react/relative-loader.ts', 'src/ui/loader.ts'],
  ['wagmi-only-types-and-viem', 'src/wagmi/loader-code.ts', 'src/ui/loader.ts'],
  ['auth-reown-only-events-and-its-client', 'src/auth-reown/engine.ts', 'src/worker/main-thread.ts'],
  ['auth-reown-client-only-dynamic', 'src/auth-reown/static-client.ts', '@reown/appkit-wallet'],
  ['no-circular', 'src/projections/cycle-a.ts', 'src/projections/cycle-b.ts'],
  ['src-not-dev-tooling', 'src/worker/demo.ts', 'localnet/wallet.ts'],
  ['src-not-dev-dependencies', 'src/worker/tokens.ts', '@solana/spl-token'],
  ['not-to-unresolvable', 'src/worker/missing.ts', './nowhere.js'],
]

/** Imports of the fixture that are allowed, each next to a rule it could trip: [from, to]. */
const ALLOWED_IMPORTS: [from: string, to: string][] = [
  // the contract's type-only spellings: `import type`, `import { type X }`, `export type { X } from`
  ['src/contract.ts', 'src/events/entities.ts'],
  ['src/contract.ts', 'src/projections/selectors.ts'],
  ['src/events/ids.ts', 'src/chains/caip.ts'],
  ['src/events/ids.ts', 'viem'],
  ['src/events/log/persistence.ts', 'idb'],
  ['src/chains/solana/transfer.ts', 'buffer'],
  ['src/chains/solana/transfer.ts', '@solana/web3.js'],
  ['src/chains/solana/transfer.ts', 'src/events/entities.ts'],
  ['src/projections/fold.ts', 'src/chains/address.ts'],
  ['src/projections/fold.ts', 'src/chains/eip155/accounts.ts'],
  ['src/projections/fold.ts', 'viem'],
  // the fold imports the slices
  ['src/projections/state.ts', 'src/projections/slices/send.ts'],
  // a cycle through a type-only import
  ['src/projections/state.ts', 'src/projections/slice.ts'],
  ['src/projections/slice.ts', 'src/projections/state.ts'],
  ['src/api/fetch.ts', 'viem'],
  ['src/siwx/message.ts', 'src/events/kernel/errors.ts'],
  ['src/siwx/message.ts', 'src/chains/caip.ts'],
  ['src/siwx/message.ts', 'viem'],
  ['src/siwx/message.ts', '@noble/curves'],
  ['src/siwx/message.ts', '@scure/base'],
  ['src/siwx-server/index.ts', 'crypto'],
  ['src/siwx-server/index.ts', 'viem'],
  ['src/siwx-server/index.ts', 'src/events/kernel/errors.ts'],
  ['src/siwx-server/index.ts', 'src/siwx/message.ts'],
  ['src/worker/main-thread.ts', 'src/events/log/log.ts'],
  ['src/worker/main-thread.ts', 'src/contract.ts'],
  ['src/worker/dev-types.ts', '@wallet-standard/base'],
  ['src/wagmi/index.ts', 'src/ui/loader.ts'],
  ['src/wagmi/index.ts', 'src/contract.ts'],
  ['src/wagmi/index.ts', '@wagmi/core'],
  ['src/wagmi/index.ts', 'viem'],
  ['src/auth-reown/index.ts', '@reown/appkit-wallet'],
  ['src/auth-reown/index.ts', 'src/events/kernel/errors.ts'],
  ['src/cli/read.ts', 'fs'],
  ['src/cli/read.ts', 'src/projections/fold.ts'],
  // the one sanctioned dynamic import
  ['src/ui/client/engine-start.ts', 'src/worker/main-thread.ts'],
  ['src/ui/client/engine-start.ts', 'comlink'],
  ['src/ui/views/account.tsx', 'src/contract.ts'],
  ['src/ui/views/account.tsx', 'src/projections/format-address.ts'],
  ['src/ui/views/account.tsx', 'src/events/kernel/urls.ts'],
  ['src/ui/views/account.tsx', 'src/events/kernel/plain-data.ts'],
  ['src/ui/views/account.tsx', 'src/events/kernel/error-wire.ts'],
  ['src/react/index.tsx', 'src/ui/loader.ts'],
  ['src/react/index.tsx', 'src/ui/app.tsx'],
  ['src/react/index.tsx', 'src/contract.ts'],
  ['src/react/index.tsx', 'react'],
]

const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort()

describe('dependency rules', () => {
  let result: ICruiseResult

  beforeAll(async () => {
    const tsConfig = `${fixture}/tsconfig.json`
    const { output } = await cruise(
      ['src'],
      { ...config.options, baseDir: fixture, tsConfig: { fileName: tsConfig }, validate: true, ruleSet: { forbidden: config.forbidden } },
      {},
      { tsConfig: extractTSConfig(tsConfig) },
    )
    result = output as ICruiseResult
  }, 60_000)

  it('report each wrong import of the fixture under its rule, and nothing else', () => {
    const reported = result.summary.violations.map((v): [string, string, string] => [v.rule.name, v.from, moduleName(v.to)])
    expect(sorted(reported)).toEqual(sorted(WRONG_IMPORTS))
  })

  it('each have a wrong import in the fixture', () => {
    expect([...new Set(WRONG_IMPORTS.map(([rule]) => rule))].sort()).toEqual([...ruleNames].sort())
  })

  it('let the fixture\'s allowed imports through, having seen each of them', () => {
    const seen = result.modules.flatMap((m) => m.dependencies.map((d) => ({ edge: JSON.stringify([m.source, moduleName(d.resolved)]), valid: d.valid })))
    for (const edge of ALLOWED_IMPORTS.map((e) => JSON.stringify(e))) {
      expect(seen.filter((s) => s.edge === edge), edge).toEqual([{ edge, valid: true }])
    }
    const dynamic = result.modules.find((m) => m.source === 'src/ui/client/engine-start.ts')?.dependencies.find((d) => d.resolved === 'src/worker/main-thread.ts')
    expect(dynamic?.dependencyTypes).toContain('dynamic-import')
    const loader = result.modules.find((m) => m.source === 'src/react/index.tsx')?.dependencies.find((d) => d.resolved === 'src/ui/loader.ts')
    expect(loader?.module).toBe('#loader')
  })

  it('are named, with the rule file, in the layer table of docs/architecture.md', () => {
    const doc = readFileSync(`${root}docs/architecture.md`, 'utf8')
    const section = doc.slice(doc.indexOf('## Layers and what each may import'), doc.indexOf('\n## ', doc.indexOf('## Layers') + 1))
    expect(section).toContain('.dependency-cruiser.cjs')
    for (const name of ruleNames) expect(section, name).toContain(`\`${name}\``)
  })
})
