import type { Agent } from '@toolpipe/core'
import type { ToolRegistryLogger, ToolRules } from '@toolpipe/tools'
import type {
  PermissionMode as Mode,
  PermissionSettingsFile as Settings,
  SettingsSourceKind as SourceKind,
} from '@toolpipe/settings-files'

/** A file of rules: Claude Code style settings JSON, or a Gemini CLI TOML policy file. */
export interface PermissionFileSource {
  readonly kind: SourceKind
  /** Absolute, or relative to `projectRoot`; `~/` is the home folder. It need not exist. */
  readonly path: string
  /** Default: `gemini` for a path ending in `.toml`, else `settings`. */
  readonly format?: 'settings' | 'gemini' | undefined
}

/** Rules given in code (the `cli` source). */
export interface PermissionCodeSource {
  readonly kind: 'cli'
  readonly settings: Settings
}

/** Where rules come from (SPEC §18.3). */
export type PermissionSource = PermissionFileSource | PermissionCodeSource

/**
 * The sandbox commands run in, as `permissions()` reads it (SPEC §23): a `@toolpipe/sandbox`
 * `Sandbox`, or anything that says the same.
 */
export interface PermissionsSandbox {
  /**
   * Claude Code's `autoAllowBashIfSandboxed`: a command no rule matched runs without asking.
   * Default true (SPEC §23): only `false` turns it off.
   */
  readonly autoAllowBashIfSandboxed?: boolean | undefined
  /** Whether `command` will run sandboxed. */
  willSandbox(command: string): boolean
}

/** Options of `permissions()` (SPEC §18.1). */
export interface PermissionsOptions {
  /** What `/p` rules are relative to, and where `.toolpipe/` lives. Absolute. */
  readonly projectRoot: string
  /** What `p` and `./p` rules resolve against (default `projectRoot`). */
  readonly cwd?: string | undefined
  /**
   * The sources, in any order: precedence is `managed`, `cli`, `local`, `project`, `user`
   * (two sources of one kind keep the order given).
   */
  readonly sources?: readonly PermissionSource[] | undefined
  /** How rules see tools, by tool name; replaces a definition's own `permissions`. */
  readonly tools?: Readonly<Record<string, ToolRules>> | undefined
  /** Overrides the files' `defaultMode`. */
  readonly mode?: Mode | undefined
  /** Decide only this agent's calls, hide tools only from its view, with this plugin's mode. */
  readonly scope?: Agent | undefined
  /**
   * Where always-answers are written (default `local`): the first file source of that kind, or
   * else `.toolpipe/settings.local.json` (local), `.toolpipe/settings.json` (project) under the
   * project root, `~/.toolpipe/settings.json` (user) — read as a source of that kind.
   */
  readonly persistTo?: 'local' | 'project' | 'user' | undefined
  /** Where warnings go (default: the registry's logger, `console` before it is installed). */
  readonly logger?: ToolRegistryLogger | undefined
  /** The home folder for `~/` (default: the user's). */
  readonly home?: string | undefined
  /**
   * The sandbox commands run in (SPEC §23): with its `autoAllowBashIfSandboxed` (default true), a command
   * subject no rule matched that `willSandbox` says runs sandboxed is allowed without asking
   * (decision record source kind `sandbox`). Deny rules still deny, ask rules still ask, and a
   * subject with `dangerouslyDisableSandbox: true` is never allowed this way. A sandbox that is
   * a registry plugin (`@toolpipe/sandbox`'s) is installed with this plugin, so that its
   * unsandboxed runs are on their calls' records.
   */
  readonly sandbox?: PermissionsSandbox | undefined
}
