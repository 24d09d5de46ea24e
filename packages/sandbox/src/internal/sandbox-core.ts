import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { scrubSecretEnv } from '@toolpipe/core'
import { isAbsolute, resolve } from 'node:path'
import { SandboxError } from '../sandbox-error.js'
import type { SandboxRun, SandboxRunOptions } from '../sandbox-options.js'
import { ConfigDeriver } from './derive-config.js'
import { isExcludedCommand } from './excluded-commands.js'
import { secretVariablesSet } from './exit-report.js'
import { GitAfterRun } from './git-after-run.js'
import type { SandboxConfig } from './read-options.js'
import { Reapers } from './reaper.js'
import { RegistryLink } from './registry-link.js'
import { RuntimeFiles } from './runtime-files.js'
import { runProcess } from './run-process.js'
import type { ProcessPlan } from './run-process.js'
import type { SequencerWatch } from './sequencer-watch.js'
import { SettingsInForce } from './settings-in-force.js'
import { SrtSession } from './srt-session.js'
import { ensureTemporaryFolder } from './temporary-folder.js'

/** The default of `maxOutputBytes`: 1 MiB of stdout and 1 MiB of stderr. */
export const defaultMaxOutputBytes = 1024 * 1024

interface LiveRun {
  readonly callId: string
  readonly command: string
  readonly stop: AbortController
  done: Promise<unknown>
}

/** Why a run goes without the sandbox, when it does. */
interface Unsandboxed {
  readonly id: string
  readonly reason: string
}

/**
 * One live sandbox (SPEC §23): its settings in force, the runtime session (when it could start),
 * the runs in flight, the registry it reports to. `createSandbox` makes one and wraps it.
 */
export class SandboxCore {
  readonly config: SandboxConfig
  readonly settings: SettingsInForce
  readonly link: RegistryLink
  readonly #configs: ConfigDeriver
  readonly #runs = new Map<string, LiveRun>()
  readonly #git: GitAfterRun
  readonly #runtimeFiles = new RuntimeFiles()
  readonly #reapers: Reapers
  #session: SrtSession | undefined
  #failure: string | undefined
  #disposed = false
  #count = 0

  constructor(config: SandboxConfig) {
    this.config = config
    this.settings = new SettingsInForce(config)
    this.link = new RegistryLink(config.logger)
    this.#configs = new ConfigDeriver(config, this.settings, { runtimeFiles: this.#runtimeFiles })
    this.#git = new GitAfterRun(config.projectRoot, config.logger)
    this.#reapers = new Reapers(config.projectRoot, config.logger, () => this.#session?.perl)
  }

  /** Starts the runtime and proves it with one sandboxed `true`; a failure is the reason. */
  async start(): Promise<void> {
    const session = new SrtSession(this.config.logger, this.#runtimeFiles)
    try {
      // The rules are read from the first run on: a permissions() plugin made after the sandbox
      // (it takes the sandbox) can be its `rules`.
      await session.start(await this.#configs.derive(false), this.config.ask, {
        only: () => (this.#runs.size === 1 ? [...this.#runs.values()][0] : undefined),
      })
    } catch (error) {
      // A refusal of ours (a program missing, a governing path behind a replaceable link) says
      // why itself.
      this.#failure =
        error instanceof SandboxError
          ? error.message.replace(/^sandbox: /u, '')
          : `the sandbox runtime did not start: ${error instanceof Error ? error.message : String(error)}`
      await session.stop().catch(() => undefined)
      return
    }
    this.#session = session
    ensureTemporaryFolder(this.config.logger)
    const probe = await this.#probe(session)
    if (probe.exitCode !== 0) {
      const said = probe.stderr.trim().split('\n')[0] ?? ''
      this.#failure = `the sandbox cannot start here: ${said === '' ? `exit ${String(probe.exitCode ?? probe.signal)}` : said}`
      this.#session = undefined
      await session.stop().catch(() => undefined)
    }
  }

  /**
   * One sandboxed `true`; once more where the first was refused for a file of the runtime's own
   * package it had not known to deny (`RuntimeFiles`): the second one's config denies it.
   */
  async #probe(session: SrtSession): Promise<SandboxRun> {
    const known = this.#runtimeFiles.files.length
    const probe = (): Promise<SandboxRun> =>
      this.#runSandboxed('true', { callId: 'toolpipe-sandbox-probe' }, session, false)
    try {
      return await probe()
    } catch (error) {
      if (this.#runtimeFiles.files.length === known) throw error
      return probe()
    }
  }

  /** Why commands cannot run sandboxed, or undefined when they can. */
  get reason(): string | undefined {
    if (this.#disposed) return 'the sandbox was disposed'
    if (this.#failure !== undefined) return this.#failure
    if (this.#session?.failure !== undefined) return this.#session.failure
    return this.settings.current.enabled ? undefined : 'disabled in settings'
  }

  willSandbox(command: string): boolean {
    return (
      this.reason === undefined &&
      !isExcludedCommand(command, this.settings.current.excludedCommands)
    )
  }

  async run(command: string, options: SandboxRunOptions): Promise<SandboxRun> {
    if (this.#disposed) {
      throw new SandboxError(
        'sandbox: disposed; create a new one to run commands',
        'SANDBOX_UNAVAILABLE',
      )
    }
    options.signal?.throwIfAborted()
    const why = this.#whyUnsandboxed(command, options)
    if (why === undefined) {
      // Available means started: never an unsandboxed run for want of a session.
      if (this.#session === undefined) {
        throw new SandboxError('sandbox: unavailable: not started', 'SANDBOX_UNAVAILABLE')
      }
      return this.#runSandboxed(command, options, this.#session)
    }
    this.link.report(options.callId, {
      stage: 'guard',
      outcome: 'allow',
      source: { kind: 'sandbox', id: why.id },
      reason: `ran without the sandbox: ${why.reason}`,
    })
    return this.#track(command, options, false, async (signal) => ({
      ...(await runProcess(this.#reapers.reaped(this.#plan(command, options, signal)))),
      sandboxed: false,
      violations: [],
    }))
  }

  /** Ends every live run, stops watching and frees the runtime. */
  async dispose(): Promise<void> {
    if (this.#disposed) return
    this.#disposed = true
    for (const run of this.#runs.values()) run.stop.abort()
    await Promise.allSettled([...this.#runs.values()].map((run) => run.done))
    this.settings.close()
    await this.#session?.stop()
    this.#session = undefined
  }

  /**
   * Why `command` runs without the sandbox, undefined when it runs in it; throws where it may not
   * run at all, in this order: unavailable and `refuse` (whatever the run asked), then
   * `dangerouslyDisableSandbox` where the settings do not allow unsandboxed commands.
   */
  #whyUnsandboxed(command: string, options: SandboxRunOptions): Unsandboxed | undefined {
    const settings = this.settings.current
    const reason = this.reason
    // Fail closed first: no option of a run turns an unavailable sandbox into an unsandboxed run.
    if (reason !== undefined && this.config.unavailable === 'refuse') {
      throw new SandboxError(`sandbox: unavailable: ${reason}`, 'SANDBOX_UNAVAILABLE')
    }
    if (options.dangerouslyDisableSandbox === true) {
      if (!settings.allowUnsandboxedCommands) {
        throw new SandboxError(
          'sandbox: dangerouslyDisableSandbox is refused: the settings say allowUnsandboxedCommands: false',
          'SANDBOX_REQUIRED',
        )
      }
      return { id: 'dangerouslyDisableSandbox', reason: 'dangerouslyDisableSandbox was asked for' }
    }
    if (reason !== undefined) return { id: 'unavailable', reason }
    if (isExcludedCommand(command, settings.excludedCommands)) {
      return { id: 'excludedCommands', reason: 'an excluded command (sandbox.excludedCommands)' }
    }
    return undefined
  }

  async #runSandboxed(
    command: string,
    options: SandboxRunOptions,
    session: SrtSession,
    withRules = true,
  ): Promise<SandboxRun> {
    // Keys are compared on their first 100 characters: the count first keeps each run's own.
    const key = `${String(++this.#count)}:${options.callId}`
    return this.#track(command, options, true, async (signal) => {
      // Admitted under the config in force when it starts: the monitor judges its writes by it.
      let watch: SequencerWatch | undefined
      const derive = async (): Promise<SandboxRuntimeConfig> => {
        const derived = await this.#git.derived(() => this.#configs.derive(withRules, signal))
        watch = derived.watch
        return derived.config
      }
      await session.enter(derive, signal)
      let wrapped = false
      try {
        const line = await session.wrap(command, key, signal)
        wrapped = true
        const unset = this.config.scrubEnv ? secretVariablesSet(line) : []
        const outcome = await runProcess({
          ...this.#plan(line, options, signal),
          sandboxed: { unset },
        })
        const failed = outcome.exitCode !== 0
        const violations = await session.violations(key, failed)
        return {
          ...outcome,
          sandboxed: true,
          violations: [...violations, ...this.#git.appeared(watch)],
        }
      } finally {
        session.forget(key)
        session.leave(wrapped)
        this.#git.sweepCommondir()
      }
    })
  }

  /**
   * Runs `body` as a live run: ended by its caller's signal or by `dispose`. A run `dispose` ends
   * before its process started (still waiting to enter the runtime, or being wrapped) resolves as
   * one killed at once, with no output, as one it ends later does; the caller's own signal then
   * rejects with its reason, as documented.
   */
  async #track(
    command: string,
    options: SandboxRunOptions,
    sandboxed: boolean,
    body: (signal: AbortSignal) => Promise<SandboxRun>,
  ): Promise<SandboxRun> {
    const started = performance.now()
    const stop = new AbortController()
    const signal =
      options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal])
    const id = String(++this.#count)
    const run: LiveRun = { callId: options.callId, command, stop, done: Promise.resolve() }
    this.#runs.set(id, run)
    const done = body(signal).catch((error: unknown) => {
      // The caller's own signal rejects with its reason; `dispose` ends the run as killed.
      if (!stop.signal.aborted || options.signal?.aborted === true) throw error
      return endedBeforeStart(sandboxed, performance.now() - started)
    })
    run.done = done.catch(() => undefined)
    try {
      return await done
    } finally {
      this.#runs.delete(id)
    }
  }

  #plan(line: string, options: SandboxRunOptions, signal: AbortSignal): ProcessPlan {
    const root = this.config.projectRoot
    const cwd =
      options.cwd === undefined
        ? root
        : isAbsolute(options.cwd)
          ? options.cwd
          : resolve(root, options.cwd)
    return {
      line,
      cwd,
      env: this.config.scrubEnv
        ? scrubSecretEnv(options.env ?? process.env)
        : (options.env ?? process.env),
      maxOutputBytes: options.maxOutputBytes ?? defaultMaxOutputBytes,
      signal,
    }
  }
}

/** What a run ended before its process started reads as: killed at once, nothing written. */
function endedBeforeStart(sandboxed: boolean, durationMs: number): SandboxRun {
  return {
    exitCode: null,
    signal: 'SIGKILL',
    stdout: '',
    stderr: '',
    truncated: false,
    sandboxed,
    durationMs,
    violations: [],
  }
}
