import { SandboxManager } from '@anthropic-ai/sandbox-runtime'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { warnSafely } from '@toolpipe/core/internal'
import { SandboxError } from '../sandbox-error.js'
import type { SandboxAskRequest, SandboxLogger, SandboxViolation } from '../sandbox-options.js'
import { reportingCommand } from './exit-report.js'
import { assertHostProgramsSafe, hostProgramsFor, withHostPrograms } from './host-programs.js'
import type { HostPrograms } from './host-programs.js'
import { RunViolations } from './run-violations.js'
import { assertRuntimeFilesDenied, ownInstallWarning } from './runtime-files.js'
import type { RuntimeFiles } from './runtime-files.js'
import { readViolation } from './violations.js'
import { globWarning } from './write-deny-globs.js'

/** Who is running right now, for the ask callback (the runtime does not say which run asked). */
export interface LiveRuns {
  /** The one live run, or undefined when none or several are live. */
  only(): { readonly callId: string; readonly command: string } | undefined
}

type AskCallback = (request: { host: string; port: number | undefined }) => Promise<boolean>

/**
 * The sandbox runtime (srt) as this package drives it: started with its violation monitor, its
 * configuration replaced when the settings or rules changed, commands wrapped under a key of
 * their own, violations read back by that key. The runtime's manager is one per process.
 *
 * On Linux the monitor judges each write it observes against the filesystem lists it was started
 * with, and `updateConfig` does not change them: where the filesystem part of the config differs
 * from them, the runtime is restarted with the new config before the next run — once no run is
 * live, so that no live run's reports are judged by the wrong lists or lost with its monitor.
 */
export class SrtSession {
  #applied = ''
  #judged = ''
  #live = 0
  #restarting = false
  #failure: string | undefined
  #callback: AskCallback = () => Promise.resolve(false)
  readonly #changes = new Set<() => void>()
  readonly #logger: SandboxLogger
  readonly #warnedGlobs = new Set<string>()
  readonly #reports = new RunViolations()
  readonly #runtimeFiles: RuntimeFiles | undefined
  #warnedInstall = false
  /** The programs the runtime runs on the host, by path (Linux; see `findHostPrograms`). */
  #programs: HostPrograms | undefined
  /** The config commands are wrapped with now. */
  #current: SandboxRuntimeConfig | undefined

  constructor(logger: SandboxLogger, runtimeFiles?: RuntimeFiles) {
    this.#logger = logger
    this.#runtimeFiles = runtimeFiles
  }

  /** perl, found where no sandboxed command may write (see `findHostPrograms`), if there is one. */
  get perl(): string | undefined {
    return this.#programs?.perl
  }

  /** Why commands can no longer run here (a restart failed); undefined while they can. */
  get failure(): string | undefined {
    return this.#failure
  }

  /**
   * Starts the runtime with `config`; network destinations nothing decides go to `ask`. Rejects
   * with a {@link SandboxError} saying why where it cannot start here (a program missing).
   */
  async start(
    config: SandboxRuntimeConfig,
    ask: ((request: SandboxAskRequest) => Promise<boolean>) | undefined,
    live: LiveRuns,
  ): Promise<void> {
    this.#callback = async ({ host, port }) => {
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
        warnSafely(
          this.#logger,
          `toolpipe: the sandbox's ask callback failed; ${host}:${String(port)} denied`,
          error,
        )
        return false
      }
    }
    this.#programs = hostProgramsFor(config)
    // No run is live at the start: a check of what the runtime runs by name now holds.
    assertHostProgramsSafe(config, this.#programs, this.#runtimeFiles?.asksNpm ?? true)
    await SandboxManager.initialize(this.#given(config), this.#callback, true)
    this.#installed(config)
  }

  /**
   * Admits one run under the config `derive` gives (each admitted run ends with {@link leave}):
   * applies it, after restarting the runtime where its violation monitor judges by another
   * filesystem config. That restart waits until no admitted run is live, deriving the config again
   * after each wait; `signal` ends the wait (rejecting with its reason).
   */
  async enter(derive: () => Promise<SandboxRuntimeConfig>, signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted()
      this.#throwIfFailed()
      const config = await derive()
      // Deriving takes time (the write-deny patterns are searched): what it waited for may have changed.
      signal.throwIfAborted()
      this.#throwIfFailed()
      assertHostProgramsSafe(config, this.#programs)
      const judged = judgedPart(config)
      if (!this.#restarting && judged === this.#judged) {
        this.#apply(config)
        this.#live++
        return
      }
      if (!this.#restarting && this.#live === 0) {
        this.#restarting = true
        try {
          await this.#restart(config)
          this.#live++
        } finally {
          this.#restarting = false
          this.#notify()
        }
        return
      }
      await this.#nextChange(signal)
    }
  }

  #throwIfFailed(): void {
    if (this.#failure !== undefined) {
      throw new SandboxError(`sandbox: unavailable: ${this.#failure}`, 'SANDBOX_UNAVAILABLE')
    }
  }

  /** Ends a run {@link enter} admitted; `wrapped` when the runtime wrapped its command. */
  leave(wrapped: boolean): void {
    // What the runtime cleans per command (its placeholders for missing denied paths).
    if (wrapped) SandboxManager.cleanupAfterCommand()
    this.#live--
    if (this.#live === 0) this.#notify()
  }

  /**
   * `command` wrapped to run sandboxed under `key`, as one bash command line. What is reported
   * under `key` is collected from then on, until {@link violations} (or {@link forget}).
   */
  async wrap(command: string, key: string, signal: AbortSignal | undefined): Promise<string> {
    // `which` may have been planted since `enter` (unsandboxed: see `lookupDenials`).
    if (this.#current !== undefined) assertHostProgramsSafe(this.#current, this.#programs)
    this.#reports.watch(key)
    const programs = this.#programs
    const line = await SandboxManager.wrapWithSandbox(
      programs === undefined ? command : reportingCommand(command, programs.bash, programs.perl),
      programs?.bash ?? '/bin/bash',
      undefined,
      signal,
      { commandId: key, commandText: command },
    )
    try {
      // The host's shell runs this line: it must name bubblewrap (or /bin/sh) by path, not look
      // anything up on a PATH a command could plant in.
      if (programs !== undefined && !/^["']?\//u.test(line)) {
        throw new SandboxError(
          `sandbox: the sandbox runtime's command line does not start with a program's path: ${line.slice(0, 40)}`,
          'SANDBOX_UNAVAILABLE',
        )
      }
      // What it runs from its own package inside the sandbox (its seccomp helper) is denied.
      if (this.#current !== undefined && this.#runtimeFiles !== undefined) {
        assertRuntimeFilesDenied(line, this.#current, this.#runtimeFiles)
      }
    } catch (error) {
      SandboxManager.cleanupAfterCommand()
      throw error
    }
    return line
  }

  /**
   * The violations reported under `key` while its run was live (the runtime's own store keeps
   * only the process's last 100), once the runtime has read what the run sent it.
   */
  async violations(key: string, failed: boolean): Promise<SandboxViolation[]> {
    // The violation monitor reads its socket on the event loop: let it read what the run sent.
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    let events = this.#reports.reported(key)
    // A command that failed with nothing reported yet may have been stopped by the sandbox on a
    // loaded machine whose monitor has not read its socket: a little more time, a few times.
    for (let wait = 0; failed && events.length === 0 && wait < 10; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      events = this.#reports.reported(key)
    }
    this.#reports.forget(key)
    // One denied write can be reported per system call that tried it: each line once.
    return [...new Set(events.map((event) => event.line))].map(readViolation)
  }

  /** Stops collecting under `key`: its run ended without {@link violations} being read. */
  forget(key: string): void {
    this.#reports.forget(key)
  }

  async stop(): Promise<void> {
    await SandboxManager.reset()
  }

  /** Applies `config` to commands wrapped from now on, when it differs from the one in force. */
  #apply(config: SandboxRuntimeConfig): void {
    const text = JSON.stringify(config)
    if (text === this.#applied) return
    SandboxManager.updateConfig(this.#given(config))
    this.#current = config
    this.#applied = text
    this.#warnGlobs(config)
    this.#warnInstall(config)
  }

  /** The runtime stopped and started again under `config`; a failure leaves it unavailable. */
  async #restart(config: SandboxRuntimeConfig): Promise<void> {
    try {
      await SandboxManager.reset()
      await SandboxManager.initialize(this.#given(config), this.#callback, true)
    } catch (error) {
      this.#failure = `the sandbox runtime did not restart under the changed filesystem settings: ${error instanceof Error ? error.message : String(error)}`
      throw new SandboxError(`sandbox: unavailable: ${this.#failure}`, 'SANDBOX_UNAVAILABLE', {
        cause: error,
      })
    }
    this.#installed(config)
  }

  /** `config` as the runtime is given it: with the programs it runs, by path. */
  #given(config: SandboxRuntimeConfig): SandboxRuntimeConfig {
    return withHostPrograms(config, this.#programs)
  }

  #installed(config: SandboxRuntimeConfig): void {
    this.#current = config
    this.#applied = JSON.stringify(config)
    this.#judged = judgedPart(config)
    this.#warnGlobs(config)
    this.#warnInstall(config)
  }

  /** Once, where the code this process loads lies in a folder commands may write. */
  #warnInstall(config: SandboxRuntimeConfig): void {
    if (this.#warnedInstall) return
    const warning = ownInstallWarning(config, this.#runtimeFiles?.folder)
    if (warning === undefined) return
    this.#warnedInstall = true
    warnSafely(this.#logger, warning)
  }

  /** Resolves on the next change of who is live or restarting; rejects when `signal` aborts. */
  #nextChange(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const changed = (): void => {
        this.#changes.delete(changed)
        signal.removeEventListener('abort', aborted)
        resolve()
      }
      const aborted = (): void => {
        this.#changes.delete(changed)
        reject(signal.reason as Error)
      }
      this.#changes.add(changed)
      signal.addEventListener('abort', aborted, { once: true })
    })
  }

  #notify(): void {
    for (const changed of [...this.#changes]) changed()
  }

  /** Once per pattern, what the runtime cannot do with it on this platform (Linux: bubblewrap). */
  #warnGlobs(config: SandboxRuntimeConfig): void {
    for (const pattern of SandboxManager.getLinuxGlobPatternWarnings()) {
      if (this.#warnedGlobs.has(pattern)) continue
      this.#warnedGlobs.add(pattern)
      warnSafely(this.#logger, `toolpipe: sandbox: ${globWarning(pattern, config)}`)
    }
  }
}

/**
 * What the runtime's Linux violation monitor fixes when it starts: the filesystem config. On
 * macOS the runtime reports Seatbelt's own denials, which follow every wrap: nothing to restart.
 */
function judgedPart(config: SandboxRuntimeConfig): string {
  return process.platform === 'linux' ? JSON.stringify(config.filesystem) : ''
}
