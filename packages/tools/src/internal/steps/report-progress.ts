import type { JsonValue } from '@toolpipe/core'
import { warnSafely } from '@toolpipe/core/internal'
import { shownValue } from '../../provided-values.js'
import type { ToolExecution } from '../../tool-execution.js'
import type { ToolProgress } from '../../tool-progress.js'
import { callObservers } from '../call-observers.js'
import type { Pipeline } from '../pipeline.js'
import { readProgress } from '../read-progress.js'

/**
 * During dispatch (SPEC §12.2), whenever the tool calls `exec.reportProgress(update)`: the update
 * is read once into a deep-frozen copy, its message and content go through the registry's
 * `tools/shown` filters (SPEC §25: no observer, card or adapter sees a secret the tool reported),
 * then every `tools/progress` observer of the call is told, synchronously, in registration order.
 * A returned promise is not awaited; a throw or rejection goes to `logger.warn` and reaches
 * neither the tool nor the other observers. The execution drops updates that come after the call
 * settled before they get here.
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
  const shown = shownProgress(pipeline, exec, progress)
  if (shown === undefined) return
  callObservers(
    entries,
    exec.agent,
    pipeline.logger,
    (observe) => observe(exec, shown),
    () =>
      `toolpipe: a tools/progress observer failed for call "${exec.callId}" of tool "${exec.name}"`,
  )
}

/**
 * `progress` with its message and content as a person may be shown them: each through every
 * `tools/shown` filter, then read again into a deep-frozen copy. Undefined (the update dropped,
 * a warning logged) when a filter throws or hands back something that is not a progress update:
 * what could not be cleaned is never shown raw, and the call goes on.
 */
function shownProgress(
  pipeline: Pipeline,
  exec: ToolExecution<JsonValue | undefined>,
  progress: ToolProgress,
): ToolProgress | undefined {
  const { message, content } = progress
  if (message === undefined && content === undefined) return progress
  if (pipeline.provided.provided('tools/shown').length === 0) return progress
  try {
    return readProgress(
      exec.name,
      {
        ...progress,
        ...(message === undefined ? {} : { message: shownValue(pipeline.provided, message) }),
        ...(content === undefined ? {} : { content: shownValue(pipeline.provided, content) }),
      },
      pipeline.contentTypes,
    )
  } catch (error) {
    warnSafely(
      pipeline.logger,
      `toolpipe: a tools/shown filter failed on a progress update of call "${exec.callId}" of tool "${exec.name}"; the update was dropped`,
      error,
    )
    return undefined
  }
}
