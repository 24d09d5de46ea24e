import type { ToolExecution } from '../../tool-execution.js'
import { ToolRegistryError } from '../../tool-registry-error.js'
import { callObservers } from '../call-observers.js'
import { describeValue } from '../checks.js'
import { copyJson, notJson } from '../copy-json.js'
import { isBuiltInEvent } from '../event-names.js'
import type { Pipeline } from '../pipeline.js'

/**
 * SPEC §19: tells the observers of a plugin's event, synchronously, in registration order, with a
 * deep-frozen JSON copy of the payload; isolated like `tools/result`. Nothing happens (not even
 * the copy) when nobody listens.
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
  callObservers(
    entries,
    exec.agent,
    pipeline.logger,
    (observe) => observe(exec as ToolExecution, frozen),
    () => `toolpipe: a ${event} observer failed for call "${exec.callId}" of tool "${exec.name}"`,
  )
}
