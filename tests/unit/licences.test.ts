// The licences a site inherits with Gangway (README "Licences a site inherits"): every package of
// the published dependency tree (package-lock.json, dev packages left out) carries an OSI-approved
// licence, or is listed in the README with what its licence asks of a site. A new dependency under
// another licence fails here until the README names it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** OSI-approved licences (SPDX ids) met in the tree; an expression of them is fine too. */
const OSI = new Set(['MIT', 'ISC', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'MPL-2.0', 'Unlicense', 'LGPL-3.0-only', 'Python-2.0', 'Zlib'])
/** Packages whose package.json names no licence, by what their own licence file says. */
const FROM_LICENCE_FILE: Record<string, string> = { eyes: 'MIT', 'text-encoding-utf-8': 'Unlicense' }

type LockEntry = { version?: string; license?: unknown; dev?: boolean; devOptional?: boolean; link?: boolean }

/** The published tree's packages (name → licence), from the lock file. */
function publishedTree(): Map<string, string> {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> }
  const out = new Map<string, string>()
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/') || entry.dev || entry.devOptional || entry.link) continue
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    out.set(name, typeof entry.license === 'string' ? entry.license : (FROM_LICENCE_FILE[name] ?? 'none'))
  }
  return out
}

const osi = (licence: string) => licence.replace(/[()]/g, '').split(/\s+(?:AND|OR)\s+/).every((id) => OSI.has(id))

describe('licences a site inherits', () => {
  it('every package of the published tree is under an OSI-approved licence, or named in the README with what it asks', () => {
    const readme = readFileSync('README.md', 'utf8')
    const section = readme.slice(readme.indexOf('## Licences a site inherits'))
    expect(section.length).toBeGreaterThan(100)
    const listed = section.slice(0, section.indexOf('\n## ', 5) > 0 ? section.indexOf('\n## ', 5) : undefined)
    const others = [...publishedTree()].filter(([, licence]) => !osi(licence)).map(([name]) => name)
    expect(others.filter((name) => !listed.includes(`\`${name}\``))).toEqual([])
    // The WalletConnect client is among them (its Community License): the README must keep saying so.
    expect(others).toEqual(expect.arrayContaining(['@walletconnect/core', '@walletconnect/sign-client']))
  })
})
