export type { ApprovalOutcome, ApprovalRequest, ApprovalService } from './approval.js'
export { defineTool } from './define-tool.js'
export type { DefineToolOptions } from './define-tool.js'
export type { Disposer } from './disposer.js'
export { createToolRegistry } from './tool-registry.js'
export type {
  ListenerOptions,
  ScopeOptions,
  ToolRegistry,
  ToolRegistryLogger,
  ToolRegistryOptions,
  ToolRegistryPlugin,
} from './tool-registry.js'
export type { ScopedTools } from './scoped-tools.js'
export type { PostToolDecision, PreToolDecision } from './tool-decisions.js'
export type {
  ToolDefinition,
  ToolExecuteReturn,
  ToolParameters,
  ToolSchema,
} from './tool-definition.js'
export type {
  ChangeListener,
  ExecuteWrapper,
  PostExecuteListener,
  PreExecuteListener,
  ResultObserver,
  ToolEventMap,
  ToolEventName,
} from './tool-events.js'
export type {
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolExecutionToken,
  ToolGuard,
} from './tool-execution.js'
export { ToolNotFoundError } from './tool-not-found-error.js'
export { ToolPipelineError } from './tool-pipeline-error.js'
export type { ToolPipelineErrorCode } from './tool-pipeline-error.js'
export { ToolRegistryError } from './tool-registry-error.js'
export type { ToolRegistryErrorCode } from './tool-registry-error.js'
export type { ToolRestriction } from './tool-restriction.js'
