export type { ApprovalOutcome, ApprovalRequest, ApprovalService } from './approval.js'
export { defineTool } from './define-tool.js'
export type {
  DefineToolOptions,
  DefineToolParameters,
  DefineToolReturn,
  InferToolArgs,
  InferToolInput,
} from './define-tool.js'
export type { Disposer } from './disposer.js'
export { InvalidApprovalError } from './invalid-approval-error.js'
export { InvalidContentError } from './invalid-content-error.js'
export { isCallOf } from './is-call-of.js'
export { ListenerError } from './listener-error.js'
export { OutputInvalidError } from './output-invalid-error.js'
export { createToolRegistry } from './tool-registry.js'
export type { ToolRegistry, ToolRegistryPlugin } from './tool-registry.js'
export type {
  ListenerOptions,
  ScopeOptions,
  ToolRegistryLogger,
  ToolRegistryOptions,
} from './tool-registry-options.js'
export type { ToolSession, ToolSessionSource } from './tool-session.js'
export type {
  AnthropicDeferredSchemasOptions,
  AnthropicToolSearchTool,
  DialectIssueReport,
  OpenAIResponsesDeferredSchemasOptions,
  OpenAIResponsesToolSearchTool,
  PlainSchemasOptions,
  ProviderToolSearchTool,
  SchemasDialect,
  SchemasOptions,
} from './schemas-options.js'
export type { ScopedTools } from './scoped-tools.js'
export type { ToolAnnotations } from './tool-annotations.js'
export type { ToolBatchOptions, ToolBatchResult } from './tool-batch.js'
export { ToolBlockedError } from './tool-blocked-error.js'
export { ToolCancelledError } from './tool-cancelled-error.js'
export type { ToolCancelledStage } from './tool-cancelled-error.js'
export type {
  ToolDecision,
  ToolDecisionOutcome,
  ToolDecisionSource,
  ToolDecisionStage,
} from './tool-decision.js'
export type { PostToolDecision, PreToolDecision } from './tool-decisions.js'
export type {
  ToolDefinition,
  ToolExecuteReturn,
  ToolParameters,
  ToolSchema,
  NativeToolSchema,
} from './tool-definition.js'
export type { ToolDescriptor } from './tool-descriptor.js'
export { ToolDeniedError } from './tool-denied-error.js'
export type { ToolDeniedErrorCode } from './tool-denied-error.js'
export type {
  ApprovalAnswer,
  ApprovalObserver,
  ChangeListener,
  DecisionObserver,
  ExecuteWrapper,
  PluginObserver,
  PostExecuteListener,
  PreExecuteListener,
  ProgressObserver,
  ResultObserver,
  StartObserver,
  ToolEventMap,
  ToolEventName,
  ToolListenerMap,
  ToolPluginEventMap,
  ToolPluginEventName,
} from './tool-events.js'
export type {
  ToolErrorResult,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolExecutionToken,
  ToolGuard,
  ToolSuccessResult,
} from './tool-execution.js'
export { ToolFailedError } from './tool-failed-error.js'
export { settledDecision } from './settled-decision.js'
export type { ToolProgress } from './tool-progress.js'
export { ToolNotFoundError } from './tool-not-found-error.js'
export { ToolPipelineError } from './tool-pipeline-error.js'
export type { ToolPipelineErrorCode } from './tool-pipeline-error.js'
export { ToolRegistryError } from './tool-registry-error.js'
export type { ToolRegistryErrorCode } from './tool-registry-error.js'
export type { ToolRestriction } from './tool-restriction.js'
export type { Subject, ToolRules } from './tool-rules.js'
export { shownValue } from './provided-values.js'
export type {
  PolicyContext,
  ShownValueFilter,
  ToolProvidedValueMap,
  ToolProvidedValueName,
} from './provided-values.js'
export type { ToolVisibilityFilter } from './tool-visibility-filter.js'
