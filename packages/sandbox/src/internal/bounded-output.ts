import type { Readable } from 'node:stream'

/**
 * What a stream wrote, up to `limit` bytes; the rest is read and dropped (drained, so that the
 * writer never blocks on a full pipe) and `truncated` says so. The text ends on a whole UTF-8
 * character: a character the limit cut in two is left out.
 */
export class BoundedOutput {
  readonly #chunks: Buffer[] = []
  readonly #limit: number
  #size = 0
  truncated = false
  readonly closed: Promise<void>

  constructor(stream: Readable, limit: number) {
    this.#limit = limit
    stream.on('data', (chunk: Buffer) => {
      this.#take(chunk)
    })
    this.closed = new Promise((resolve) => {
      stream.once('close', resolve)
      stream.once('error', () => {
        resolve()
      })
    })
  }

  #take(chunk: Buffer): void {
    const room = this.#limit - this.#size
    if (chunk.length <= room) {
      this.#chunks.push(chunk)
      this.#size += chunk.length
      return
    }
    this.truncated = true
    if (room > 0) {
      this.#chunks.push(chunk.subarray(0, room))
      this.#size += room
    }
  }

  text(): string {
    const bytes = Buffer.concat(this.#chunks, this.#size)
    return bytes
      .subarray(0, this.truncated ? wholeCharacters(bytes) : bytes.length)
      .toString('utf8')
  }
}

/** The length of `bytes` without a UTF-8 character cut at its end. */
export function wholeCharacters(bytes: Uint8Array): number {
  let start = bytes.length - 1
  // Back over at most three continuation bytes (10xxxxxx) to the character's first byte.
  while (start >= 0 && bytes.length - start <= 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--
  if (start < 0) return bytes.length
  const lead = bytes[start] ?? 0
  const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
  return bytes.length - start >= size ? bytes.length : start
}
