import type { Mode, SourceKind } from '@toolpipe/permissions'
import type { HooksDialect, HooksSettings } from './hooks-settings.js'

/**
 * Where settings come from, highest precedence first (SPEC §18.3): `managed` (set by an
 * administrator), `cli` (given in code), `local` (a project's own, not committed), `project`
 * (committed), `user` (one's own, every project). The same kinds as `@toolpipe/permissions`'
 * sources.
 */
export type HookSourceKind = SourceKind

/** A settings file to read hooks from (its `hooks` key), watched for changes. */
export interface HookSettingsSource {
  readonly kind: HookSourceKind
  /** The file, e.g. `.claude/settings.json`; resolved against `projectRoot` when relative. */
  readonly path: string
}

/** The first argument of `commandHooks`: hooks in code, settings files, or both. */
export interface CommandHooksConfig {
  /** Hooks given in code: the `cli` source. */
  readonly hooks?: HooksSettings | undefined
  /** Settings files, watched: a changed file takes effect for calls that start afterwards. */
  readonly sources?: readonly HookSettingsSource[] | undefined
}

/** The second argument of `commandHooks`. */
export interface CommandHooksOptions {
  /**
   * The hooks' working directory, their `cwd` input and `$TOOLPIPE_PROJECT_DIR` /
   * `$CLAUDE_PROJECT_DIR` (`$GEMINI_PROJECT_DIR` too in the `gemini` dialect). Default:
   * `process.cwd()` when the plugin is made.
   */
  readonly projectRoot?: string | undefined
  /** The hooks' `session_id`. Default: a random UUID per plugin. */
  readonly sessionId?: string | undefined
  /**
   * The hooks' `permission_mode` (`@toolpipe/permissions`' `Mode`; here only information for the
   * hook) when no policy on the registry says it: a `permissions()` plugin on the same registry
   * provides the mode in force for each call, which wins. Default `default`.
   */
  readonly permissionMode?: Mode | undefined
  /**
   * The hooks' `transcript_path`: where the harness keeps the session's transcript (Claude Code
   * sends its JSONL file). Not sent when not given.
   */
  readonly transcriptPath?: string | undefined
  /** Claude Code's settings and protocol (default), or Gemini CLI's. */
  readonly dialect?: HooksDialect | undefined
}
