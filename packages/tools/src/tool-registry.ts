import type { Agent } from '@toolpipe/core'
import type { Disposer } from './disposer.js'
import { placeOf } from './internal/add-listener.js'
import { checkScope, scopeOption } from './internal/check-scope.js'
import { createRegistryInternals } from './internal/create-registry-internals.js'
import { executeBatch } from './internal/execute-batch.js'
import { executeCall } from './internal/execute-pipeline.js'
import { once } from './internal/once.js'
import { readRegistryOptions } from './internal/read-registry-options.js'
import { createRegistryParts } from './internal/registry-parts.js'
import { commitChange, reversibleDisposer } from './internal/registry-internals.js'
import { notifyPluginEvent } from './internal/steps/notify-plugin-event.js'
import { reportDecision } from './internal/steps/report-decision.js'
import type { ToolBatchOptions, ToolBatchResult } from './tool-batch.js'
import type { ToolDecision } from './tool-decision.js'
import type { NativeToolSchema, ToolDefinition, ToolSchema } from './tool-definition.js'
import type { ToolDescriptor } from './tool-descriptor.js'
import type { ToolListenerMap, ToolPluginEventMap, ToolPluginEventName } from './tool-events.js'
import type {
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolGuard,
} from './tool-execution.js'
import { ToolRegistryError } from './tool-registry-error.js'
import type {
  ListenerOptions,
  ScopeOptions,
  ToolRegistryLogger,
  ToolRegistryOptions,
} from './tool-registry-options.js'
import type { ToolRestriction } from './tool-restriction.js'
import type { ToolVisibilityFilter } from './tool-visibility-filter.js'
import { createScopedTools } from './scoped-tools.js'
import type { ScopedTools } from './scoped-tools.js'
import type {
  AnthropicDeferredSchemasOptions,
  AnthropicToolSearchTool,
  OpenAIResponsesDeferredSchemasOptions,
  OpenAIResponsesToolSearchTool,
  PlainSchemasOptions,
  ProviderToolSearchTool,
  SchemasOptions,
} from './schemas-options.js'
import type { ToolProvidedValueMap, ToolProvidedValueName } from './provided-values.js'

/** A plugin installs itself on a registry and returns how to uninstall it. */
export type ToolRegistryPlugin = (registry: ToolRegistry) => Disposer

/** The tools of an agent harness and the one pipeline every call goes through. */
export interface ToolRegistry {
  /** The logger given to `createToolRegistry`, for plugins. */
  readonly logger: ToolRegistryLogger
  /**
   * Registers a tool in the global layer, or in an agent's layer with `scope`. The definition is
   * borrowed read-only, not cloned. A duplicate name in the same layer throws; the same name in a
   * scope shadows the global one there. A definition or options object a getter or Proxy trap
   * keeps from being read is refused (`INVALID_TOOL`, `INVALID_SCOPE`) naming what could not be.
   * Emits `tools/change`; if a listener throws, the registration is rolled back and the error
   * reaches the caller.
   */
  register(definition: ToolDefinition, options?: ScopeOptions): Disposer
  /**
   * Limits which global tools a scope sees. Every name must be a registered global tool; the lists
   * are copied now but evaluated against the live global layer. Restrictions intersect.
   */
  restrict(scope: Agent, restriction: ToolRestriction): Disposer
  /** Adds a guard: the final, monotonic policy before dispatch. It can only deny. */
  guard(guard: ToolGuard, options?: ScopeOptions): Disposer
  /**
   * Adds a listener; first registered is outermost, unless `prepend` (outermost) or `innermost`
   * (inside every listener added without it). Besides the built-in
   * events, an observer of a plugin's event (SPEC §19), one a plugin tells with `notify`, typed by
   * {@link ToolPluginEventMap}, which the plugin extends.
   */
  on<TEvent extends keyof ToolListenerMap>(
    event: TEvent,
    listener: ToolListenerMap[TEvent],
    options?: ListenerOptions,
  ): Disposer
  /**
   * Tells the observers of a plugin's event (SPEC §19: any event name outside the built-in ones),
   * synchronously, in registration order, with a deep-frozen JSON copy of `payload`; isolated like
   * `tools/result` (a failing observer is logged). Observers limited to another scope than the
   * call's are passed over.
   *
   * @throws ToolRegistryError (`INVALID_EVENT`) for a built-in event name, one that is not a
   * non-empty string, or a payload that is not JSON
   */
  notify<TEvent extends ToolPluginEventName>(
    event: TEvent,
    exec: Readonly<ToolExecution<unknown>>,
    payload: ToolPluginEventMap[TEvent],
  ): void
  /**
   * Adds a plugin's entry to a call's decision record (SPEC §18.5): the `tools/decision` observers
   * are told of a frozen copy, in order with the pipeline's own entries (isolated like
   * `tools/result`). Permission rules, hooks and output budgets report this way. A report after
   * the call settled is dropped (and logged).
   *
   * @throws ToolRegistryError (`INVALID_EVENT`) for an `exec` the pipeline did not make;
   * `ToolPipelineError` (`INVALID_DECISION`) for a malformed decision, naming the member
   */
  reportDecision(exec: Readonly<ToolExecution<unknown>>, decision: ToolDecision): void
  /**
   * Adds a visibility filter beside restrictions (SPEC §18.2): a tool it hides is not in `get()`,
   * `list()`, `schemas()` or `descriptors()` of the views it applies to (with `scope`, that
   * scope's; without, the global view and every scope), and a call of it is `UNKNOWN_TOOL`.
   * Adding and removing a filter emits `tools/change`; a filter whose answers change (a rules
   * reload) is replaced by a new one inside `registry.batch`, which announces one change.
   */
  hide(filter: ToolVisibilityFilter, options?: ScopeOptions): Disposer
  /**
   * Offers a value to the other plugins on this registry under `name` (SPEC §26: the policy's
   * mode and project root for hooks and the audit log), until the disposer is called. Several
   * plugins may provide the same name.
   *
   * @throws ToolRegistryError (`INVALID_PLUGIN`) for a name that is not a non-empty string
   */
  provide<TName extends ToolProvidedValueName>(
    name: TName,
    value: ToolProvidedValueMap[TName],
  ): Disposer
  /** The values provided under `name`, in the order they were provided (empty when none). */
  provided<TName extends ToolProvidedValueName>(name: TName): readonly ToolProvidedValueMap[TName][]
  /** The tool a call of `scope` (or an unscoped call) reaches by `name`. */
  get(name: string, scope?: Agent): ToolDefinition | undefined
  /** The tools visible to `scope` (or the global layer). */
  list(scope?: Agent): ToolDefinition[]
  /**
   * What the model is shown: `name`, `description` and a fresh copy of `parameters`, nothing
   * else; with `dialect`, the parameters in that provider dialect (converted once per tool and
   * dialect), and `strict: true` for `openai-strict`. A tool the dialect cannot express does not
   * take the others down (SPEC §22): for `openai-strict` it is sent in the `openai` dialect
   * without `strict` when that expresses it, otherwise it is left out; each such tool is reported
   * to `onDialectIssue`, or else warned about once per tool and dialect through the logger
   * (configure `dialects` to have `register` refuse such a tool instead). Tools defined with
   * `deferLoading` are listed as any other: deferral shows through a `@toolpipe/tool-search`
   * session or a native deferred form (the overloads below).
   *
   * @throws ToolRegistryError (`INVALID_DIALECT`) for an unknown dialect or `deferLoading` with a
   * dialect that has no tool search of its own, (`INVALID_LISTENER`) for an `onDialectIssue` that
   * is not a function, (`INVALID_TOOL`) for a definition's member unreadable now (SPEC §11)
   */
  schemas(scope?: Agent, options?: PlainSchemasOptions): ToolSchema[]
  /**
   * Anthropic's native deferred form (SPEC §24): the `anthropic` dialect, each tool defined with
   * `deferLoading: true` marked `defer_loading: true`, and Anthropic's BM25 tool search tool last,
   * whether any listed tool is deferred or not.
   */
  schemas(
    scope: Agent | undefined,
    options: AnthropicDeferredSchemasOptions,
  ): (NativeToolSchema | AnthropicToolSearchTool)[]
  /**
   * The Responses API's native deferred form (SPEC §24): the `openai-responses` dialect, each
   * tool defined with `deferLoading: true` marked `defer_loading: true`, and `{ type:
   * 'tool_search' }` last, whether any listed tool is deferred or not.
   */
  schemas(
    scope: Agent | undefined,
    options: OpenAIResponsesDeferredSchemasOptions,
  ): (NativeToolSchema | OpenAIResponsesToolSearchTool)[]
  /** Any of the above, as `options` says. */
  schemas(
    scope: Agent | undefined,
    options: SchemasOptions,
  ): (NativeToolSchema | ProviderToolSearchTool)[]
  /**
   * The full public description of each tool visible to `scope` (or the global layer), for
   * protocols that carry it (MCP): name, description, parameters, `outputSchema`, `annotations`,
   * `concurrencySafe`. Fresh copies each call; code and `timeoutMs` never appear. `schemas()`
   * stays what the model is shown. A definition's member that cannot be read now throws
   * `ToolRegistryError` (`INVALID_TOOL`) naming the tool and the member (SPEC §11).
   */
  descriptors(scope?: Agent): ToolDescriptor[]
  /**
   * Forgets the `allowed-always` and `rejected-always` answers remembered for `scope` (an agent),
   * or for every scope without one: the next `ask` goes to the approval service again. Disposing
   * a scope handle forgets its agent's answers too. An answer still pending when its scope is
   * forgotten applies to its own call only.
   */
  forgetApprovals(scope?: Agent): void
  /**
   * Applies several changes of the tool set as one (SPEC §13; `executeBatch` is the one for
   * calls): the registrations, restrictions and disposals `fn`
   * makes (through the registry or any scope handle) are announced by a single `tools/change` to
   * each listener concerned when `fn` returns, and none when nothing changed. All or nothing: if
   * `fn` throws, or a `tools/change` listener throws at the end, every change made in the batch
   * is undone (what was removed is back in its place, its disposer working again), and the error
   * reaches the caller. A batch that only removed things is announced as a disposer is: a
   * listener's throw is logged and the removals stay. `fn` runs synchronously; a batch inside a batch is part of the outer one.
   * Guards and listeners added or removed in a failed batch are undone too.
   *
   * @returns what `fn` returned
   * @throws ToolRegistryError (`INVALID_BATCH`) when `fn` is not a function or returns a promise
   * (then its changes are undone)
   * @example
   * registry.batch(() => {
   *   disposeOldGrep()
   *   registry.register(newGrep)
   *   registry.register(glob)
   * }) // one tools/change
   */
  batch<TResult>(fn: () => TResult): TResult
  /** Installs a plugin, such as the timeout policy. */
  use(plugin: ToolRegistryPlugin): Disposer
  /** A handle bound to one agent's scope, whose `dispose()` removes all it registered. */
  scope(agent: Agent): ScopedTools
  /** Runs one call through the pipeline (SPEC §6.3). Never rejects, never throws. */
  execute(input: ToolExecutionInput): Promise<ToolExecutionResult>
  /**
   * Runs the calls of one model step (SPEC §12.4). Consecutive calls to `concurrencySafe` tools
   * run concurrently, at most `maxConcurrency` (default 8) at a time; any other call waits for
   * every call before it and holds back every call after it. `results` are in input order;
   * `additionalContext` collects every call's context in input order, to append after all the
   * results. The batch's `signal` aborts every running call (through `exec.signal`) and ends every
   * call that has not started with `ToolCancelledError` (`CANCELLED`), observers told. Never
   * rejects, never throws: unusable options end every call with `INVALID_INPUT` without running
   * it, and inputs that are not an array give one `INVALID_INPUT` result.
   *
   * @example
   * const { results, additionalContext } = await registry.executeBatch(step.toolCalls, { signal })
   */
  executeBatch(
    inputs: readonly ToolExecutionInput[],
    options?: ToolBatchOptions,
  ): Promise<ToolBatchResult>
}

/**
 * Creates a tool registry. Its options are read once, now: a bad one throws `ToolRegistryError`
 * (`INVALID_OPTIONS`, or the code of `dialects` or `contentTypes`) naming the option.
 *
 * @example
 * const registry = createToolRegistry({ approval })
 * registry.register(readFile)
 * registry.guard((exec) => (exec.name === 'shell' ? 'no shell in this workspace' : undefined))
 * const result = await registry.execute({ callId: asCallId('c1'), name: 'read_file', arguments: { path: 'a.txt' }, agent })
 */
export function createToolRegistry(options?: ToolRegistryOptions): ToolRegistry {
  const settings = readRegistryOptions(options)
  const parts = createRegistryParts(settings, settings.logger)
  const { pipeline } = parts
  const internals = createRegistryInternals(parts, settings.dialects)
  const provided = pipeline.provided
  const registry: ToolRegistry = {
    logger: settings.logger,
    register(definition, registerOptions) {
      const scope = scopeOption(registerOptions)
      return commitChange(internals, scope, internals.addTool(definition, scope))
    },
    restrict: (scope, restriction) =>
      commitChange(internals, scope, internals.addRestriction(scope, restriction)),
    guard(guard, guardOptions) {
      const scope = checkScope(guardOptions?.scope, false)
      return reversibleDisposer(internals, internals.addGuard(guard, scope))
    },
    on(event, listener, listenerOptions) {
      const scope = checkScope(listenerOptions?.scope, false)
      const place = placeOf(listenerOptions)
      return reversibleDisposer(internals, internals.addListener(event, listener, scope, place))
    },
    notify(event, exec, payload) {
      notifyPluginEvent(pipeline, event, exec, payload)
    },
    reportDecision(exec, decision) {
      reportDecision(pipeline, exec, decision)
    },
    hide(filter, hideOptions) {
      const scope = checkScope(hideOptions?.scope, false)
      return commitChange(internals, scope, internals.addHide(filter, scope))
    },
    provide: (name, value) => provided.provide(name, value),
    provided: <TName extends ToolProvidedValueName>(name: TName) =>
      provided.provided(name) as ToolProvidedValueMap[TName][],
    get: internals.get,
    list: internals.list,
    schemas: internals.schemas as ToolRegistry['schemas'],
    descriptors: internals.descriptors,
    forgetApprovals(scope) {
      parts.approvalMemory.forget(checkScope(scope, false))
    },
    batch: <TResult>(fn: () => TResult) => internals.batch(fn) as TResult,
    use: (plugin) => usePlugin(registry, plugin),
    scope: (agent) => createScopedTools(checkScope(agent, true), internals),
    execute: (input) => executeCall(pipeline, input),
    executeBatch: (inputs, batchOptions) => executeBatch(pipeline, inputs, batchOptions, undefined),
  }
  return registry
}

/** Installs `plugin` on `registry`; its disposer, which must be a function, runs once. */
function usePlugin(registry: ToolRegistry, plugin: ToolRegistryPlugin): Disposer {
  const dispose: unknown = plugin(registry)
  if (typeof dispose !== 'function') {
    throw new ToolRegistryError('a plugin must return a disposer function', 'INVALID_PLUGIN')
  }
  return once(dispose as Disposer)
}
