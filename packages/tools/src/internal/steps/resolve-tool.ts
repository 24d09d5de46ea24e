import type { ToolDefinition } from '../../tool-definition.js'
import type { ExecutionRecord } from '../execution-record.js'
import type { Pipeline } from '../pipeline.js'

/**
 * Step 3: the tool the call reaches, resolved once in its visible set (its scope's own tools, then
 * the globals its restrictions admit). `undefined` for a tool that is missing or restricted away.
 * Everything after this step works with this definition, and dispatch runs it only while it is
 * still the one visible under its name.
 */
export function resolveTool(pipeline: Pipeline, exec: ExecutionRecord): ToolDefinition | undefined {
  return pipeline.layers.get(exec.name, exec.agent)
}
