import type { AbortFanOut } from '@toolpipe/core/internal'
import type { ApprovalService } from '../approval.js'
import type {
  ApprovalObserver,
  DecisionObserver,
  ExecuteWrapper,
  PluginObserver,
  PostExecuteListener,
  PreExecuteListener,
  ProgressObserver,
  ResultObserver,
  StartObserver,
} from '../tool-events.js'
import type { ToolGuard } from '../tool-execution.js'
import type { ApprovalMemory } from './approval-memory.js'
import type { DerivedNormalizers } from './derived-normalizers.js'
import type { ListenerEntry } from './compose.js'
import type { ProvidedValueStore } from './provided-value-store.js'
import type { ToolLayers } from './tool-layers.js'

/** Everything of the registry that one call reads. */
export interface Pipeline {
  readonly layers: ToolLayers
  readonly approval: ApprovalService | undefined
  /** The always-answers of each scope (SPEC §12.3). */
  readonly approvalMemory: ApprovalMemory
  /** The tools an ask with no approval service to answer it was warned about (once each). */
  readonly unanswered: Set<string>
  readonly logger: { warn(message: string, ...details: unknown[]): void }
  readonly guards: { readonly entries: readonly ListenerEntry<ToolGuard>[] }
  readonly startObservers: { readonly entries: readonly ListenerEntry<StartObserver>[] }
  readonly preExecuteListeners: { readonly entries: readonly ListenerEntry<PreExecuteListener>[] }
  readonly approvalObservers: { readonly entries: readonly ListenerEntry<ApprovalObserver>[] }
  readonly executeWrappers: { readonly entries: readonly ListenerEntry<ExecuteWrapper>[] }
  readonly progressObservers: { readonly entries: readonly ListenerEntry<ProgressObserver>[] }
  readonly postExecuteListeners: { readonly entries: readonly ListenerEntry<PostExecuteListener>[] }
  readonly resultObservers: { readonly entries: readonly ListenerEntry<ResultObserver>[] }
  readonly decisionObservers: { readonly entries: readonly ListenerEntry<DecisionObserver>[] }
  /** The observers of each plugin event (SPEC §19), by event name, made when first listened to. */
  readonly pluginObservers: ReadonlyMap<
    string,
    { readonly entries: readonly ListenerEntry<PluginObserver<unknown>>[] }
  >
  /** Step 4's null→absent step for the tools without a `normalizeArgs` of their own. */
  readonly normalizers: DerivedNormalizers
  /** One listener per caller signal for the calls that wait on an async argument check. */
  readonly cancellation: AbortFanOut
  /** The content block kinds tools may return beyond core's (`contentTypes`). */
  readonly contentTypes: ReadonlySet<string>
  /** What the plugins provide to each other (`registry.provide`): `tools/shown` is read here. */
  readonly provided: ProvidedValueStore
}
