import type { Agent } from '@toolpipe/core'
import type { ToolBatchOptions, ToolBatchResult } from './tool-batch.js'
import type { NativeToolSchema, ToolDefinition, ToolSchema } from './tool-definition.js'
import type { ToolDescriptor } from './tool-descriptor.js'
import type { ToolListenerMap } from './tool-events.js'
import type { ToolExecutionInput, ToolExecutionResult, ToolGuard } from './tool-execution.js'
import { placeOf } from './internal/add-listener.js'
import type { RegistryInternals } from './internal/registry-internals.js'
import type { ListenerOptions } from './tool-registry-options.js'
import { ScopeRegistrations } from './internal/scope-registrations.js'
import type { Disposer } from './disposer.js'
import type { ToolRestriction } from './tool-restriction.js'
import type {
  AnthropicDeferredSchemasOptions,
  AnthropicToolSearchTool,
  OpenAIResponsesDeferredSchemasOptions,
  OpenAIResponsesToolSearchTool,
  PlainSchemasOptions,
  ProviderToolSearchTool,
  SchemasOptions,
} from './schemas-options.js'

/**
 * The registry bound to one agent's scope. Everything registered through it is removed by
 * `dispose()`, which emits `tools/change` once.
 */
export interface ScopedTools {
  readonly agent: Agent
  register(definition: ToolDefinition): Disposer
  restrict(restriction: ToolRestriction): Disposer
  guard(guard: ToolGuard): Disposer
  on<TEvent extends keyof ToolListenerMap>(
    event: TEvent,
    listener: ToolListenerMap[TEvent],
    options?: Omit<ListenerOptions, 'scope'>,
  ): Disposer
  get(name: string): ToolDefinition | undefined
  list(): ToolDefinition[]
  /** `registry.schemas(agent, options)`. */
  schemas(options?: PlainSchemasOptions): ToolSchema[]
  /** `registry.schemas(agent, options)`: Anthropic's native deferred form (SPEC §24). */
  schemas(options: AnthropicDeferredSchemasOptions): (NativeToolSchema | AnthropicToolSearchTool)[]
  /** `registry.schemas(agent, options)`: the Responses API's native deferred form (SPEC §24). */
  schemas(
    options: OpenAIResponsesDeferredSchemasOptions,
  ): (NativeToolSchema | OpenAIResponsesToolSearchTool)[]
  /** `registry.schemas(agent, options)`: any of the above, as `options` says. */
  schemas(options: SchemasOptions): (NativeToolSchema | ProviderToolSearchTool)[]
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
  /** `registry.batch(fn)`: the changes `fn` makes, announced once, all or nothing. */
  batch<TResult>(fn: () => TResult): TResult
  /**
   * Removes every registration made through this handle and forgets the approval answers
   * remembered for this agent (`allowed-always`, `rejected-always`); later registrations throw.
   * Inside a batch that fails, the handle comes back with the registrations it held.
   */
  dispose(): void
}

/** `registry.scope(agent)`: the handle of `agent`'s scope over the registry's `internals`. */
export function createScopedTools(agent: Agent, internals: RegistryInternals): ScopedTools {
  const held = new ScopeRegistrations(agent, internals)
  return {
    agent,
    register(definition) {
      held.assertOpen()
      return held.track(internals.addTool(definition, agent), true)
    },
    restrict(restriction) {
      held.assertOpen()
      return held.track(internals.addRestriction(agent, restriction), true)
    },
    guard(guard) {
      held.assertOpen()
      return held.track(internals.addGuard(guard, agent), false)
    },
    on(event, listener, options) {
      held.assertOpen()
      return held.track(internals.addListener(event, listener, agent, placeOf(options)), false)
    },
    get: (name) => internals.get(name, agent),
    list: () => internals.list(agent),
    schemas: ((options?: SchemasOptions) =>
      internals.schemas(agent, options)) as ScopedTools['schemas'],
    descriptors: () => internals.descriptors(agent),
    // Never throws, whatever `input` is (null included): it resolves to an error result instead.
    execute: (input) => internals.execute(input, agent),
    executeBatch: (inputs, options) => internals.executeBatch(inputs, options, agent),
    batch: <TResult>(fn: () => TResult) => internals.batch(fn) as TResult,
    dispose() {
      held.dispose()
    },
  }
}
