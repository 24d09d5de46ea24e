import { describeThrown, warnSafely } from '@toolpipe/core/internal'
import type { ToolRegistryLogger } from '@toolpipe/tools'

/**
 * The warnings a mount gives about its tools, each once: a tool it cannot mount is reported by
 * the listing that first finds it so, not again by every refresh that finds the same, until a
 * listing no longer says it (the tool mounted, left, or failed for another reason), so a relapse
 * is reported again. It remembers at most what one listing said.
 */
export class ToolWarnings {
  readonly #logger: ToolRegistryLogger
  /** What was said, and is still true as far as the last applied listing knows. */
  #given = new Set<string>()
  /** What the listing being applied says. */
  #current = new Set<string>()

  constructor(logger: ToolRegistryLogger) {
    this.#logger = logger
  }

  /**
   * Warns, unless an earlier listing said the same and every listing since did too; with
   * `oneLine`, without the error as a detail (see {@link warn}).
   */
  warn(message: string, error?: unknown, oneLine = false): void {
    const text = error === undefined ? message : `${message}: ${describeThrown(error)}`
    this.#current.add(text)
    if (this.#given.has(text)) return
    this.#given.add(text)
    warn(this.#logger, message, error, oneLine)
  }

  /** Ends a listing that was applied: what it did not say is forgotten. */
  settle(): void {
    this.#given = this.#current
    this.#current = new Set()
  }

  /** Ends a listing that was not applied: what was said stays said, nothing is forgotten. */
  discard(): void {
    this.#current = new Set()
  }
}

/**
 * `logger.warn`, never throwing: a throwing logger must not turn a skipped tool into a failed
 * mount. With `error`, its description after the message and, unless `oneLine`, the error itself
 * as a detail (a logger such as `console` prints its stack).
 */
export function warn(
  logger: ToolRegistryLogger,
  message: string,
  error?: unknown,
  oneLine = false,
): void {
  if (error === undefined) warnSafely(logger, message)
  else if (oneLine) warnSafely(logger, `${message}: ${describeThrown(error)}`)
  else warnSafely(logger, `${message}: ${describeThrown(error)}`, error)
}
