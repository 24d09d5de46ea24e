import { ExecutionRecord } from './internal/execution-record.js'
import type { ToolDefinition } from './tool-definition.js'
import type { ToolExecution } from './tool-execution.js'

/**
 * Whether `exec` is a call of `tool`: the very definition the call resolved to, whose argument
 * check its arguments passed. When it is, `exec.arguments` has the type `defineTool` inferred
 * from the tool's spec, with no assertion. A name comparison is not enough for that: a scope may
 * shadow a global tool with another one of the same name and other parameters.
 *
 * Works on the executions the pipeline hands listeners, guards and wrappers. It is `false` for a
 * call whose arguments did not pass (or never reached) the check, such as an invalid call seen by
 * a `tools/post-execute` listener or a `tools/result` observer, and for any other object.
 *
 * @example
 * registry.guard((exec) =>
 *   isCallOf(exec, shell) && exec.arguments.command.startsWith('rm')
 *     ? 'rm is not allowed here'
 *     : undefined,
 * )
 */
export function isCallOf<TArguments>(
  exec: Readonly<ToolExecution<unknown>>,
  tool: ToolDefinition<TArguments>,
): exec is Readonly<ToolExecution<TArguments>> {
  return ExecutionRecord.checkedTool(exec) === tool
}
