/**
 * The hook events this package runs. Claude Code's names (`dialect: 'claude'`, the default):
 * `PreToolUse` before a call is decided, `PostToolUse` after its body ran and succeeded,
 * `PostToolUseFailure` after it ran and failed. Gemini CLI's (`dialect: 'gemini'`): `BeforeTool`
 * and `AfterTool` (after the body ran, whether it succeeded or not).
 */
export type HookEventName =
  'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'BeforeTool' | 'AfterTool'

/** Whose hooks protocol the settings and the hooks speak. */
export type HooksDialect = 'claude' | 'gemini'

/** One hook: a shell command run as `/bin/sh -c command`. */
export interface HookCommandSettings {
  /** Only command hooks run here (Claude Code's `prompt`, `http`, … hooks are reported and skipped). */
  readonly type: 'command'
  /** The shell command line; `$CLAUDE_PROJECT_DIR` (and the others) are in its environment. */
  readonly command: string
  /**
   * How long it may run before its whole process group is killed: seconds in the `claude`
   * dialect (default 60), milliseconds in the `gemini` one (default 60 000).
   */
  readonly timeout?: number | undefined
  /** Gemini CLI's label for logs; kept, not used. */
  readonly name?: string | undefined
  /** Gemini CLI's description; kept, not used. */
  readonly description?: string | undefined
}

/** The hooks that run for the calls whose tool's rule name `matcher` matches. */
export interface HookMatcherSettings {
  /**
   * A regular expression matched against the whole rule name (`Bash` matches `Bash`, not
   * `BashOutput`; `Edit|Write` either; `mcp__github__.*` every tool of that MCP server). Empty,
   * `*` or absent: every tool.
   */
  readonly matcher?: string | undefined
  readonly hooks: readonly HookCommandSettings[]
  /**
   * Gemini CLI: when any group matching a call says `true`, that call's hooks run one after
   * another in order, each seeing the arguments as those before it rewrote them; else they run in
   * parallel. Ignored in the `claude` dialect, whose hooks always run in parallel.
   */
  readonly sequential?: boolean | undefined
}

/**
 * The `hooks` object of a settings file, as Claude Code (and Gemini CLI) users already write it:
 * `{ "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "…" }] }] }`.
 * Events this package does not run (`Stop`, `SessionStart`, …) may be present and are left alone.
 */
export interface HooksSettings {
  readonly PreToolUse?: readonly HookMatcherSettings[] | undefined
  readonly PostToolUse?: readonly HookMatcherSettings[] | undefined
  readonly PostToolUseFailure?: readonly HookMatcherSettings[] | undefined
  readonly BeforeTool?: readonly HookMatcherSettings[] | undefined
  readonly AfterTool?: readonly HookMatcherSettings[] | undefined
  readonly [event: string]: unknown
}
