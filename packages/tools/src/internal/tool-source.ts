import type { Agent } from '@toolpipe/core'
import type { Dialect } from '@toolpipe/schema'
import type { Disposer } from '../disposer.js'
import type { ScopedTools } from '../scoped-tools.js'
import type { ToolDefinition, ToolSchema } from '../tool-definition.js'
import type { DialectIssueReport } from '../schemas-options.js'
import type { ToolDescriptor } from '../tool-descriptor.js'
import type { ProgressObserver, StartObserver } from '../tool-events.js'
import type { ToolExecutionInput, ToolExecutionResult } from '../tool-execution.js'
import type { ToolRegistry } from '../tool-registry.js'
import { describeValue } from '@toolpipe/core/internal'

/**
 * A registry, or one agent's scope of it, seen the same way: the tools and the calls of one agent
 * (or of none, for a registry read without one). What the framework adapters put inside the
 * framework's own tool objects.
 */
export interface ToolSource {
  /** The agent every call runs for: the scope's, or the one given with the registry. */
  readonly agent: Agent | undefined
  /** The visible tools' definitions. */
  list(): ToolDefinition[]
  /**
   * The visible tools' provider schemas in `dialect`, each tool the dialect cannot express
   * degraded and reported as `schemas()` does (SPEC §22).
   */
  schemas(dialect: Dialect, onDialectIssue?: (report: DialectIssueReport) => void): ToolSchema[]
  /** The visible tools' full descriptions. */
  descriptors(): ToolDescriptor[]
  /** The definition a call of `name` would resolve to. */
  get(name: string): ToolDefinition | undefined
  /** `execute()` on the agent's behalf. */
  execute(input: Omit<ToolExecutionInput, 'agent'>): Promise<ToolExecutionResult>
  /**
   * The call's result when it is cancelled before it started: `CANCELLED`, without running,
   * its observers told (a batch of one whose signal has aborted).
   */
  cancel(
    input: Omit<ToolExecutionInput, 'agent'>,
    signal: AbortSignal,
  ): Promise<ToolExecutionResult>
  /** Adds a `tools/start` and a `tools/progress` observer; the disposer removes both. */
  observe(start: StartObserver, progress: ProgressObserver): Disposer
}

/**
 * Reads the `tools` and `agent` an adapter was given, both untrusted, into one
 * {@link ToolSource}. `refuse(message)` makes the adapter's own error for what it cannot take
 * (the message starts with `what`): something that is neither a `ToolRegistry` nor a
 * `ScopedTools`, an agent that is not an object, or an agent other than a scope's own.
 */
export function readToolSource(
  tools: unknown,
  agent: unknown,
  what: string,
  refuse: (message: string) => Error,
): ToolSource {
  const neither = (): Error =>
    refuse(`${what}: tools must be a ToolRegistry or ScopedTools, got ${describeValue(tools)}`)
  if (typeof tools !== 'object' || tools === null) throw neither()
  if (agent !== undefined && (typeof agent !== 'object' || agent === null)) {
    throw refuse(`${what}: agent must be an agent object, got ${describeValue(agent)}`)
  }
  const candidate = tools as Partial<ToolRegistry> & Partial<ScopedTools>
  if (typeof candidate.execute !== 'function') throw neither()
  if (typeof candidate.scope === 'function')
    return registrySource(tools as ToolRegistry, agent as Agent | undefined)
  if (typeof candidate.dispose !== 'function') throw neither()
  const scoped = tools as ScopedTools
  if (agent !== undefined && agent !== scoped.agent) {
    throw refuse(
      `${what}: the agent option must be left out for a ScopedTools, whose calls run for its own agent "${scoped.agent.id}"`,
    )
  }
  return {
    agent: scoped.agent,
    list: () => scoped.list(),
    schemas: (dialect, onDialectIssue) => scoped.schemas({ dialect, onDialectIssue }),
    descriptors: () => scoped.descriptors(),
    get: (name) => scoped.get(name),
    execute: (input) => scoped.execute(input),
    cancel: async (input, signal) => firstResult(await scoped.executeBatch([input], { signal })),
    observe: (start, progress) =>
      both(scoped.on('tools/start', start), scoped.on('tools/progress', progress)),
  }
}

function registrySource(registry: ToolRegistry, agent: Agent | undefined): ToolSource {
  return {
    agent,
    list: () => registry.list(agent),
    schemas: (dialect, onDialectIssue) => registry.schemas(agent, { dialect, onDialectIssue }),
    descriptors: () => registry.descriptors(agent),
    get: (name) => registry.get(name, agent),
    execute: (input) => registry.execute({ ...input, agent }),
    cancel: async (input, signal) =>
      firstResult(await registry.executeBatch([{ ...input, agent }], { signal })),
    observe: (start, progress) =>
      both(registry.on('tools/start', start), registry.on('tools/progress', progress)),
  }
}

function firstResult(batch: {
  readonly results: readonly ToolExecutionResult[]
}): ToolExecutionResult {
  const [result] = batch.results
  // Stryker disable next-line ConditionalExpression,StringLiteral,CallExpression: unreachable, a batch has one result per input
  if (result === undefined) throw new TypeError('toolpipe: a batch of one call gave no result')
  return result
}

function both(first: Disposer, second: Disposer): Disposer {
  return () => {
    first()
    second()
  }
}

/**
 * An adapter's `onDialectIssue` option: a function, or `undefined`. `refuse(message)` makes the
 * adapter's own error (the message starts with `what`).
 */
export function readOnDialectIssue(
  value: unknown,
  what: string,
  refuse: (message: string) => Error,
): ((report: DialectIssueReport) => void) | undefined {
  if (value === undefined || typeof value === 'function') {
    return value as ((report: DialectIssueReport) => void) | undefined
  }
  throw refuse(`${what}: onDialectIssue must be a function, got ${describeValue(value)}`)
}
