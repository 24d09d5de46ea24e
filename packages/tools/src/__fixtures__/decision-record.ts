import { tool } from './tools.js'
import type { ToolDecision } from '../tool-decision.js'
import { createToolRegistry } from '../tool-registry.js'
import type { ToolRegistryOptions } from '../tool-registry-options.js'

/** A registry with a `shell` tool, recording every decision its `tools/decision` observers are told. */
export function recorded(options: ToolRegistryOptions = {}) {
  const registry = createToolRegistry(options)
  registry.register(tool('shell'))
  const decisions: ToolDecision[] = []
  const execs: unknown[] = []
  registry.on('tools/decision', (exec, decision) => {
    execs.push(exec)
    decisions.push(decision)
  })
  return { registry, decisions, execs }
}
