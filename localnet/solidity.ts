/**
 * Compiles the localnet's one contract that OpenZeppelin 4.9 does not ship compiled: an
 * ERC20PresetMinterPauser whose decimals() is 0 (docs/behaviour.md §5: the product drops such tokens). solc-js
 * compiles it against the package's own sources in about 3 s; the artifact is cached under
 * node_modules/.cache by the source's hash, so later starts skip it. Demo and test tooling only.
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

const cacheFile = () => join(dirname(require.resolve('solc/package.json')), '..', '.cache', 'gangway-localnet', `WholeUnitToken-${createHash('sha256').update(SOURCE).digest('hex').slice(0, 16)}.json`)

/**
 * The WholeUnitToken artifact (constructor(name, symbol); mint(to, amount) as in the preset).
 * @throws Error 'WholeUnitToken did not compile: {errors}' on a compiler error.
 */
export async function wholeUnitToken(): Promise<Artifact> {
  const file = cacheFile()
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Artifact
  } catch {
    /* not compiled yet */
  }
  const solc = require('solc') as { compile(input: string, options: { import(path: string): { contents: string } | { error: string } }): string }
  const input = {
    language: 'Solidity',
    sources: { 'WholeUnitToken.sol': { content: SOURCE } },
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
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`WholeUnitToken did not compile: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const c = out.contracts['WholeUnitToken.sol']!['WholeUnitToken']!
  const artifact: Artifact = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify(artifact))
  return artifact
}
