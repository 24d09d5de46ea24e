export type {} from './abort-signal.js'
export type { Agent } from './agent.js'
export { asCallId } from './call-id.js'
export type { CallId } from './call-id.js'
export type {
  ContentBlock,
  ContentBlockMap,
  ImageBlock,
  ReasoningBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
} from './content-block.js'
export { deepFreeze } from './deep-freeze.js'
export { HarnessError, isHarnessError } from './harness-error.js'
export type { HookContext, MessageSource } from './hook-context.js'
export { JsonSnapshotError } from './json-snapshot-error.js'
export type { JsonObject, JsonValue } from './json-value.js'
export { isSecretEnvName, scrubSecretEnv, secretEnvNamePatterns } from './secret-env.js'
export { snapshotJson } from './snapshot-json.js'
export type { SnapshotJsonOptions } from './snapshot-json.js'
export type { ToolErrorInfo } from './tool-error-info.js'
