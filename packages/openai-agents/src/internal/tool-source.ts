import type { Agent } from '@toolpipe/core'
import { describeValue } from '@toolpipe/core/internal'
import type {
  ScopedTools,
  ToolDefinition,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolRegistry,
} from '@toolpipe/tools'
import { AgentsBridgeError } from '../agents-bridge-error.js'

/** A registry, or one agent's scope of it, seen the same way: the calls of one agent (or none). */
export interface ToolSource {
  /** The agent every call runs for: the scope's, or the `agent` option. */
  readonly agent: Agent | undefined
  list(): ToolDefinition[]
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
}

/**
 * Reads a `ToolRegistry | ScopedTools` and an `agent` option into one {@link ToolSource}.
 *
 * @throws AgentsBridgeError (`INVALID_OPTIONS`) for something that is neither, an agent that is
 * not an object, or an agent other than the scope's own
 */
export function readToolSource(tools: unknown, agent: unknown, what: string): ToolSource {
  if (typeof tools !== 'object' || tools === null) {
    throw new AgentsBridgeError(
      `${what}: tools must be a ToolRegistry or ScopedTools, got ${describeValue(tools)}`,
      'INVALID_OPTIONS',
    )
  }
  if (agent !== undefined && (typeof agent !== 'object' || agent === null)) {
    throw new AgentsBridgeError(
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
      list: () => registry.list(scope),
      get: (name) => registry.get(name, scope),
      execute: (input) => registry.execute({ ...input, agent: scope }),
      cancel: async (input, signal) =>
        firstResult(await registry.executeBatch([{ ...input, agent: scope }], { signal })),
    }
  }
  if (typeof candidate.dispose === 'function' && typeof candidate.execute === 'function') {
    const scoped = tools as ScopedTools
    if (agent !== undefined && agent !== scoped.agent) {
      throw new AgentsBridgeError(
        `${what}: the agent option must be left out for a ScopedTools, whose calls run for its own agent "${scoped.agent.id}"`,
        'INVALID_OPTIONS',
      )
    }
    return {
      agent: scoped.agent,
      list: () => scoped.list(),
      get: (name) => scoped.get(name),
      execute: (input) => scoped.execute(input),
      cancel: async (input, signal) => firstResult(await scoped.executeBatch([input], { signal })),
    }
  }
  throw new AgentsBridgeError(
    `${what}: tools must be a ToolRegistry or ScopedTools, got ${describeValue(tools)}`,
    'INVALID_OPTIONS',
  )
}

/** The result of a batch of one call. */
function firstResult(batch: {
  readonly results: readonly ToolExecutionResult[]
}): ToolExecutionResult {
  const [result] = batch.results
  // Unreachable: a batch has one result per input.
  if (result === undefined) throw new TypeError('toolpipe: a batch of one call gave no result')
  return result
}
