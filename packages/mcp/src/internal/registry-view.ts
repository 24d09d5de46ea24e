import type { Agent } from '@toolpipe/core'
import type {
  ChangeListener,
  Disposer,
  ProgressObserver,
  ScopedTools,
  ToolDescriptor,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolRegistry,
} from '@toolpipe/tools'

/** What a served MCP server needs of the tools: one agent's view of a registry. */
export interface RegistryView {
  /** The visible tools' full descriptions (parameters in the JSON Schema dialect). */
  descriptors(): ToolDescriptor[]
  /** `execute()` on the agent's behalf. */
  execute(input: Omit<ToolExecutionInput, 'agent'>): Promise<ToolExecutionResult>
  /** Listens to changes of what the agent sees. */
  onChange(listener: ChangeListener): Disposer
  /** Listens to the progress of the agent's calls. */
  onProgress(observer: ProgressObserver): Disposer
}

/** A registry seen as `agent` (or the global view), or a scope handle as it is. */
export function registryView(tools: ToolRegistry, agent: Agent | undefined): RegistryView
export function registryView(tools: ScopedTools): RegistryView
export function registryView(tools: ToolRegistry | ScopedTools, agent?: Agent): RegistryView {
  if ('scope' in tools) {
    const scope = agent === undefined ? {} : { scope: agent }
    return {
      descriptors: () => tools.descriptors(agent),
      execute: (input) => tools.execute({ ...input, agent }),
      onChange: (listener) => tools.on('tools/change', listener, scope),
      onProgress: (observer) => tools.on('tools/progress', observer, scope),
    }
  }
  return {
    descriptors: () => tools.descriptors(),
    execute: (input) => tools.execute(input),
    onChange: (listener) => tools.on('tools/change', listener),
    onProgress: (observer) => tools.on('tools/progress', observer),
  }
}
