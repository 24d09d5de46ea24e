import type { JsonObject } from '@toolpipe/core'

/**
 * What one hook run said, in this package's terms. Absent fields said nothing. A run that is a
 * non-blocking error (SPEC §19: another exit code, a crash, output that is not a hook answer, the
 * timeout) has only `problem`, and decides nothing.
 */
export interface HookAnswer {
  /** Before the call: what the hook decided. */
  readonly permission?: 'allow' | 'deny' | 'ask' | undefined
  /** After the body: the hook blocks the result. */
  readonly block?: boolean | undefined
  /** Why it denied, asked or blocked (what the model reads). */
  readonly reason?: string | undefined
  /**
   * Before the call: new arguments. Claude Code's `updatedInput` replaces them whole; Gemini
   * CLI's `hookSpecificOutput.tool_input` is merged into them (`patch: true`).
   */
  readonly updatedInput?: JsonObject | undefined
  readonly patch?: boolean | undefined
  /** Context for the model's next request. */
  readonly additionalContext?: string | undefined
  /** `continue: false`: the stop reason (the call ends with `HOOK_STOPPED`). */
  readonly stop?: string | undefined
  /** For the user: handed to `tools/hook-message` observers. */
  readonly systemMessage?: string | undefined
  /** Why this run is a non-blocking error (logged once with the hook's command). */
  readonly problem?: string | undefined
  /** The call's signal aborted while the hook ran: it was killed and said nothing. */
  readonly aborted?: boolean | undefined
}
