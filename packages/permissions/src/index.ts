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
export { PermissionsError } from './permissions-error.js'
export type { PermissionsErrorCode } from './permissions-error.js'
export type {
  PermissionCodeSource,
  PermissionFileSource,
  PermissionSource,
  PermissionsOptions,
  PermissionsSandbox,
} from './permissions-options.js'
export type { SandboxRuleView } from './internal/sandbox-rules.js'
export { permissions } from './permissions.js'
export type { PermissionsPlugin } from './permissions.js'
export { isPermissionMode, permissionModes } from '@toolpipe/settings-files'
export type {
  PermissionMode,
  PermissionSettings,
  PermissionSettingsFile,
  SettingsSourceKind,
} from '@toolpipe/settings-files'
// The same under the names exported before @toolpipe/settings-files (deprecated).
// eslint-disable-next-line @typescript-eslint/no-deprecated -- kept for the users of the old names
export { isMode, modes } from './settings-names.js'
// eslint-disable-next-line @typescript-eslint/no-deprecated -- kept for the users of the old names
export type { Mode, Settings, SourceKind } from './settings-names.js'
