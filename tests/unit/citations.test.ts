// What the code and the docs cite is what a reader of the repository can open: a rule is cited as
// `docs/behaviour.md §N` (docs/architecture.md), never as an issue of the tracker ("issue 21"),
// which no reader has, nor as the spec's section ("spec §4"), which is not in the repository.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** Every file under `dir` whose name ends in one of `ends`, as a path from the checkout. */
function filesUnder(dir: string, ends: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ends.some((end) => e.name.endsWith(end)))
    .map((e) => join(e.parentPath, e.name))
}

/** An issue cited by its number ("issue 21", "Issue 19's", "issues 18 and 21", "issue #5"), or the spec by its section. */
const CITATION = /\bissues? #?\d+|\bspec §/gi

/** Each citation in `files` as 'path:line: the match'. */
function citationsIn(files: string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => [...line.matchAll(CITATION)].map((m) => `${file}:${i + 1}: ${m[0]}`)),
  )
}

describe('citations', () => {
  it('no source file under src/ cites an issue or the spec; rules are cited as docs/behaviour.md §N', () => {
    expect(citationsIn(filesUnder('src', ['.ts', '.tsx', '.css', '.json']))).toEqual([])
  })

  it('no page of docs/ cites an issue or the spec', () => {
    expect(citationsIn(filesUnder('docs', ['.md']))).toEqual([])
  })

  it('the pattern finds the forms a citation takes', () => {
    const found = (text: string) => [...text.matchAll(CITATION)].map((m) => m[0])
    expect(found('(issue 21) Issue 19’s issues 18 and 21, issue #5; spec §4')).toEqual(['issue 21', 'Issue 19', 'issues 18', 'issue #5', 'spec §'])
    expect(found('tissue 4, the issues, docs/behaviour.md §4')).toEqual([])
  })
})
