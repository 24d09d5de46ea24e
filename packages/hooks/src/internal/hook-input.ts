import type { JsonValue } from '@toolpipe/core'
import type { ToolExecutionResult } from '@toolpipe/tools'
import type { HooksDialect } from '../hooks-settings.js'
import { eventName } from './hook-group.js'

/** What a hook is told about the call it runs for. */
export interface HookCallFacts {
  readonly dialect: HooksDialect
  readonly sessionId: string
  /** The `transcriptPath` option; `transcript_path` is absent without it. */
  readonly transcriptPath?: string | undefined
  readonly cwd: string
  readonly permissionMode: string
  readonly moment: 'pre' | 'success' | 'failure'
  /** The tool's rule name as the dialect's family writes it (`run_shell_command` for `Bash`). */
  readonly toolName: string
  /**
   * What the hook is told the arguments are: the validated arguments (for a sequential Gemini
   * hook, as the hooks before it left them) with Claude Code's fields beside them (SPEC §26).
   */
  readonly toolInput: JsonValue
  readonly toolUseId: string
  /** After the body: the result it ended with. */
  readonly result?: Readonly<ToolExecutionResult> | undefined
}

/**
 * The JSON a hook reads on stdin (SPEC §19): `session_id`, `transcript_path` when there is one,
 * `cwd`, `permission_mode`,
 * `hook_event_name`, `tool_name`, `tool_input`, `tool_use_id`; after the body `tool_response`
 * (`{ content, structured?, isError }`), and after a failure `error` (the result's text). Gemini
 * CLI's hooks also get its `timestamp`.
 */
export function hookInput(facts: HookCallFacts): string {
  const input: Record<string, unknown> = {
    session_id: facts.sessionId,
    ...(facts.transcriptPath === undefined ? {} : { transcript_path: facts.transcriptPath }),
    cwd: facts.cwd,
    permission_mode: facts.permissionMode,
    hook_event_name: eventName(facts.dialect, facts.moment),
    tool_name: facts.toolName,
    tool_input: facts.toolInput,
    tool_use_id: facts.toolUseId,
  }
  if (facts.dialect === 'gemini') input.timestamp = new Date().toISOString()
  const result = facts.result
  if (result !== undefined) {
    input.tool_response = {
      content: result.content,
      ...(result.structured === undefined ? {} : { structured: result.structured }),
      isError: result.isError,
    }
    if (facts.moment === 'failure') input.error = resultText(result)
  }
  return JSON.stringify(input)
}

/** The text blocks of a result, one per line. */
export function resultText(result: Readonly<ToolExecutionResult>): string {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n')
}
