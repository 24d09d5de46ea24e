import { warnSafely } from '@toolpipe/core/internal'
import { shownValue } from '../../provided-values.js'
import type { ToolExecution } from '../../tool-execution.js'
import { ToolRegistryError } from '../../tool-registry-error.js'
import { callObservers } from '../call-observers.js'
import { describeValue } from '../checks.js'
import { copyJson, notJson } from '../copy-json.js'
import { isBuiltInEvent } from '../event-names.js'
import type { Pipeline } from '../pipeline.js'

/**
 * SPEC §19: tells the observers of a plugin's event, synchronously, in registration order, with a
 * deep-frozen JSON copy of the payload as a person may be shown it (through the `tools/shown`
 * filters, SPEC §25: a hook's `systemMessage` may quote what the tool printed); isolated like
 * `tools/result`. Nothing happens (not even the copy) when nobody listens; a payload a filter
 * could not clean is not shown (a warning says so).
 *
 * @throws ToolRegistryError (`INVALID_EVENT`) for a built-in or empty event name, or a payload
 * that is not JSON
 */
export function notifyPluginEvent(
  pipeline: Pipeline,
  event: unknown,
  exec: ToolExecution<unknown>,
  payload: unknown,
): void {
  if (typeof event !== 'string' || event === '' || isBuiltInEvent(event)) {
    throw new ToolRegistryError(
      `notify takes a plugin's own event name (a non-empty string, none of the built-in events), got ${describeValue(event)}`,
      'INVALID_EVENT',
    )
  }
  const entries = pipeline.pluginObservers.get(event)?.entries
  if (entries === undefined || entries.length === 0) return
  const frozen = copyJson(payload)
  if (frozen === notJson) {
    throw new ToolRegistryError(
      `the payload of a ${event} notification must be JSON data, got ${describeValue(payload)}`,
      'INVALID_EVENT',
    )
  }
  const shown = shownPayload(pipeline, event, exec, frozen)
  if (shown === notJson) return
  callObservers(
    entries,
    exec.agent,
    pipeline.logger,
    (observe) => observe(exec as ToolExecution, shown),
    () => `toolpipe: a ${event} observer failed for call "${exec.callId}" of tool "${exec.name}"`,
  )
}

/**
 * `payload` through every `tools/shown` filter, read again into a deep-frozen JSON copy; `notJson`
 * (the notification dropped, a warning logged) when a filter throws or hands back something that
 * is not JSON: what could not be cleaned is never shown raw.
 */
function shownPayload(
  pipeline: Pipeline,
  event: string,
  exec: ToolExecution<unknown>,
  payload: unknown,
): unknown {
  if (pipeline.provided.provided('tools/shown').length === 0) return payload
  let shown: unknown
  try {
    shown = copyJson(shownValue(pipeline.provided, payload))
  } catch (error) {
    warnSafely(
      pipeline.logger,
      `toolpipe: a tools/shown filter failed on a ${event} notification of call "${exec.callId}" of tool "${exec.name}"; it was not sent`,
      error,
    )
    return notJson
  }
  if (shown === notJson) {
    warnSafely(
      pipeline.logger,
      `toolpipe: a tools/shown filter made the payload of a ${event} notification of call "${exec.callId}" of tool "${exec.name}" something other than JSON data; it was not sent`,
    )
  }
  return shown
}
