import type { JsonValue } from '@toolpipe/core'
import type { ToolExecution, ToolExecutionResult } from '../../tool-execution.js'
import { callObservers } from '../call-observers.js'
import type { Pipeline } from '../pipeline.js'

/**
 * Step 12: every `tools/result` observer of the call, synchronously, in registration order, with
 * the frozen execution and result. A returned promise is not awaited. A throw or rejection goes
 * to `logger.warn` and reaches neither the caller nor the other observers; neither does a throwing
 * logger.
 */
export function notifyObservers(
  pipeline: Pipeline,
  exec: ToolExecution<JsonValue | undefined>,
  result: ToolExecutionResult,
): void {
  callObservers(
    pipeline.resultObservers.entries,
    exec.agent,
    pipeline.logger,
    (observe) => observe(exec, result),
    () =>
      `toolpipe: a tools/result observer failed for call "${exec.callId}" of tool "${exec.name}"`,
  )
}
