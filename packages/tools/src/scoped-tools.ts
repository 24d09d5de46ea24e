import type { Agent } from '@toolpipe/core'
import type { ToolBatchOptions, ToolBatchResult } from './tool-batch.js'
import type { ToolDefinition, ToolSchema } from './tool-definition.js'
import type { ToolDescriptor } from './tool-descriptor.js'
import type { ToolEventMap, ToolEventName } from './tool-events.js'
import type { ToolExecutionInput, ToolExecutionResult, ToolGuard } from './tool-execution.js'
import { commitChange } from './internal/registry-internals.js'
import type { RegistryInternals } from './internal/registry-internals.js'
import type { Disposer } from './disposer.js'
import { ToolRegistryError } from './tool-registry-error.js'
import type { ToolRestriction } from './tool-restriction.js'
import type { SchemasOptions } from './schemas-options.js'

/**
 * The registry bound to one agent's scope. Everything registered through it is removed by
 * `dispose()`, which emits `tools/change` once.
 */
export interface ScopedTools {
  readonly agent: Agent
  register(definition: ToolDefinition): Disposer
  restrict(restriction: ToolRestriction): Disposer
  guard(guard: ToolGuard): Disposer
  on<TEvent extends ToolEventName>(
    event: TEvent,
    listener: ToolEventMap[TEvent],
    options?: { readonly prepend?: boolean | undefined },
  ): Disposer
  get(name: string): ToolDefinition | undefined
  list(): ToolDefinition[]
  /** `registry.schemas(agent, options)`. */
  schemas(options?: SchemasOptions): ToolSchema[]
  /** `registry.descriptors(agent)`: the full descriptions of the tools this scope sees. */
  descriptors(): ToolDescriptor[]
  /**
   * `registry.execute` with this scope's agent as the call's agent (an `agent` field of `input` is
   * not read). Never rejects and never throws: malformed input resolves to an error result.
   */
  execute(input: Omit<ToolExecutionInput, 'agent'>): Promise<ToolExecutionResult>
  /**
   * `registry.executeBatch` with this scope's agent as every call's agent (no `agent` field of an
   * input is read). Never rejects and never throws.
   */
  executeBatch(
    inputs: readonly Omit<ToolExecutionInput, 'agent'>[],
    options?: ToolBatchOptions,
  ): Promise<ToolBatchResult>
  /**
   * Removes every registration made through this handle and forgets the approval answers
   * remembered for this agent (`allowed-always`, `rejected-always`); later registrations throw.
   */
  dispose(): void
}

export function createScopedTools(agent: Agent, internals: RegistryInternals): ScopedTools {
  /** Removers of what is still registered through this handle, with whether removing is a change. */
  const live = new Map<() => void, boolean>()
  let disposed = false

  function track(remove: () => void, isChange: boolean): Disposer {
    live.set(remove, isChange)
    return () => {
      if (!live.delete(remove)) return
      remove()
      if (isChange) internals.emitChangeQuietly(agent)
    }
  }

  function assertOpen(): void {
    if (disposed) {
      throw new ToolRegistryError(
        `the scope of agent "${agent.id}" was disposed; create a new one with registry.scope(agent)`,
        'SCOPE_DISPOSED',
      )
    }
  }

  function registerChange(remove: () => void): Disposer {
    // Announce first (rolling back on a throw), then hand out a tracked, quiet-on-dispose remover.
    commitChange(internals, agent, remove)
    return track(remove, true)
  }

  return {
    agent,
    register(definition) {
      assertOpen()
      return registerChange(internals.addTool(definition, agent))
    },
    restrict(restriction) {
      assertOpen()
      return registerChange(internals.addRestriction(agent, restriction))
    },
    guard(guard) {
      assertOpen()
      return track(internals.addGuard(guard, agent), false)
    },
    on(event, listener, options) {
      assertOpen()
      return track(internals.addListener(event, listener, agent, options?.prepend === true), false)
    },
    get: (name) => internals.get(name, agent),
    list: () => internals.list(agent),
    schemas: (options) => internals.schemas(agent, options),
    descriptors: () => internals.descriptors(agent),
    // Never throws, whatever `input` is (null included): it resolves to an error result instead.
    execute: (input) => internals.execute(input, agent),
    executeBatch: (inputs, options) => internals.executeBatch(inputs, options, agent),
    dispose() {
      if (disposed) return
      disposed = true
      for (const remove of live.keys()) remove()
      live.clear()
      internals.forgetApprovals(agent)
      internals.emitChangeQuietly(agent)
    },
  }
}
