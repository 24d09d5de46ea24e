import { HarnessError } from '@toolpipe/core'

/** What plugin code handed the pipeline that it cannot use; the call becomes an error result. */
export type ToolPipelineErrorCode =
  /** `execute()` was given an input without a string `callId` and `name`, or with bad fields. */
  | 'INVALID_INPUT'
  /**
   * A listener returned something that is not a decision (or, for `tools/execute`, a result: an
   * error result must carry `error: { name, code }`, a success none), or one that could not be read;
   * or a `tools/shown` filter handed back, for a post-execute decision, something that is not one.
   */
  | 'INVALID_DECISION'
  /** A guard returned something other than a string or `undefined`. */
  | 'INVALID_GUARD_RESULT'
  /** A tool's `checkArgs` returned something other than an array of argument issues. */
  | 'INVALID_ARG_ISSUES'
  /** A tool's `normalizeArgs` returned something that is not JSON data (or a promise). */
  | 'INVALID_NORMALIZED_ARGS'
  /**
   * A tool's `execute` returned something other than content blocks or `{ content?, structured?,
   * meta? }` with content or structured.
   */
  | 'INVALID_TOOL_RESULT'
  /**
   * A tool called `exec.reportProgress` with something that is not a progress update; thrown at
   * the tool, so its call fails with this code unless it catches it.
   */
  | 'INVALID_PROGRESS'

/** Raised inside the pipeline for malformed plugin output; callers see it as an error result. */
export class ToolPipelineError extends HarnessError<ToolPipelineErrorCode> {
  override readonly name = 'ToolPipelineError'
}
