import type { ApprovalService } from '../approval.js'
import type {
  ExecuteWrapper,
  PostExecuteListener,
  PreExecuteListener,
  ResultObserver,
} from '../tool-events.js'
import type { ToolGuard } from '../tool-execution.js'
import type { ListenerEntry } from './compose.js'
import type { ToolLayers } from './tool-layers.js'

/** Everything of the registry that one call reads. */
export interface Pipeline {
  readonly layers: ToolLayers
  readonly approval: ApprovalService | undefined
  readonly logger: { warn(message: string, ...details: unknown[]): void }
  readonly guards: { readonly entries: readonly ListenerEntry<ToolGuard>[] }
  readonly preExecute: { readonly entries: readonly ListenerEntry<PreExecuteListener>[] }
  readonly execute: { readonly entries: readonly ListenerEntry<ExecuteWrapper>[] }
  readonly postExecute: { readonly entries: readonly ListenerEntry<PostExecuteListener>[] }
  readonly result: { readonly entries: readonly ListenerEntry<ResultObserver>[] }
}
