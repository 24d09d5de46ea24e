/**
 * What one of a hook's output streams said, kept up to a limit: every chunk is counted, the
 * first `limitBytes` are kept, the rest is dropped as it arrives (the pipe keeps being drained,
 * so the hook never blocks on a full pipe, and nothing past the limit is ever held).
 */
export class BoundedOutput {
  readonly #limitBytes: number
  readonly #chunks: Buffer[] = []
  #keptBytes = 0
  #seenBytes = 0

  constructor(limitBytes: number) {
    this.#limitBytes = limitBytes
  }

  /** Takes one chunk from the stream: kept while there is room, else only counted. */
  push(chunk: Buffer): void {
    this.#seenBytes += chunk.length
    const room = this.#limitBytes - this.#keptBytes
    if (room <= 0) return
    // A slice would keep the whole chunk's memory alive; the part past the limit is copied out.
    const part = chunk.length <= room ? chunk : Buffer.from(chunk.subarray(0, room))
    this.#chunks.push(part)
    this.#keptBytes += part.length
  }

  /** How many bytes the stream carried, kept or not. */
  get seenBytes(): number {
    return this.#seenBytes
  }

  /** Whether the stream carried more than the limit. */
  get truncated(): boolean {
    return this.#seenBytes > this.#keptBytes
  }

  /** The kept bytes as UTF-8 (a character cut at the limit becomes U+FFFD). */
  text(): string {
    return Buffer.concat(this.#chunks, this.#keptBytes).toString('utf8')
  }
}
