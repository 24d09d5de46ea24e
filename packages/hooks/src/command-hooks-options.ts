import type { PermissionMode, SettingsSourceKind } from '@toolpipe/settings-files'
import type { HookClock } from './hook-clock.js'
import type { HooksDialect, HooksSettings } from './hooks-settings.js'

/**
 * Where settings come from, highest precedence first (SPEC §18.3): `managed` (set by an
 * administrator), `cli` (given in code), `local` (a project's own, not committed), `project`
 * (committed), `user` (one's own, every project). The same kinds as the permission rules'
 * sources (`@toolpipe/settings-files`' `SettingsSourceKind`).
 */
export type HookSourceKind = SettingsSourceKind

/** A settings file to read hooks from (its `hooks` key), watched for changes. */
export interface HookSettingsSource {
  readonly kind: HookSourceKind
  /** The file, e.g. `.claude/settings.json`; resolved against `projectRoot` when relative. */
  readonly path: string
}

/** The options of `commandHooks`: the hooks, in code and in settings files, and how they run. */
export interface CommandHooksOptions {
  /** Hooks given in code: the `cli` source. */
  readonly hooks?: HooksSettings | undefined
  /** Settings files, watched: a changed file takes effect for calls that start afterwards. */
  readonly sources?: readonly HookSettingsSource[] | undefined
  /**
   * The hooks' working directory, their `cwd` input and `$TOOLPIPE_PROJECT_DIR` /
   * `$CLAUDE_PROJECT_DIR` (`$GEMINI_PROJECT_DIR` too in the `gemini` dialect). Default:
   * `process.cwd()` when the plugin is made.
   */
  readonly projectRoot?: string | undefined
  /** The hooks' `session_id`. Default: a random UUID per plugin. */
  readonly sessionId?: string | undefined
  /**
   * The hooks' `permission_mode` (here only information for the hook) when no policy on the
   * registry says it: a `permissions()` plugin on the same registry provides the mode in force
   * for each call, which wins. Default `default`.
   */
  readonly permissionMode?: PermissionMode | undefined
  /**
   * The hooks' `transcript_path`: where the harness keeps the session's transcript (Claude Code
   * sends its JSONL file). Not sent when not given.
   */
  readonly transcriptPath?: string | undefined
  /** Claude Code's settings and protocol (default), or Gemini CLI's. */
  readonly dialect?: HooksDialect | undefined
  /**
   * The timers of the hooks' timeouts and of the settings files' settling. Default: the global
   * `setTimeout` and `clearTimeout`, looked up at each use (so fake timers work).
   */
  readonly clock?: HookClock | undefined
  /**
   * Hooks get the environment without the variables whose names mark secrets (`*_TOKEN`,
   * `*_KEY`, `*SECRET*`, `*PASSWORD*`, `AWS_*`, …: `secretEnvNamePatterns` of `@toolpipe/core`),
   * SPEC §25. Default false: Claude Code gives hooks the whole environment.
   */
  readonly scrubEnv?: boolean | undefined
}

/**
 * The first argument of the two-argument `commandHooks(config, options)`.
 *
 * @deprecated Its members are members of {@link CommandHooksOptions}: `commandHooks({ hooks,
 * sources, projectRoot, … })`.
 */
export interface CommandHooksConfig {
  /** Hooks given in code: the `cli` source. */
  readonly hooks?: HooksSettings | undefined
  /** Settings files, watched: a changed file takes effect for calls that start afterwards. */
  readonly sources?: readonly HookSettingsSource[] | undefined
}
