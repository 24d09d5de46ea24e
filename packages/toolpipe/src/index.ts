/*
 * toolpipe: the six core packages in one install. Every export is named here, so the public
 * surface is reviewable in one file; nothing is defined here. `@toolpipe/acp` is installed on its
 * own, with its peer dependency.
 */

// @toolpipe/core
export {
  asCallId,
  deepFreeze,
  HarnessError,
  isHarnessError,
  JsonSnapshotError,
  snapshotJson,
} from '@toolpipe/core'
export type {
  Agent,
  CallId,
  ContentBlock,
  ContentBlockMap,
  HookContext,
  ImageBlock,
  JsonObject,
  JsonValue,
  MessageSource,
  ReasoningBlock,
  SnapshotJsonOptions,
  TextBlock,
  ToolCallBlock,
  ToolErrorInfo,
  ToolResultBlock,
} from '@toolpipe/core'

// @toolpipe/schema
export {
  assertValidSchemaSpec,
  checkArgs,
  dialects,
  isDialect,
  jsonSchemaToProviderSchema,
  normalizeArgs,
  SchemaSpecError,
  schemaSpecToJsonSchema,
  toProviderSchema,
  ToolArgsError,
  validateArgs,
} from '@toolpipe/schema'
export type {
  AnyOfProp,
  ArgIssue,
  ArrayProp,
  BooleanProp,
  Dialect,
  DialectIssue,
  InferArgs,
  InferPropValue,
  JsonSchemaObject,
  JsonSchemaProperty,
  NumberProp,
  ObjectProp,
  ProviderJsonSchema,
  ProviderJsonSchemaProperty,
  ProviderSchemaResult,
  ReceivedKind,
  SchemaProp,
  SchemaSpec,
  SchemaSpecMistake,
  SchemaType,
  StringProp,
} from '@toolpipe/schema'

// @toolpipe/structured-output
export {
  assertSupportedOutputSchema,
  OutputSchemaError,
  validateStructuredValue,
} from '@toolpipe/structured-output'
export type {
  InferStructured,
  StructuredAnyOfNode,
  StructuredIssue,
  StructuredIssuePath,
  StructuredNodeType,
  StructuredOutputSchema,
  StructuredScalar,
  StructuredSchemaNode,
  StructuredSchemaType,
  StructuredSubschema,
} from '@toolpipe/structured-output'

// @toolpipe/presentation
export {
  appliedHunks,
  checkToolCallView,
  checkToolResultView,
  isToolCallView,
  isToolResultView,
  parseToolCallView,
  parseToolResultView,
  presentCallSafely,
  presentResultSafely,
} from '@toolpipe/presentation'
export type {
  AppliedHunksOptions,
  DiffCallView,
  DiffHunk,
  DiffResultView,
  FileDiff,
  FileLocation,
  GenericCallView,
  GenericResultView,
  PresentableTool,
  TerminalCallView,
  TerminalResultView,
  ToolCallKind,
  ToolCallView,
  ToolResult,
  ToolResultView,
  ViewIssue,
  ViewIssuePath,
} from '@toolpipe/presentation'

// @toolpipe/tools
export {
  createToolRegistry,
  defineTool,
  InvalidApprovalError,
  isCallOf,
  ListenerError,
  OutputInvalidError,
  ToolBlockedError,
  ToolCancelledError,
  ToolDeniedError,
  ToolFailedError,
  ToolNotFoundError,
  ToolPipelineError,
  ToolRegistryError,
} from '@toolpipe/tools'
export type {
  ApprovalAnswer,
  ApprovalObserver,
  ApprovalOutcome,
  ApprovalRequest,
  ApprovalService,
  ChangeListener,
  DefineToolOptions,
  DefineToolReturn,
  Disposer,
  ExecuteWrapper,
  ListenerOptions,
  PostExecuteListener,
  PostToolDecision,
  PreExecuteListener,
  PreToolDecision,
  ProgressObserver,
  ResultObserver,
  SchemasOptions,
  ScopedTools,
  ScopeOptions,
  StartObserver,
  ToolAnnotations,
  ToolBatchOptions,
  ToolBatchResult,
  ToolDefinition,
  ToolDeniedErrorCode,
  ToolDescriptor,
  ToolErrorResult,
  ToolEventMap,
  ToolEventName,
  ToolExecuteReturn,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolExecutionToken,
  ToolGuard,
  ToolParameters,
  ToolPipelineErrorCode,
  ToolProgress,
  ToolRegistry,
  ToolRegistryErrorCode,
  ToolRegistryLogger,
  ToolRegistryOptions,
  ToolRegistryPlugin,
  ToolRestriction,
  ToolSchema,
  ToolSuccessResult,
} from '@toolpipe/tools'

// @toolpipe/timeout-policy
export { timeoutPolicy, TimeoutReason, ToolTimeoutError } from '@toolpipe/timeout-policy'
export type { TimeoutClock, TimeoutPolicyOptions } from '@toolpipe/timeout-policy'
