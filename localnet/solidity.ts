/**
 * Compiles the localnet's contracts that no package ships compiled, with solc-js (`compileContract`):
 * an ERC20PresetMinterPauser whose decimals() is 0 (docs/behaviour.md §5: the product drops such
 * tokens), here against OpenZeppelin 4.9's own sources, in about 3 s; and the USDT-style stablecoin
 * of stablecoin.ts. Each artifact is cached under node_modules/.cache by the contract's name and its
 * source's hash, so later starts skip the compiler. Demo and test tooling only.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import "@openzeppelin/contracts/token/ERC20/presets/ERC20PresetMinterPauser.sol";

/// An ERC20 counted in whole units: decimals() is 0.
contract WholeUnitToken is ERC20PresetMinterPauser {
    constructor(string memory name, string memory symbol) ERC20PresetMinterPauser(name, symbol) {}

    function decimals() public pure override returns (uint8) {
        return 0;
    }
}
`

export interface Artifact {
  abi: Abi
  bytecode: Hex
}

const cacheFile = (name: string, source: string) => join(dirname(require.resolve('solc/package.json')), '..', '.cache', 'gangway-localnet', `${name}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.json`)

/**
 * The artifact of contract `name` in the Solidity `source` (a file of its own, `{name}.sol`; imports
 * resolve as Node resolves packages, e.g. `@openzeppelin/contracts/…`), compiled with the optimizer
 * (200 runs) on the first call and read from the cache afterwards.
 * @throws Error '{name} did not compile: {errors}' on a compiler error.
 */
export async function compileContract(name: string, source: string): Promise<Artifact> {
  const file = cacheFile(name, source)
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Artifact
  } catch {
    /* not compiled yet */
  }
  const solc = require('solc') as { compile(input: string, options: { import(path: string): { contents: string } | { error: string } }): string }
  const input = {
    language: 'Solidity',
    sources: { [`${name}.sol`]: { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  const c = out.contracts?.[`${name}.sol`]?.[name]
  if (errors.length || !c) throw new Error(`${name} did not compile: ${errors.length ? errors.map((e) => e.formattedMessage).join('\n') : `no contract ${name} in the source`}`)
  const artifact: Artifact = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify(artifact))
  return artifact
}

/**
 * The WholeUnitToken artifact (constructor(name, symbol); mint(to, amount) as in the preset).
 * @throws Error 'WholeUnitToken did not compile: {errors}' on a compiler error.
 */
export function wholeUnitToken(): Promise<Artifact> {
  return compileContract('WholeUnitToken', SOURCE)
}
