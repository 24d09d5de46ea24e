import type { Agent } from '@toolpipe/core'
import { describeValue } from '@toolpipe/core/internal'
import { dialects, isDialect } from '@toolpipe/schema'
import type { Dialect } from '@toolpipe/schema'
import type {
  Disposer,
  ProgressObserver,
  ScopedTools,
  StartObserver,
  ToolDefinition,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolRegistry,
  ToolSchema,
} from '@toolpipe/tools'
import { AiSdkBridgeError } from '../ai-sdk-bridge-error.js'

/** A registry, or one agent's scope of it, seen the same way: the calls of one agent (or none). */
export interface ToolSource {
  /** The agent every call runs for: the scope's, or the `agent` option. */
  readonly agent: Agent | undefined
  schemas(dialect: Dialect): ToolSchema[]
  get(name: string): ToolDefinition | undefined
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
 * Reads a `ToolRegistry | ScopedTools` and an `agent` option into one {@link ToolSource}.
 *
 * @throws AiSdkBridgeError (`INVALID_OPTIONS`) for something that is neither, an agent that is
 * not an object, or an agent other than the scope's own
 */
export function readToolSource(tools: unknown, agent: unknown, what: string): ToolSource {
  if (typeof tools !== 'object' || tools === null) {
    throw new AiSdkBridgeError(
      `${what}: tools must be a ToolRegistry or ScopedTools, got ${describeValue(tools)}`,
      'INVALID_OPTIONS',
    )
  }
  if (agent !== undefined && (typeof agent !== 'object' || agent === null)) {
    throw new AiSdkBridgeError(
      `${what}: agent must be an agent object, got ${describeValue(agent)}`,
      'INVALID_OPTIONS',
    )
  }
  const candidate = tools as Partial<ToolRegistry> & Partial<ScopedTools>
  if (typeof candidate.scope === 'function' && typeof candidate.execute === 'function') {
    const registry = tools as ToolRegistry
    const scope = agent as Agent | undefined
    return {
      agent: scope,
      schemas: (dialect) => registry.schemas(scope, { dialect }),
      get: (name) => registry.get(name, scope),
      execute: (input) => registry.execute({ ...input, agent: scope }),
      cancel: async (input, signal) =>
        firstResult(await registry.executeBatch([{ ...input, agent: scope }], { signal })),
      observe: (start, progress) =>
        both(registry.on('tools/start', start), registry.on('tools/progress', progress)),
    }
  }
  if (typeof candidate.dispose === 'function' && typeof candidate.execute === 'function') {
    const scoped = tools as ScopedTools
    if (agent !== undefined && agent !== scoped.agent) {
      throw new AiSdkBridgeError(
        `${what}: the agent option must be left out for a ScopedTools, whose calls run for its own agent "${scoped.agent.id}"`,
        'INVALID_OPTIONS',
      )
    }
    return {
      agent: scoped.agent,
      schemas: (dialect) => scoped.schemas({ dialect }),
      get: (name) => scoped.get(name),
      execute: (input) => scoped.execute(input),
      cancel: async (input, signal) => firstResult(await scoped.executeBatch([input], { signal })),
      observe: (start, progress) =>
        both(scoped.on('tools/start', start), scoped.on('tools/progress', progress)),
    }
  }
  throw new AiSdkBridgeError(
    `${what}: tools must be a ToolRegistry or ScopedTools, got ${describeValue(tools)}`,
    'INVALID_OPTIONS',
  )
}

/** The `dialect` option: a known dialect, `json-schema` when left out. */
export function readDialectOption(dialect: unknown, what: string): Dialect {
  if (dialect === undefined) return 'json-schema'
  if (isDialect(dialect)) return dialect
  throw new AiSdkBridgeError(
    `${what}: dialect must be one of ${dialects.map((name) => JSON.stringify(name)).join(', ')}, got ${describeValue(dialect)}`,
    'INVALID_OPTIONS',
  )
}

function firstResult(batch: {
  readonly results: readonly ToolExecutionResult[]
}): ToolExecutionResult {
  const [result] = batch.results
  // Unreachable: a batch has one result per input.
  if (result === undefined) throw new TypeError('toolpipe: a batch of one call gave no result')
  return result
}

function both(first: Disposer, second: Disposer): Disposer {
  return () => {
    first()
    second()
  }
}
