import type { SettingsSourceKind } from '@toolpipe/settings-files'
import type { ToolRegistryPlugin } from '@toolpipe/tools'
import type { SandboxSettings } from './sandbox-settings.js'

/** A settings file whose `sandbox` key configures the sandbox (the same files the rules live in). */
export interface SandboxFileSource {
  readonly kind: SettingsSourceKind
  /** Absolute, or relative to `projectRoot`; `~/` is the home folder. It need not exist. */
  readonly path: string
  /**
   * A Gemini CLI policy file (`gemini`, or a path ending in `.toml`) has no `sandbox` key to read,
   * but it governs the harness like any source: write-denied inside the sandbox.
   */
  readonly format?: 'settings' | 'gemini' | undefined
}

/** Settings given in code (the `cli` source), as `permissions()` takes them. */
export interface SandboxCodeSource {
  readonly kind: 'cli'
  readonly settings: { readonly sandbox?: unknown }
}

/** Where sandbox settings come from: `permissions()`'s `sources` can be given as they are. */
export type SandboxSource = SandboxFileSource | SandboxCodeSource

/**
 * What a `permissions()` plugin's rules say about files and hosts (SPEC §23), as absolute paths
 * and patterns: `Edit(…)` allow rules are `allowWrite`, `Edit(…)` deny rules and every file the
 * rules are read from or written to are `denyWrite`, `Read(…)` deny rules are `denyRead`,
 * `WebFetch(domain:…)` allow and deny rules are the domains.
 */
export interface SandboxRuleView {
  readonly allowWrite: readonly string[]
  readonly denyWrite: readonly string[]
  readonly denyRead: readonly string[]
  readonly allowedDomains: readonly string[]
  readonly deniedDomains: readonly string[]
}

/** A network destination no setting and no rule decided, put to the `ask` callback. */
export interface SandboxAskRequest {
  readonly host: string
  readonly port: number
  /** The run that asked, when one run was live (the sandbox runtime does not say which). */
  readonly callId?: string | undefined
  readonly command?: string | undefined
}

/** Where the sandbox's warnings go. */
export interface SandboxLogger {
  warn(message: string, ...details: unknown[]): void
}

/** Options of `createSandbox` (SPEC §23). */
export interface SandboxOptions {
  /** Writable inside the sandbox, with its subfolders; what relative paths resolve against. */
  readonly projectRoot: string
  /** The settings files (and code settings) whose `sandbox` key applies; watched. */
  readonly sources?: readonly SandboxSource[] | undefined
  /** Claude Code's `sandbox` key in code: above every source. */
  readonly settings?: SandboxSettings | undefined
  /** A `permissions()` plugin: its rules feed the config, re-read for every run. */
  readonly rules?: { sandboxRules(): SandboxRuleView } | undefined
  /** Asked about a destination nothing decided; none, or an answer other than `true`, denies. */
  readonly ask?: ((request: SandboxAskRequest) => Promise<boolean>) | undefined
  /**
   * When the sandbox cannot start: `refuse` (default) rejects every run with
   * `SANDBOX_UNAVAILABLE`; `run-unsandboxed` runs commands without it, each run saying
   * `sandboxed: false` and reporting a `tools/decision` record (source kind `sandbox`) on its
   * call — where the sandbox is installed in the registry (`registry.use(sandbox)`); elsewhere the
   * first such run is warned about.
   */
  readonly unavailable?: 'refuse' | 'run-unsandboxed' | undefined
  /** The home folder for `~/` (default: the user's). */
  readonly home?: string | undefined
  /**
   * Commands get their environment without the variables whose names mark secrets (`*_TOKEN`,
   * `*_KEY`, `*SECRET*`, `*PASSWORD*`, `AWS_*`, …: `secretEnvNamePatterns` of `@toolpipe/core`),
   * SPEC §25: the default environment and one a run gives, and inside the sandbox those the
   * runtime sets itself (its proxy password for gcloud). Default false.
   */
  readonly scrubEnv?: boolean | undefined
  /** Where warnings go (default: `console`). */
  readonly logger?: SandboxLogger | undefined
}

/** Options of one `run`. */
export interface SandboxRunOptions {
  /** The tool call's id: what the sandbox's violations of this run are attributed to. */
  readonly callId: string
  /** Where the command starts (default: the project root); absolute, or relative to it. */
  readonly cwd?: string | undefined
  /** Ends the command and everything it started. */
  readonly signal?: AbortSignal | undefined
  /** The command's environment, whole, as `child_process.spawn` takes it (default: this process's). */
  readonly env?: Readonly<Record<string, string>> | undefined
  /** How many bytes of stdout and of stderr are kept, each (default 1 MiB); the rest is drained. */
  readonly maxOutputBytes?: number | undefined
  /**
   * Claude Code's Bash parameter: run outside the sandbox, where the settings allow it. Never
   * where the sandbox is unavailable and `unavailable` is `refuse`: that refusal comes first.
   */
  readonly dangerouslyDisableSandbox?: boolean | undefined
}

/** One thing the sandbox stopped during a run, as the sandbox runtime reported it. */
export interface SandboxViolation {
  readonly kind: 'read' | 'write' | 'network' | 'other'
  /** The file, or `host:port`, when the report names one. */
  readonly target?: string
  /** The report as the runtime wrote it: `deny openat /home/me/.bashrc`. */
  readonly detail: string
}

/** What one `run` did. */
export interface SandboxRun {
  /**
   * The exit code, or null when a signal ended it — sandboxed too, where there is perl (see the
   * README: else a signal reads as the exit code 128 + n).
   */
  readonly exitCode: number | null
  /** The signal that ended it (`SIGKILL` after an abort), or null. */
  readonly signal: string | null
  readonly stdout: string
  readonly stderr: string
  /** Whether stdout or stderr had more than `maxOutputBytes` (the rest was drained, unread). */
  readonly truncated: boolean
  /** Whether it ran inside the sandbox. */
  readonly sandboxed: boolean
  readonly durationMs: number
  /**
   * The sandbox's own reports for this run, judged by the settings and rules in force for it (a
   * denied read on Linux reads as a missing file).
   */
  readonly violations: readonly SandboxViolation[]
}

/**
 * A live sandbox: one per process (SPEC §23). It is also a registry plugin: installed
 * (`registry.use(sandbox)`), a run without the sandbox is recorded on its call.
 */
export interface Sandbox extends ToolRegistryPlugin {
  /** Whether commands can run sandboxed here. */
  readonly available: boolean
  /** Why not, when not: `bubblewrap (bwrap) not installed`, `disabled in settings`. */
  readonly reason: string | undefined
  /** Whether the settings let a command no rule matched run without asking, when sandboxed. */
  readonly autoAllowBashIfSandboxed: boolean
  /** Whether `command` would run sandboxed: false when unavailable or an excluded command. */
  willSandbox(command: string): boolean
  /** Runs `command` with bash, sandboxed (see SPEC §23); never rejects for what the command did. */
  run(command: string, options: SandboxRunOptions): Promise<SandboxRun>
  /** Ends every live run, stops watching the settings and frees the process's sandbox. */
  dispose(): Promise<void>
}
