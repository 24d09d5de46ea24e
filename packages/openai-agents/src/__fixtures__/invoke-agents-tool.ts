import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { SchemaSpec } from '@toolpipe/schema'
import type { ToolExecution } from '@toolpipe/tools'
import { RunContext } from '@openai/agents'
import { functionCall } from '@openai/agents/testing'
import type { AgentsTool } from '../index.js'

export const coder = { id: 'coder' }

/** Calls an Agents JS tool as the runner does: raw JSON text, a run context, the call's details. */
export function invoke(
  tool: AgentsTool,
  input: unknown,
  details?: { callId?: string; signal?: AbortSignal },
) {
  return tool.invoke(new RunContext(), JSON.stringify(input), {
    ...(details?.callId === undefined
      ? {}
      : { toolCall: functionCall(tool.name, JSON.stringify(input), { callId: details.callId }) }),
    ...(details?.signal === undefined ? {} : { signal: details.signal }),
  })
}

/** One tool with these parameters, recording what its body receives. */
export function registryWith(parameters: SchemaSpec, name = 'probe') {
  const calls: { args: unknown; exec: ToolExecution }[] = []
  const registry = createToolRegistry()
  registry.register(
    defineTool({
      name,
      description: 'Probe.',
      parameters,
      async execute(args, exec) {
        calls.push({ args, exec })
        return [{ type: 'text', text: 'ok' }]
      },
    }),
  )
  return { registry, calls }
}
