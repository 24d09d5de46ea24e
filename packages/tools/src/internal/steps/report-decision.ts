import type { ToolExecution } from '../../tool-execution.js'
import { ToolRegistryError } from '../../tool-registry-error.js'
import { ExecutionRecord } from '../execution-record.js'
import type { Pipeline } from '../pipeline.js'
import { readDecision } from '../read-decision.js'
import { warnSafely } from '@toolpipe/core/internal'
import { recordDecision, recordsDecisions } from './record-decision.js'

/**
 * `registry.reportDecision` (SPEC §18.5): a plugin's entry in a call's decision record, read into
 * a frozen copy and told to the `tools/decision` observers. Only for an execution the pipeline
 * made and that has not settled; a late report is logged and dropped.
 *
 * @throws ToolRegistryError (`INVALID_EVENT`) for an `exec` the pipeline did not make;
 * `ToolPipelineError` (`INVALID_DECISION`) for a malformed decision
 */
export function reportDecision(
  pipeline: Pipeline,
  exec: ToolExecution<unknown>,
  decision: unknown,
): void {
  const settled = ExecutionRecord.settled(exec)
  if (settled === undefined) {
    throw new ToolRegistryError(
      'reportDecision takes the execution the pipeline handed to your listener, not a copy of it',
      'INVALID_EVENT',
    )
  }
  // With no `tools/decision` observer the decision is only checked: nobody reads a copy.
  const read = readDecision(decision, settled || recordsDecisions(pipeline))
  if (read === undefined) return
  if (settled) {
    warnSafely(
      pipeline.logger,
      `toolpipe: a decision was reported after call "${exec.callId}" of tool "${exec.name}" settled; it is dropped`,
      read,
    )
    return
  }
  recordDecision(pipeline, exec, read)
}
