import type { Agent } from '@toolpipe/core'
import type {
  ChangeListener,
  Disposer,
  ScopedTools,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolRegistry,
  ToolSchema,
} from '@toolpipe/tools'

/** What a served MCP server needs of the tools: one agent's view of a registry. */
export interface RegistryView {
  /** The visible tools' schemas, in the JSON Schema dialect. */
  schemas(): ToolSchema[]
  /** `execute()` on the agent's behalf. */
  execute(input: Omit<ToolExecutionInput, 'agent'>): Promise<ToolExecutionResult>
  /** Listens to changes of what the agent sees. */
  onChange(listener: ChangeListener): Disposer
}

/** A registry seen as `agent` (or the global view), or a scope handle as it is. */
export function registryView(tools: ToolRegistry, agent: Agent | undefined): RegistryView
export function registryView(tools: ScopedTools): RegistryView
export function registryView(tools: ToolRegistry | ScopedTools, agent?: Agent): RegistryView {
  if ('scope' in tools) {
    const scope = agent === undefined ? {} : { scope: agent }
    return {
      schemas: () => tools.schemas(agent),
      execute: (input) => tools.execute({ ...input, agent }),
      onChange: (listener) => tools.on('tools/change', listener, scope),
    }
  }
  return {
    schemas: () => tools.schemas(),
    execute: (input) => tools.execute(input),
    onChange: (listener) => tools.on('tools/change', listener),
  }
}
