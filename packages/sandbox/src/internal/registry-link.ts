import { warnSafely } from '@toolpipe/core/internal'
import type { ToolDecision, ToolExecution, ToolRegistry } from '@toolpipe/tools'
import { SandboxError } from '../sandbox-error.js'
import type { SandboxLogger } from '../sandbox-options.js'

/**
 * The registry a sandbox is installed in, and the calls running there by call id: what an
 * unsandboxed run's `tools/decision` record (source kind `sandbox`) is reported on.
 */
export class RegistryLink {
  #registry: ToolRegistry | undefined
  #installs = 0
  #off: (() => void) | undefined
  readonly #running = new Map<string, ToolExecution[]>()
  readonly #logger: SandboxLogger
  #unrecordedWarned = false

  constructor(logger: SandboxLogger) {
    this.#logger = logger
  }

  /**
   * Installs the link in `registry`. Installing it again in the same registry (`registry.use(
   * sandbox)` beside `permissions({ sandbox })`, which links it too) only counts: the link holds
   * until each install is disposed. Another registry is refused (`ALREADY_INSTALLED`).
   */
  install(registry: ToolRegistry): () => void {
    if (this.#registry === registry) {
      this.#installs++
      return this.#disposer()
    }
    if (this.#registry !== undefined) {
      throw new SandboxError(
        'sandbox: already installed in a registry; dispose it there first',
        'ALREADY_INSTALLED',
      )
    }
    this.#registry = registry
    this.#installs = 1
    this.#off = registry.on('tools/execute', async (exec, next) => {
      const list = this.#running.get(exec.callId) ?? []
      list.push(exec)
      this.#running.set(exec.callId, list)
      try {
        return await next()
      } finally {
        list.splice(list.indexOf(exec), 1)
        if (list.length === 0) this.#running.delete(exec.callId)
      }
    })
    return this.#disposer()
  }

  /** A disposer of one install: a second call does nothing. */
  #disposer(): () => void {
    let disposed = false
    return () => {
      if (disposed) return
      disposed = true
      this.#release()
    }
  }

  /** One install disposed: the last one takes the link out of its registry. */
  #release(): void {
    this.#installs--
    if (this.#installs > 0) return
    this.#off?.()
    this.#off = undefined
    this.#registry = undefined
    this.#running.clear()
  }

  /** Reports `decision` on the running call `callId`; warns once when there is none to report on. */
  report(callId: string, decision: ToolDecision): void {
    const exec = this.#running.get(callId)?.at(-1)
    if (this.#registry === undefined || exec === undefined) {
      if (!this.#unrecordedWarned) {
        this.#unrecordedWarned = true
        warnSafely(
          this.#logger,
          `toolpipe: a command ran without the sandbox (${decision.reason ?? ''}); install the sandbox in the registry (registry.use(sandbox)) to record each such run`,
        )
      }
      return
    }
    try {
      this.#registry.reportDecision(exec, decision)
    } catch (error) {
      warnSafely(this.#logger, 'toolpipe: the sandbox could not report a decision', error)
    }
  }
}
