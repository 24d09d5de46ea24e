import { Buffer } from 'node:buffer'
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { chmod, mkdir, mkdtemp, open, stat, unlink } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { sliceEnd } from './text-slices.js'
import { spillFileName } from './spill-file-name.js'

/** UTF-16 units written per chunk: the whole output is never encoded at once. */
const chunkChars = 1 << 20

/**
 * Create-only, never through a symbolic link planted where the file is to be. (Windows has no
 * `O_NOFOLLOW`: undefined there, it counts as 0, and `O_EXCL` alone refuses any existing name.)
 */
const createFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW

/** A text written to a spill file. */
export interface SavedText {
  readonly path: string
  /** Its UTF-8 size. */
  readonly bytes: number
}

/**
 * Where the full outputs go: one folder (the configured one, or a fresh private one under the OS
 * temporary folder, made at the first spill), one new file per spill, created 0600 and never
 * shared. The folder is made 0700 when this store creates it; an existing one is used as it is.
 */
export class SpillStore {
  readonly #configured: string | undefined
  #folder: Promise<string> | undefined

  /** @param dir - the configured folder, or `undefined` for a private temporary one */
  constructor(dir: string | undefined) {
    this.#configured = dir === undefined ? undefined : resolve(dir)
  }

  /** The folder, made now if it is not there yet. */
  folder(): Promise<string> {
    this.#folder ??= this.#makeFolder().catch((error: unknown) => {
      this.#folder = undefined
      throw error
    })
    return this.#folder
  }

  /**
   * Writes `text` to a new file named after `callId`, in UTF-8, a chunk at a time through two
   * reused buffers (one encoding while the other is being written): the whole output is never
   * encoded at once. Returns the file's absolute path and how many bytes it holds.
   */
  async saveText(callId: string, text: string): Promise<SavedText> {
    let bytes = 0
    const path = await this.#save(callId, 'txt', async (handle) => {
      bytes = 0
      const capacity = Math.min(text.length, chunkChars) * 3
      const buffers = [Buffer.allocUnsafe(capacity), Buffer.allocUnsafe(capacity)] as const
      let writing: Promise<void> = Promise.resolve()
      for (let start = 0, first = true; start < text.length; first = !first) {
        const end = sliceEnd(text, Math.min(text.length, start + chunkChars))
        const buffer = first ? buffers[0] : buffers[1]
        // Room for three bytes a unit: the chunk always fits whole.
        const length = buffer.write(text.slice(start, end))
        bytes += length
        // The buffer filled two turns ago was written by then: the last write is awaited here.
        await writing
        writing = writeAll(handle, buffer.subarray(0, length))
        start = end
      }
      await writing
    })
    return { path, bytes }
  }

  /** Writes `bytes` to a new file named after `callId` with `extension`; returns its path. */
  saveBytes(callId: string, extension: string, bytes: Uint8Array): Promise<string> {
    return this.#save(callId, extension, (handle) => writeAll(handle, bytes))
  }

  async #save(
    callId: string,
    extension: string,
    write: (handle: FileHandle) => Promise<void>,
  ): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const folder = await this.folder()
      const path = join(folder, spillFileName(callId, randomBytes(6).toString('hex'), extension))
      // The name has no separator and no leading dot (spillFileName): a last check all the same.
      if (dirname(path) !== folder) throw new Error(`spill path ${path} escapes ${folder}`)
      let handle: FileHandle
      try {
        handle = await open(path, createFlags, 0o600)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        // A name taken (by chance, or by a file someone planted): draw another.
        if (code === 'EEXIST' && attempt < 8) continue
        // The folder was removed under us (a temporary-folder cleaner): make it again, once.
        if (code === 'ENOENT' && attempt === 0) {
          this.#folder = undefined
          continue
        }
        throw error
      }
      try {
        await handle.chmod(0o600)
        await write(handle)
      } catch (error) {
        await handle.close().catch(ignore)
        await unlink(path).catch(ignore)
        throw error
      }
      await handle.close()
      return path
    }
  }

  async #makeFolder(): Promise<string> {
    if (this.#configured === undefined) {
      return mkdtemp(join(tmpdir(), 'toolpipe-output-'))
    }
    const folder = this.#configured
    const created = await makeFolders(folder)
    // mkdir's mode passes through the umask; the folder this store made is 0700 exactly.
    if (created) await chmod(folder, 0o700)
    else if (!(await stat(folder)).isDirectory()) {
      throw new Error(`spill.dir ${folder} is not a folder`)
    }
    return folder
  }
}

/**
 * `folder` made with each missing parent, 0700 (before the umask), one level at a time; whether
 * `folder` itself was made. Not `mkdir(…, { recursive: true })`: on Node 24.21 it never returns
 * for a path under `/proc`, where one level's own `mkdir` says ENOENT at once.
 */
async function makeFolders(folder: string): Promise<boolean> {
  const missing: string[] = []
  for (let current = folder; ; current = dirname(current)) {
    const found = await stat(current).then(
      () => true,
      (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(current) === current) {
          throw error
        }
        return false
      },
    )
    if (found) break
    missing.push(current)
  }
  for (const path of missing.reverse()) {
    await mkdir(path, { mode: 0o700 }).catch((error: unknown) => {
      // Made meanwhile by another store: the check of the folder below still applies.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    })
  }
  return missing.length > 0
}

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset)
    offset += bytesWritten
  }
}

function ignore(): void {
  // Cleaning up after a failure that is already being reported.
}
