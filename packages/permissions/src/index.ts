export type {
  CommandExplanation,
  DecisionBasis,
  ExplainedRule,
  Explanation,
  PermissionDecision,
  SubjectExplanation,
} from './explanation.js'
export { jsonlAuditLog } from './jsonl-audit-log.js'
export type { AuditLogLine, JsonlAuditLogOptions } from './jsonl-audit-log.js'
export { isMode, modes } from './mode.js'
export type { Mode } from './mode.js'
export { PermissionsError } from './permissions-error.js'
export type { PermissionsErrorCode } from './permissions-error.js'
export type {
  PermissionCodeSource,
  PermissionFileSource,
  PermissionSource,
  PermissionsOptions,
} from './permissions-options.js'
export { permissions } from './permissions.js'
export type { PermissionsPlugin } from './permissions.js'
export type { PermissionSettings, Settings } from './settings.js'
export type { SourceKind } from './source-kind.js'
