import { warnSafely } from '@toolpipe/core/internal'
import type { WarnLogger } from '@toolpipe/core/internal'

/**
 * Where the plugin's warnings go: the `logger` option when given; otherwise the registry's
 * logger once the plugin is installed, and until then a queue that the registry's logger is
 * handed first (a rule file read before `registry.use` is warned about in the registry's log).
 */
export class PluginLogger implements WarnLogger {
  readonly #given: boolean
  readonly #waiting: unknown[][] = []
  #current: WarnLogger

  constructor(given: WarnLogger | undefined) {
    this.#given = given !== undefined
    this.#current = given ?? {
      warn: (message: string, ...details: unknown[]) => {
        this.#waiting.push([message, ...details])
      },
    }
  }

  /** The logger warnings go to now (the queue, before the plugin is first installed). */
  get current(): WarnLogger {
    return this.#current
  }

  /** Warns, and swallows what a broken logger throws. */
  warn(message: string, ...details: unknown[]): void {
    warnSafely(this.#current, message, ...details)
  }

  /** Installed in a registry: unless a logger was given, use its logger, after what waited. */
  useRegistryLogger(logger: WarnLogger): void {
    if (this.#given) return
    this.#current = logger
    for (const [message, ...details] of this.#waiting.splice(0)) {
      this.warn(String(message), ...details)
    }
  }
}
