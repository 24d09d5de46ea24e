import type { JsonValue } from '@toolpipe/core'
import type { ToolExecution } from '../../tool-execution.js'
import { callObservers } from '../call-observers.js'
import type { Pipeline } from '../pipeline.js'
import { readProgress } from '../read-progress.js'

/**
 * During dispatch (SPEC §12.2), whenever the tool calls `exec.reportProgress(update)`: the update
 * is read once into a deep-frozen copy, then every `tools/progress` observer of the call is told,
 * synchronously, in registration order. A returned promise is not awaited; a throw or rejection
 * goes to `logger.warn` and reaches neither the tool nor the other observers. The execution drops
 * updates that come after the call settled before they get here.
 *
 * @throws `ToolPipelineError` (`INVALID_PROGRESS`) at the tool, for an update that is not one
 */
export function reportProgress(
  pipeline: Pipeline,
  exec: ToolExecution<JsonValue | undefined>,
  update: unknown,
): void {
  const entries = pipeline.progressObservers.entries
  // Checked even without observers: a tool's mistake shows the same with and without a UI.
  const progress = readProgress(exec.name, update, pipeline.contentTypes)
  // Stryker disable next-line ConditionalExpression: a fast path; with no observer the loop below tells nobody
  if (entries.length === 0) return
  callObservers(
    entries,
    exec.agent,
    pipeline.logger,
    (observe) => observe(exec, progress),
    () =>
      `toolpipe: a tools/progress observer failed for call "${exec.callId}" of tool "${exec.name}"`,
  )
}
