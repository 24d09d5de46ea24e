import type {
  Agent,
  ContentBlockMap,
  ImageBlock,
  ReasoningBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
} from '@toolpipe/core'
import { AbortFanOut } from '@toolpipe/core/internal'
import type { Dialect } from '@toolpipe/schema'
import type { ApprovalService } from './approval.js'
import type { Disposer } from './disposer.js'
import { ApprovalMemory } from './internal/approval-memory.js'
import { assertToolDefinition } from './internal/check-definition.js'
import { describeValue } from './internal/checks.js'
import { readContentTypes } from './internal/content-mistake.js'
import { describeTool } from './internal/describe-tool.js'
import { DerivedNormalizers } from './internal/derived-normalizers.js'
import { DialectSchemas, readSchemasOptions } from './internal/dialect-schemas.js'
import { executeBatch } from './internal/execute-batch.js'
import { eventNames, isBuiltInEvent } from './internal/event-names.js'
import { executeCall } from './internal/execute-pipeline.js'
import { notifyPluginEvent } from './internal/steps/notify-plugin-event.js'
import { reportDecision } from './internal/steps/report-decision.js'
import type { Pipeline } from './internal/pipeline.js'
import { ListenerList } from './internal/listener-list.js'
import { ChangeBatch } from './internal/change-batch.js'
import { once } from './internal/once.js'
import { commitChange, reversibleDisposer } from './internal/registry-internals.js'
import type { RegistryInternals } from './internal/registry-internals.js'
import { ToolLayers } from './internal/tool-layers.js'
import { warnSafely } from '@toolpipe/core/internal'
import type { ToolDefinition, ToolSchema } from './tool-definition.js'
import type { ToolDescriptor } from './tool-descriptor.js'
import type { ToolBatchOptions, ToolBatchResult } from './tool-batch.js'
import type { ToolDecision } from './tool-decision.js'
import type {
  PluginObserver,
  ToolEventMap,
  ToolEventName,
  ToolListenerMap,
  ToolPluginEventMap,
  ToolPluginEventName,
} from './tool-events.js'
import type {
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolGuard,
} from './tool-execution.js'
import { ToolRegistryError } from './tool-registry-error.js'
import type { ToolRestriction } from './tool-restriction.js'
import type { ToolVisibilityFilter } from './tool-visibility-filter.js'
import { createScopedTools } from './scoped-tools.js'
import type { ScopedTools } from './scoped-tools.js'
import type { SchemasOptions } from './schemas-options.js'
import type { ToolProvidedValueMap, ToolProvidedValueName } from './provided-values.js'

/** Where the registry reports what must not reach a caller (an observer's failure, say). */
export interface ToolRegistryLogger {
  warn(message: string, ...details: unknown[]): void
}

/** Options of {@link createToolRegistry}. */
export interface ToolRegistryOptions {
  /** Answers `ask` decisions. Without one, every `ask` is denied. */
  readonly approval?: ApprovalService | undefined
  /** Default: `console`. */
  readonly logger?: ToolRegistryLogger | undefined
  /**
   * The provider dialects this registry's tools are sent in (SPEC §9.3). `register` refuses, with
   * `ToolRegistryError` (`UNSUPPORTED_SCHEMA`) listing every fatal issue and its path, a tool whose
   * parameters one of them cannot express, so the failure comes at registration rather than from
   * the provider at the first model turn. Default: none checked.
   */
  readonly dialects?: readonly Dialect[] | undefined
  /**
   * The `type`s of the content block kinds you added to `ContentBlockMap` by declaration merging
   * that tools, wrappers and listeners may hand the pipeline. A block of such a kind only has to
   * be a JSON object; a block of any other kind that is not one of core's five is refused with
   * `InvalidContentError` (`INVALID_CONTENT`). Default: none.
   */
  readonly contentTypes?:
    | readonly Exclude<
        keyof ContentBlockMap,
        (TextBlock | ReasoningBlock | ImageBlock | ToolCallBlock | ToolResultBlock)['type']
      >[]
    | undefined
}

/** Options of `register` and `guard`: without `scope`, the global layer. */
export interface ScopeOptions {
  readonly scope?: Agent | undefined
}

/** Options of `on`. */
export interface ListenerOptions extends ScopeOptions {
  /** Make this listener the outermost one instead of the innermost. */
  readonly prepend?: boolean | undefined
}

/** A plugin installs itself on a registry and returns how to uninstall it. */
export type ToolRegistryPlugin = (registry: ToolRegistry) => Disposer

/** The tools of an agent harness and the one pipeline every call goes through. */
export interface ToolRegistry {
  /** The logger given to `createToolRegistry`, for plugins. */
  readonly logger: ToolRegistryLogger
  /**
   * Registers a tool in the global layer, or in an agent's layer with `scope`. The definition is
   * borrowed read-only, not cloned. A duplicate name in the same layer throws; the same name in a
   * scope shadows the global one there. Emits `tools/change`; if a listener throws, the
   * registration is rolled back and the error reaches the caller.
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
   * Adds a listener; first registered is outermost, unless `prepend`. Besides the built-in
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
   * (configure `dialects` to have `register` refuse such a tool instead).
   *
   * @throws ToolRegistryError (`INVALID_DIALECT`) for an unknown dialect, (`INVALID_LISTENER`)
   * for an `onDialectIssue` that is not a function
   */
  schemas(scope?: Agent, options?: SchemasOptions): ToolSchema[]
  /**
   * The full public description of each tool visible to `scope` (or the global layer), for
   * protocols that carry it (MCP): name, description, parameters, `outputSchema`, `annotations`,
   * `concurrencySafe`. Fresh copies each call; code and `timeoutMs` never appear. `schemas()`
   * stays what the model is shown.
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
 * Creates a tool registry.
 *
 * @example
 * const registry = createToolRegistry({ approval })
 * registry.register(readFile)
 * registry.guard((exec) => (exec.name === 'shell' ? 'no shell in this workspace' : undefined))
 * const result = await registry.execute({ callId: asCallId('c1'), name: 'read_file', arguments: { path: 'a.txt' }, agent })
 */
export function createToolRegistry(options: ToolRegistryOptions = {}): ToolRegistry {
  const logger = options.logger ?? console
  const dialectSchemas = new DialectSchemas(options.dialects, logger)
  const layers = new ToolLayers((message, error) => {
    warnSafely(logger, message, error)
  })
  const guards = new ListenerList<ToolGuard>()
  const listeners: { [TEvent in ToolEventName]: ListenerList<ToolEventMap[TEvent]> } = {
    'tools/start': new ListenerList(),
    'tools/pre-execute': new ListenerList(),
    'tools/approval': new ListenerList(),
    'tools/execute': new ListenerList(),
    'tools/progress': new ListenerList(),
    'tools/post-execute': new ListenerList(),
    'tools/result': new ListenerList(),
    'tools/decision': new ListenerList(),
    'tools/change': new ListenerList(),
  }
  const pluginObservers = new Map<string, ListenerList<PluginObserver<unknown>>>()
  const approvalMemory = new ApprovalMemory()
  const pipeline: Pipeline = {
    layers,
    approval: options.approval,
    approvalMemory,
    unanswered: new Set<string>(),
    logger,
    guards,
    startObservers: listeners['tools/start'],
    preExecuteListeners: listeners['tools/pre-execute'],
    approvalObservers: listeners['tools/approval'],
    executeWrappers: listeners['tools/execute'],
    progressObservers: listeners['tools/progress'],
    postExecuteListeners: listeners['tools/post-execute'],
    resultObservers: listeners['tools/result'],
    decisionObservers: listeners['tools/decision'],
    pluginObservers,
    normalizers: new DerivedNormalizers(),
    cancellation: new AbortFanOut(),
    contentTypes: readContentTypes(options.contentTypes),
  }

  /**
   * Change listeners that care about a change in one of `scopes` (undefined: the global layer),
   * each once, in order.
   */
  function* changeListeners(scopes: Iterable<Agent | undefined>): Generator<() => void> {
    const all = [...scopes]
    for (const entry of listeners['tools/change'].entries) {
      if (
        entry.scope === undefined ||
        all.some((scope) => scope === undefined || entry.scope === scope)
      ) {
        yield entry.listener
      }
    }
  }

  function announce(scopes: Iterable<Agent | undefined>): void {
    for (const listener of changeListeners(scopes)) listener()
  }

  function announceQuietly(scopes: Iterable<Agent | undefined>): void {
    for (const listener of changeListeners(scopes)) {
      try {
        listener()
      } catch (error) {
        warnSafely(logger, 'toolpipe: a tools/change listener failed', error)
      }
    }
  }

  const changeBatch = new ChangeBatch({ announce, announceQuietly })

  const internals: RegistryInternals = {
    get: (name, scope) => layers.get(name, scope),
    list: (scope) => layers.list(scope),
    schemas(scope, schemasOptions) {
      const request = readSchemasOptions(schemasOptions)
      return dialectSchemas.schemasOf(layers.list(scope), request)
    },
    descriptors: (scope) => layers.list(scope).map(describeTool),
    addTool(definition, scope) {
      const name = assertToolDefinition(definition)
      dialectSchemas.assertExpressible(name, definition)
      return layers.add(name, definition, scope)
    },
    addRestriction(scope, restriction) {
      return layers.restrict(checkScope(scope, true), restriction)
    },
    addGuard(guard, scope) {
      if (typeof guard !== 'function') {
        throw new ToolRegistryError('a guard must be a function', 'INVALID_LISTENER')
      }
      return guards.add(guard, scope)
    },
    addListener(event, listener, scope, prepend) {
      if (typeof event !== 'string' || event === '') {
        throw new ToolRegistryError(
          `an event name must be a non-empty string, got ${describeValue(event)}; the built-in events are ${eventNames.join(', ')}`,
          'INVALID_LISTENER',
        )
      }
      if (typeof listener !== 'function') {
        throw new ToolRegistryError(`a ${event} listener must be a function`, 'INVALID_LISTENER')
      }
      if (isBuiltInEvent(event)) {
        return (listeners[event] as ListenerList<unknown>).add(listener, scope, prepend)
      }
      // A plugin's event (SPEC §19): its observers are made when first listened to.
      let observers = pluginObservers.get(event)
      if (observers === undefined) {
        observers = new ListenerList()
        pluginObservers.set(event, observers)
      }
      return observers.add(listener as PluginObserver<unknown>, scope, prepend)
    },
    addHide(filter, scope) {
      if (typeof filter !== 'function') {
        throw new ToolRegistryError(
          `a visibility filter must be a function, got ${describeValue(filter)}`,
          'INVALID_LISTENER',
        )
      }
      return layers.hide(filter as ToolVisibilityFilter, scope)
    },
    execute: (input, agent) => executeCall(pipeline, input, agent),
    executeBatch: (inputs, batchOptions, agent) =>
      executeBatch(pipeline, inputs, batchOptions, agent),
    forgetApprovals: (agent) => {
      approvalMemory.forget(agent)
    },
    batch: (fn) => changeBatch.run(fn),
    journal(undo) {
      changeBatch.journal(undo)
    },
    emitChange(scope) {
      if (!changeBatch.absorb(scope, true)) announce([scope])
    },
    emitChangeQuietly(scope) {
      if (!changeBatch.absorb(scope, false)) announceQuietly([scope])
    },
  }

  // What plugins provide to each other (`provide`), by name, in the order provided.
  const provided = new Map<string, { readonly value: unknown }[]>()
  const registry: ToolRegistry = {
    logger,
    register(definition, registerOptions) {
      const scope = checkScope(registerOptions?.scope, false)
      return commitChange(internals, scope, internals.addTool(definition, scope))
    },
    restrict(scope, restriction) {
      return commitChange(internals, scope, internals.addRestriction(scope, restriction))
    },
    guard(guard, guardOptions) {
      const scope = checkScope(guardOptions?.scope, false)
      return reversibleDisposer(internals, internals.addGuard(guard, scope))
    },
    on(event, listener, listenerOptions) {
      const scope = checkScope(listenerOptions?.scope, false)
      const prepend = listenerOptions?.prepend === true
      return reversibleDisposer(internals, internals.addListener(event, listener, scope, prepend))
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
    provide(name, value) {
      if (typeof name !== 'string' || (name as string) === '') {
        throw new ToolRegistryError('a provided value needs a name', 'INVALID_PLUGIN')
      }
      const entry = { value }
      const list = provided.get(name) ?? []
      provided.set(name, [...list, entry])
      return once(() => {
        provided.set(
          name,
          (provided.get(name) ?? []).filter((other) => other !== entry),
        )
      })
    },
    provided<TName extends ToolProvidedValueName>(name: TName) {
      return (provided.get(name) ?? []).map((entry) => entry.value as ToolProvidedValueMap[TName])
    },
    get: internals.get,
    list: internals.list,
    schemas: internals.schemas,
    descriptors: internals.descriptors,
    forgetApprovals(scope) {
      approvalMemory.forget(checkScope(scope, false))
    },
    batch: <TResult>(fn: () => TResult) => internals.batch(fn) as TResult,
    use(plugin) {
      const dispose: unknown = plugin(registry)
      if (typeof dispose !== 'function') {
        throw new ToolRegistryError('a plugin must return a disposer function', 'INVALID_PLUGIN')
      }
      return once(dispose as Disposer)
    },
    scope: (agent) => createScopedTools(checkScope(agent, true), internals),
    execute: (input) => executeCall(pipeline, input),
    executeBatch: (inputs, batchOptions) => executeBatch(pipeline, inputs, batchOptions, undefined),
  }
  return registry
}

function checkScope(scope: unknown, required: true): Agent
function checkScope(scope: unknown, required: false): Agent | undefined
function checkScope(scope: unknown, required: boolean): Agent | undefined {
  if (scope === undefined && !required) return undefined
  if (typeof scope !== 'object' || scope === null) {
    throw new ToolRegistryError('a scope must be an agent object', 'INVALID_SCOPE')
  }
  return scope as Agent
}
