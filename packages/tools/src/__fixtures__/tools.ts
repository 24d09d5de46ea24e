import type { Agent, ContentBlock } from '@toolpipe/core'
import type { ToolDefinition, ToolExecuteReturn } from '../tool-definition.js'
import type { ToolExecution } from '../tool-execution.js'
import { createToolRegistry } from '../tool-registry.js'
import type { ToolRegistry } from '../tool-registry.js'

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

/** A registry holding one tool, `read`, whose body answers `read ran`. */
export function registryWithRead(): ToolRegistry {
  const registry = createToolRegistry()
  registry.register(tool('read', () => [text('read ran')]))
  return registry
}

export function text(value: string): ContentBlock {
  return { type: 'text', text: value }
}

export function agent(id: string): Agent {
  return { id }
}

/** The agents most tests call as: scopes of their own, told apart by identity. */
export const alice = agent('alice')
export const bob = agent('bob')

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

/** Whether `value` and everything it holds is frozen. */
export function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}

/** What `run` throws; fails the test when it throws nothing. */
export function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

/** The names of these definitions, in order. */
export function names(list: readonly { name: string }[]): string[] {
  return list.map((definition) => definition.name)
}
