import type { ToolExecutionResult, ToolProgress } from '@toolpipe/tools'

/**
 * A preliminary output of a toolpipe tool in the AI SDK: one progress report of the running call
 * (`exec.reportProgress`, SPEC §12.2), which `streamText` streams as a preliminary tool result
 * (`preliminary: true`) and a UI shows while the call runs. The model never reads it.
 */
export interface AiSdkToolProgress {
  /** Marks a progress report: the call is still running. */
  readonly preliminary: true
  /** The report as the tool made it: a deep-frozen copy. */
  readonly update: ToolProgress
}

/**
 * What a toolpipe tool outputs in the AI SDK: progress reports while the call runs, then the
 * call's frozen {@link ToolExecutionResult}, the last output and the one the model reads. Tell
 * them apart with `'preliminary' in output` (or the AI SDK's own `preliminary` flag on the part).
 */
export type AiSdkToolOutput = ToolExecutionResult | AiSdkToolProgress
