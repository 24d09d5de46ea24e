import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import type { Stats } from 'node:fs'

/** What reading a settings file's bytes found. */
export type RegularFileBytes =
  | { readonly kind: 'bytes'; readonly bytes: Buffer }
  | { readonly kind: 'missing' }
  | { readonly kind: 'refused'; readonly message: string }

/** How much one read asks for: a settings file is usually one chunk. */
const chunkBytes = 64 * 1024

/**
 * O_NONBLOCK: opening a FIFO without a writer must not wait for one (it is refused after fstat).
 * O_NOCTTY: a terminal named as a settings file must not become the process's terminal. Neither
 * exists on Windows (Node's types say otherwise), where neither matters.
 */
function openFlags(): number {
  const unixOnly = constants as { readonly O_NONBLOCK?: number; readonly O_NOCTTY?: number }
  return constants.O_RDONLY | (unixOnly.O_NONBLOCK ?? 0) | (unixOnly.O_NOCTTY ?? 0)
}

/**
 * The bytes of the regular file at `path` (links followed), read through one descriptor: what is
 * not a regular file once opened (a FIFO, a device such as `/dev/zero`, a socket) is refused
 * without reading, and at most `maxBytes + 1` bytes are ever read, so that a file larger than
 * `maxBytes` (or one growing while it is read) is refused without being held in memory. Never
 * throws.
 */
export function readRegularFile(path: string, maxBytes: number): RegularFileBytes {
  let descriptor: number
  try {
    descriptor = openSync(path, openFlags())
  } catch (error) {
    return failure(error)
  }
  try {
    const stats = fstatSync(descriptor)
    if (stats.isDirectory()) return { kind: 'refused', message: 'cannot be read: EISDIR' }
    if (!stats.isFile()) {
      return { kind: 'refused', message: `not a regular file (${describeKind(stats)})` }
    }
    if (stats.size > maxBytes) return tooLarge(maxBytes)
    return readAtMost(descriptor, maxBytes)
  } catch (error) {
    return failure(error)
  } finally {
    try {
      closeSync(descriptor)
    } catch {
      // Nothing was kept open: nothing more to release.
    }
  }
}

/** Reads the descriptor to its end, or refuses once more than `maxBytes` came. */
function readAtMost(descriptor: number, maxBytes: number): RegularFileBytes {
  const chunks: Buffer[] = []
  let total = 0
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, maxBytes + 1 - total))
    const read = readSync(descriptor, chunk, 0, chunk.length, null)
    if (read === 0) return { kind: 'bytes', bytes: Buffer.concat(chunks, total) }
    chunks.push(chunk.subarray(0, read))
    total += read
    if (total > maxBytes) return tooLarge(maxBytes)
  }
}

function tooLarge(maxBytes: number): RegularFileBytes {
  return { kind: 'refused', message: `larger than ${maxBytes} bytes` }
}

function failure(error: unknown): RegularFileBytes {
  const code = (error as { code?: unknown } | undefined)?.code
  if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' }
  return { kind: 'refused', message: `cannot be read: ${String(code ?? error)}` }
}

function describeKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isSocket()) return 'a socket'
  return 'another kind of file'
}
