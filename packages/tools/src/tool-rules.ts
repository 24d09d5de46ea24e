import type { JsonValue } from '@toolpipe/core'

/**
 * What one call of a tool touches, as permission rules and hooks read it (SPEC §18.1): a shell
 * command line, a file read or written, a URL fetched. Rules never read raw arguments.
 */
export type Subject =
  /**
   * A shell command line, run in `cwd` when given; `dangerouslyDisableSandbox` (Claude Code's
   * Bash parameter of that name) when the call asks to run it outside the sandbox (SPEC §23).
   */
  | {
      readonly kind: 'command'
      readonly command: string
      readonly cwd?: string | undefined
      readonly dangerouslyDisableSandbox?: boolean | undefined
    }
  /** A file the call reads or writes. */
  | { readonly kind: 'read' | 'edit'; readonly path: string }
  /** A URL the call fetches. */
  | { readonly kind: 'fetch'; readonly url: string }

/**
 * How policy layers (`@toolpipe/permissions`, `@toolpipe/hooks`) see one tool (SPEC §18.1):
 * the name their rules use for it, and what each call touches.
 *
 * @typeParam TArguments - the validated arguments `subjects` receives (`exec.arguments`)
 * @example
 * defineTool({
 *   name: 'run_shell',
 *   // …
 *   permissions: { ruleName: 'Bash', subjects: ({ command }) => [{ kind: 'command', command }] },
 * })
 */
export interface ToolRules<TArguments = JsonValue> {
  /** The name rules and hooks use for this tool (default: the tool's name), e.g. `Bash`. */
  readonly ruleName?: string | undefined
  /**
   * What a call with these (validated) arguments touches; `[]` when it is matched by name only.
   * Pure and synchronous: it runs on every call a rule looks at.
   */
  subjects?(args: TArguments): Subject[]
  /**
   * More of a call for command hooks, in Claude Code's field names (SPEC §26): hooks are told
   * `command`, `file_path` and `url` from the subjects; this adds the others a published hook
   * reads (`content`, `old_string`, `new_string`, …). Merged into `tool_input` beside the tool's
   * own arguments.
   */
  hookInput?(args: TArguments): Record<string, JsonValue>
}
