import type { Agent } from '@toolpipe/core'
import type { Disposer } from '../disposer.js'
import type { ToolBatchResult } from '../tool-batch.js'
import type { ToolDefinition, ToolSchema } from '../tool-definition.js'
import type { ToolDescriptor } from '../tool-descriptor.js'
import type { ToolEventName } from '../tool-events.js'
import type { ToolExecutionResult, ToolGuard } from '../tool-execution.js'
import type { ToolRestriction } from '../tool-restriction.js'
import { once } from './once.js'

/** The registry operations a scope handle builds on: each returns a remover and emits nothing. */
export interface RegistryInternals {
  /** The tool a call of `scope` reaches by `name`. */
  readonly get: (name: string, scope: Agent | undefined) => ToolDefinition | undefined
  /** The tools visible to `scope`. */
  readonly list: (scope: Agent | undefined) => ToolDefinition[]
  /** The model-facing schemas of the tools visible to `scope`, in the dialect `options` names. */
  readonly schemas: (scope: Agent | undefined, options: unknown) => ToolSchema[]
  /** The full descriptions of the tools visible to `scope`. */
  readonly descriptors: (scope: Agent | undefined) => ToolDescriptor[]
  addTool(definition: ToolDefinition, scope: Agent | undefined): () => void
  addRestriction(scope: Agent, restriction: ToolRestriction): () => void
  addGuard(guard: ToolGuard, scope: Agent | undefined): () => void
  addListener(
    event: ToolEventName,
    listener: unknown,
    scope: Agent | undefined,
    prepend: boolean,
  ): () => void
  /** Runs one call; with `agent`, as a call of that agent's scope (`input.agent` is not read). */
  execute(input: unknown, agent: Agent | undefined): Promise<ToolExecutionResult>
  /** Runs a batch of calls; with `agent`, as calls of that agent's scope. */
  executeBatch(
    inputs: unknown,
    options: unknown,
    agent: Agent | undefined,
  ): Promise<ToolBatchResult>
  /** Forgets the approval answers remembered for `agent`'s scope. */
  forgetApprovals(agent: Agent): void
  /** Tells `tools/change` listeners; the first throw propagates. */
  emitChange(scope: Agent | undefined): void
  /** Tells every `tools/change` listener; throws are logged. */
  emitChangeQuietly(scope: Agent | undefined): void
}

/**
 * Announces a change that `remove` undoes: if a `tools/change` listener throws, the change is
 * rolled back, the listeners are told again, and the error reaches the caller. The returned
 * disposer removes and announces quietly.
 */
export function commitChange(
  internals: RegistryInternals,
  scope: Agent | undefined,
  remove: () => void,
): Disposer {
  try {
    internals.emitChange(scope)
  } catch (error) {
    remove()
    internals.emitChangeQuietly(scope)
    throw error
  }
  return once(() => {
    remove()
    internals.emitChangeQuietly(scope)
  })
}
