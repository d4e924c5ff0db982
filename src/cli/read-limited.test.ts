import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FileTooLargeError, MB, readFileLimited } from './read-limited.js'

const dir = mkdtempSync(join(tmpdir(), 'gangway-read-'))

describe('reading a file up to a limit', () => {
  it('reads a file up to the limit whole, as UTF-8', () => {
    const path = join(dir, 'small.ndjson')
    const text = 'héllo 你好 🦊\n'.repeat(50)
    writeFileSync(path, text)
    const bytes = Buffer.byteLength(text)
    expect(readFileLimited(path, bytes)).toBe(text)
    expect(() => readFileLimited(path, bytes - 1)).toThrow(FileTooLargeError)
  })
  it('refuses a regular file over the limit by its size, rounded up to a tenth of a MB', () => {
    const path = join(dir, 'sparse.ndjson')
    writeFileSync(path, '')
    truncateSync(path, MB + 1)
    expect(() => readFileLimited(path, MB)).toThrow(new FileTooLargeError(path, MB + 1, MB))
    expect(() => readFileLimited(path, MB)).toThrow(`${path} is 1.1 MB; the limit is 1 MB`)
    truncateSync(path, MB)
    expect(readFileLimited(path, MB)).toHaveLength(MB)
  })
  it('stops reading a device or pipe that goes past the limit', () => {
    expect(() => readFileLimited('/dev/zero', MB)).toThrow('/dev/zero is over 1 MB; the limit is 1 MB')
  })
  it("passes on Node's error for a file it cannot open", () => {
    expect(() => readFileLimited(join(dir, 'missing'))).toThrow(/ENOENT/)
  })
})
