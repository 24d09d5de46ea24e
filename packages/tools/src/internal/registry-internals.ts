import type { Agent } from '@toolpipe/core'
import type { Disposer } from '../disposer.js'
import type { ToolBatchResult } from '../tool-batch.js'
import type { NativeToolSchema, ToolDefinition } from '../tool-definition.js'
import type { ProviderToolSearchTool } from '../schemas-options.js'
import type { ToolDescriptor } from '../tool-descriptor.js'
import type { ToolExecutionResult, ToolGuard } from '../tool-execution.js'
import type { ToolRestriction } from '../tool-restriction.js'
import type { ListenerPlace } from './listener-list.js'
import type { Reversible } from './reversible.js'

/**
 * The registry operations a scope handle builds on: each `add…` returns the registration's handle
 * and emits nothing.
 */
export interface RegistryInternals {
  /** The tool a call of `scope` reaches by `name`. */
  readonly get: (name: string, scope: Agent | undefined) => ToolDefinition | undefined
  /** The tools visible to `scope`. */
  readonly list: (scope: Agent | undefined) => ToolDefinition[]
  /** The model-facing schemas of the tools visible to `scope`, in the dialect `options` names. */
  readonly schemas: (
    scope: Agent | undefined,
    options: unknown,
  ) => (NativeToolSchema | ProviderToolSearchTool)[]
  /** The full descriptions of the tools visible to `scope`. */
  readonly descriptors: (scope: Agent | undefined) => ToolDescriptor[]
  addTool(definition: ToolDefinition, scope: Agent | undefined): Reversible
  addRestriction(scope: Agent, restriction: ToolRestriction): Reversible
  addGuard(guard: ToolGuard, scope: Agent | undefined): Reversible
  /** A built-in event's listener, or an observer of a plugin's event (SPEC §19). */
  addListener(
    event: string,
    listener: unknown,
    scope: Agent | undefined,
    place: ListenerPlace,
  ): Reversible
  /** A visibility filter (SPEC §18.2) for `scope`'s view, or every view. */
  addHide(filter: unknown, scope: Agent | undefined): Reversible
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
  /** Runs `fn` as one change (`registry.batch`). */
  batch(fn: unknown): unknown
  /** Notes how to undo what was just done, when a batch is open (else nothing). */
  journal(undo: () => void): void
  /** Tells `tools/change` listeners (or notes the change in the open batch); the first throw propagates. */
  emitChange(scope: Agent | undefined): void
  /** Tells every `tools/change` listener (or notes the change in the open batch); throws are logged. */
  emitChangeQuietly(scope: Agent | undefined): void
}

/**
 * Announces a change that `registration` undoes: if a `tools/change` listener throws, the change
 * is rolled back, the listeners are told again, and the error reaches the caller. Inside a batch
 * the announcement waits for the batch's end, and the batch undoes the change if it fails. The
 * returned disposer removes and announces quietly.
 */
export function commitChange(
  internals: RegistryInternals,
  scope: Agent | undefined,
  registration: Reversible,
): Disposer {
  const disposer = reversibleDisposer(internals, registration, () => {
    internals.emitChangeQuietly(scope)
  })
  try {
    internals.emitChange(scope)
  } catch (error) {
    registration.remove()
    internals.emitChangeQuietly(scope)
    throw error
  }
  return disposer
}

/**
 * The disposer of a registration: the first call removes it and runs `after` (an announcement),
 * later calls do nothing. Inside a batch, both the registration and a removal are journaled, so
 * that a failed batch removes what it added and puts back what it removed, with a disposer that
 * works again.
 */
export function reversibleDisposer(
  internals: RegistryInternals,
  registration: Reversible,
  after?: () => void,
): Disposer {
  let live = true
  internals.journal(() => {
    live = false
    registration.remove()
  })
  return () => {
    if (!live) return
    live = false
    registration.remove()
    internals.journal(() => {
      live = true
      registration.restore()
    })
    after?.()
  }
}
