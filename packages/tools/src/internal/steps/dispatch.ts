import type { ToolDefinition } from '../../tool-definition.js'
import type { ToolExecution, ToolExecutionResult } from '../../tool-execution.js'
import { ToolNotFoundError } from '../../tool-not-found-error.js'
import { callWithExecution, hasListenerFor, startWaterfall } from '../compose.js'
import type { WaterfallStart } from '../compose.js'
import { errorResult, failureResult } from '../error-result.js'
import type { Pipeline } from '../pipeline.js'
import { readExecutionResult } from '../read-execution-result.js'
import { readToolReturn } from '../read-tool-return.js'

/**
 * Step 8: the `tools/execute` wrappers around the default dispatch, {@link runTool}. What a
 * wrapper returns is read once into a frozen result. Started only: the caller awaits what the
 * outermost wrapper returned and reads it with `read` (a wrapper that passes on `next()`'s own
 * promise adds no promise to the call). `returned` rejects with what a wrapper throws, and `read`
 * throws for a value that is not a result: the caller makes either the call's error result
 * (`LISTENER_FAILED`, or the `HarnessError`'s own code).
 */
export function dispatch(
  pipeline: Pipeline,
  exec: ToolExecution,
  tool: ToolDefinition,
): WaterfallStart<ToolExecutionResult> {
  const entries = pipeline.executeWrappers.entries
  // Stryker disable next-line ConditionalExpression: a fast path; the chain with no wrapper for the call runs the tool the same way
  if (!hasListenerFor(entries, exec.agent)) {
    return { returned: runTool(pipeline, exec, tool), read: resultAsIs }
  }
  return startWaterfall(
    entries,
    exec.agent,
    callWithExecution,
    (value) => readExecutionResult(value, pipeline.contentTypes),
    () => runTool(pipeline, exec, tool),
    exec,
  )
}

/** The default dispatch's value needs no check: {@link runTool} gives frozen results. */
function resultAsIs(value: unknown): ToolExecutionResult {
  return value as ToolExecutionResult
}

/**
 * The default dispatch: runs the definition step 3 resolved, if it is still the one visible
 * under its name (a registration that shadowed or removed it meanwhile gives `UNKNOWN_TOOL`: what
 * a person approved is what runs), as a method of the definition, and reads what it returned,
 * checking a `structured` value against the tool's `outputSchema` (`OUTPUT_INVALID`, SPEC §12.1).
 * A throw inside the tool becomes an error result before any wrapper sees it, and so does output
 * its schema refuses (a retry wrapper may call the tool again). Never throws.
 */
async function runTool(
  pipeline: Pipeline,
  exec: ToolExecution,
  tool: ToolDefinition,
): Promise<ToolExecutionResult> {
  const name = exec.name
  if (pipeline.layers.get(name, exec.agent) !== tool) {
    const error = new ToolNotFoundError(name)
    return errorResult(error.message, { name: error.name, code: error.code })
  }
  try {
    const returned = await tool.execute(exec.arguments, exec)
    // Read once per call, after the body: what the registry checked at registration.
    return readToolReturn(name, tool.outputSchema, returned, pipeline.contentTypes)
  } catch (error) {
    return failureResult(error, 'tool')
  }
}
