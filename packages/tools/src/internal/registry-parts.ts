import { AbortFanOut, warnSafely } from '@toolpipe/core/internal'
import type { PluginObserver, ToolEventMap, ToolEventName } from '../tool-events.js'
import type { ToolGuard } from '../tool-execution.js'
import type { ApprovalService } from '../approval.js'
import type { ToolRegistryLogger } from '../tool-registry-options.js'
import { ApprovalMemory } from './approval-memory.js'
import { readContentTypes } from './content-mistake.js'
import { DerivedNormalizers } from './derived-normalizers.js'
import { ListenerList } from './listener-list.js'
import type { Pipeline } from './pipeline.js'
import { ProvidedValueStore } from './provided-value-store.js'
import { ToolLayers } from './tool-layers.js'

/** The listeners of each built-in event, by its name. */
export type EventListeners = {
  [TEvent in ToolEventName]: ListenerList<ToolEventMap[TEvent]>
}

/**
 * What one registry holds: its tool layers, guards and listeners, which registrations add to, and
 * the {@link Pipeline} every call reads them through.
 */
export interface RegistryParts {
  readonly logger: ToolRegistryLogger
  readonly layers: ToolLayers
  readonly guards: ListenerList<ToolGuard>
  readonly listeners: EventListeners
  /** The observers of each plugin event (SPEC §19), by event name, made when first listened to. */
  readonly pluginObservers: Map<string, ListenerList<PluginObserver<unknown>>>
  readonly approvalMemory: ApprovalMemory
  readonly pipeline: Pipeline
}

/**
 * A registry's empty parts, for its options as `readRegistryOptions` read them (`contentTypes`
 * checked here).
 */
export function createRegistryParts(
  options: { readonly approval?: ApprovalService | undefined; readonly contentTypes?: unknown },
  logger: ToolRegistryLogger,
): RegistryParts {
  const layers = new ToolLayers((message, error) => {
    warnSafely(logger, message, error)
  })
  const guards = new ListenerList<ToolGuard>()
  const listeners: EventListeners = {
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
    provided: new ProvidedValueStore(),
  }
  return { logger, layers, guards, listeners, pluginObservers, approvalMemory, pipeline }
}
