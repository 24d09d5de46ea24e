import type { JsonValue } from '@toolpipe/core'
import type { ToolExecution } from '../../tool-execution.js'
import { callObservers } from '../call-observers.js'
import type { Pipeline } from '../pipeline.js'

/**
 * After steps 1–2, before anything else: every `tools/start` observer of the call, synchronously,
 * in registration order, in the stack of the code that called `execute()` (nothing has been
 * awaited yet, so the caller's async context is still the current one). Every call is reported,
 * including one whose input could not be read or whose arguments are not JSON. A returned promise
 * is not awaited; a throw or rejection goes to `logger.warn` and reaches neither the caller nor the
 * other observers.
 */
export function notifyStart(pipeline: Pipeline, exec: ToolExecution<JsonValue | undefined>): void {
  const entries = pipeline.startObservers.entries
  // Stryker disable next-line ConditionalExpression: a fast path; with no observer the loop below tells nobody
  if (entries.length === 0) return
  callObservers(
    entries,
    exec.agent,
    pipeline.logger,
    (observe) => observe(exec),
    () =>
      `toolpipe: a tools/start observer failed for call "${exec.callId}" of tool "${exec.name}"`,
  )
}
