import { SandboxManager } from '@anthropic-ai/sandbox-runtime'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import type { SandboxAskRequest, SandboxLogger, SandboxViolation } from '../sandbox-options.js'
import { readViolation } from './violations.js'

/** Who is running right now, for the ask callback (the runtime does not say which run asked). */
export interface LiveRuns {
  /** The one live run, or undefined when none or several are live. */
  only(): { readonly callId: string; readonly command: string } | undefined
}

/**
 * The sandbox runtime (srt) as this package drives it: started once with its violation monitor,
 * its configuration replaced when the settings or rules changed, commands wrapped under a key of
 * their own, violations read back by that key. The runtime's manager is one per process.
 */
export class SrtSession {
  #applied = ''
  readonly #logger: SandboxLogger
  readonly #warnedGlobs = new Set<string>()

  constructor(logger: SandboxLogger) {
    this.#logger = logger
  }

  /** Why the sandbox cannot start here, checked without starting it; undefined when it can. */
  static missing(): string | undefined {
    if (!SandboxManager.isSupportedPlatform()) {
      return `the sandbox runtime does not support this platform (${process.platform})`
    }
    const { errors } = SandboxManager.checkDependencies()
    return errors.length === 0 ? undefined : errors.join('; ')
  }

  /** Starts the runtime with `config`; network destinations nothing decides go to `ask`. */
  async start(
    config: SandboxRuntimeConfig,
    ask: ((request: SandboxAskRequest) => Promise<boolean>) | undefined,
    live: LiveRuns,
  ): Promise<void> {
    const callback = async ({ host, port }: { host: string; port: number | undefined }) => {
      if (ask === undefined || port === undefined) return false
      const run = live.only()
      try {
        const answer: unknown = await ask({
          host,
          port,
          callId: run?.callId,
          command: run?.command,
        })
        return answer === true
      } catch (error) {
        this.#logger.warn(
          `toolpipe: the sandbox's ask callback failed; ${host}:${port} denied`,
          error,
        )
        return false
      }
    }
    await SandboxManager.initialize(config, callback, true)
    this.#applied = JSON.stringify(config)
    this.#warnGlobs()
  }

  /** Applies `config` to commands wrapped from now on, when it differs from the one in force. */
  apply(config: SandboxRuntimeConfig): void {
    const text = JSON.stringify(config)
    if (text === this.#applied) return
    SandboxManager.updateConfig(config)
    this.#applied = text
    this.#warnGlobs()
  }

  /** `command` wrapped to run sandboxed under `key`, as one bash command line. */
  wrap(command: string, key: string, signal: AbortSignal | undefined): Promise<string> {
    return SandboxManager.wrapWithSandbox(command, 'bash', undefined, signal, {
      commandId: key,
      commandText: command,
    })
  }

  /** The violations reported under `key`, once the runtime has read what the run sent it. */
  async violations(key: string, failed: boolean): Promise<SandboxViolation[]> {
    // The violation monitor reads its socket on the event loop: let it read what the run sent.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    let events = SandboxManager.getSandboxViolationStore().getViolationsForCommand(key)
    // A command that failed with nothing reported yet may have been stopped by the sandbox on a
    // loaded machine whose monitor has not read its socket: a little more time, a few times.
    for (let wait = 0; failed && events.length === 0 && wait < 10; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      events = SandboxManager.getSandboxViolationStore().getViolationsForCommand(key)
    }
    // One denied write can be reported per system call that tried it: each line once.
    return [...new Set(events.map((event) => event.line))].map(readViolation)
  }

  /** After a command: what the runtime cleans per command. */
  finished(): void {
    SandboxManager.cleanupAfterCommand()
  }

  async stop(): Promise<void> {
    await SandboxManager.reset()
  }

  #warnGlobs(): void {
    for (const warning of SandboxManager.getLinuxGlobPatternWarnings()) {
      if (this.#warnedGlobs.has(warning)) continue
      this.#warnedGlobs.add(warning)
      this.#logger.warn(`toolpipe: sandbox: ${warning}`)
    }
  }
}
