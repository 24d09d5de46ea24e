import type { JsonValue } from '@toolpipe/core'
import type { ToolExecution, ToolExecutionResult } from '../../tool-execution.js'
import type { Pipeline } from '../pipeline.js'
import { warnSafely } from '../warn-safely.js'

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
  for (const { listener: observe, scope } of pipeline.result.entries) {
    if (scope !== undefined && scope !== exec.agent) continue
    try {
      const returned: unknown = observe(exec, result)
      if (returned !== undefined) {
        Promise.resolve(returned).catch((error: unknown) => {
          warnObserverFailure(pipeline, exec, error)
        })
      }
    } catch (error) {
      warnObserverFailure(pipeline, exec, error)
    }
  }
}

function warnObserverFailure(
  pipeline: Pipeline,
  exec: ToolExecution<JsonValue | undefined>,
  error: unknown,
): void {
  warnSafely(
    pipeline.logger,
    `toolpipe: a tools/result observer failed for call "${exec.callId}" of tool "${exec.name}"`,
    error,
  )
}
