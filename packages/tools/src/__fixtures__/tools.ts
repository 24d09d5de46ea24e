import type { Agent, ContentBlock } from '@toolpipe/core'
import type { ToolDefinition, ToolExecuteReturn } from '../tool-definition.js'
import type { ToolExecution } from '../tool-execution.js'

/** A hand-written tool (no schema DSL) whose body is the given function. */
export function tool(
  name: string,
  run: (
    args: unknown,
    exec: ToolExecution,
  ) => ToolExecuteReturn | Promise<ToolExecuteReturn> = () => [text(`${name} ran`)],
  extra: Partial<ToolDefinition> = {},
): ToolDefinition {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object', properties: {} },
    execute: async (args, exec) => run(args, exec),
    ...extra,
  }
}

export function text(value: string): ContentBlock {
  return { type: 'text', text: value }
}

export function agent(id: string): Agent {
  return { id }
}

/** A logger that records what it is told. */
export function recordingLogger(): {
  warn: (message: string, ...details: unknown[]) => void
  warnings: unknown[][]
} {
  const warnings: unknown[][] = []
  return { warn: (message, ...details) => warnings.push([message, ...details]), warnings }
}

/** Lets pending microtasks and promise callbacks run. */
export async function flushMicrotasks(): Promise<void> {
  for (let round = 0; round < 5; round++) await Promise.resolve()
}
