/**
 * Gangway's built files (dist/) as the demo server serves them, as a site's static host or CDN
 * would: each with a strong ETag of its content, so a page's browser revalidates its cached copy
 * with a 304 and keeps its compiled code, and its gzip body made once. A file is read again when its
 * size or modification time changes (a rebuild while the demo runs).
 */
import { createHash } from 'node:crypto'
import { access, readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { gzipSync } from 'node:zlib'

/** A built file: its bytes, their gzip, and its ETag (quoted, as the header carries it). */
export interface BuiltFile {
  body: Buffer
  gzip: Buffer
  etag: string
  /** A script's source map beside it (`<file>.map`), by file name, for a `SourceMap` header: the built files do not link their maps (esbuild.config.mjs). */
  sourceMap?: string
}

/**
 * A reader of built files with a cache by path.
 * @returns `read(path)`: the file at the absolute `path`; rejects as `readFile` does (ENOENT…).
 * @example
 * const files = builtFiles()
 * const { body, etag } = await files('/srv/gangway/dist/loader.js')
 */
export function builtFiles(): (path: string) => Promise<BuiltFile> {
  const cache = new Map<string, { version: string; file: BuiltFile }>()
  return async (path) => {
    const { size, mtimeMs } = await stat(path)
    const version = `${size}:${mtimeMs}`
    const cached = cache.get(path)
    if (cached?.version === version) return cached.file
    const body = await readFile(path)
    const map = `${path}.map`
    const hasMap = path.endsWith('.js') && (await access(map).then(() => true, () => false))
    const file = { body, gzip: gzipSync(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, ...(hasMap ? { sourceMap: basename(map) } : {}) }
    cache.set(path, { version, file })
    return file
  }
}
