/** Reading a file whole, but only up to a size limit (`gangway replay` reads untrusted files). */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { GangwayError } from '../events/kernel/errors.js'

/** 1 MB as the size messages count it: 2^20 bytes. */
export const MB = 2 ** 20

/**
 * The limit `gangway replay` reads: 256 MB. An export holds the snapshot and at most the engine's
 * 20 000 in-memory events (projected-log.ts MEMORY_WINDOW, README "The event log"); sessions average
 * under 1 KB an event and the largest (connectors with their icons) are about 5 KB, so the largest
 * exports are under 100 MB, and 256 MB is half of what Node can hold as one string.
 */
export const MAX_LOG_BYTES = 256 * MB

/** A file over the limit. `bytes`: its size when known (a regular file), else undefined (a pipe or device that kept going). */
export class FileTooLargeError extends GangwayError {
  override name = 'FileTooLargeError'
  constructor(
    readonly path: string,
    readonly bytes: number | undefined,
    readonly limit: number,
  ) {
    const size = bytes === undefined ? `over ${limit / MB}` : `${Math.ceil((bytes / MB) * 10) / 10}`
    super(`${path} is ${size} MB; the limit is ${limit / MB} MB`, { category: 'DATA_PARSING_ERROR' })
  }
}

/**
 * Reads `path` as UTF-8, refusing it when over `limit` bytes: a regular file by its size before any
 * byte is read, anything else (a pipe, a device) once `limit` bytes have come without its end.
 * @throws FileTooLargeError '{path} is {N} MB; the limit is {M} MB' (N rounded up to a tenth),
 *   '{path} is over {M} MB; the limit is {M} MB'; Node's errors when the file cannot be opened or read.
 */
export function readFileLimited(path: string, limit: number = MAX_LOG_BYTES): string {
  const fd = openSync(path, 'r')
  try {
    const stat = fstatSync(fd)
    if (stat.isFile() && stat.size > limit) throw new FileTooLargeError(path, stat.size, limit)
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, limit + 1 - total))
      const n = readSync(fd, chunk, 0, chunk.length, null)
      if (n === 0) break
      chunks.push(chunk.subarray(0, n))
      total += n
      if (total > limit) throw new FileTooLargeError(path, undefined, limit)
    }
    return Buffer.concat(chunks, total).toString('utf8')
  } finally {
    closeSync(fd)
  }
}
