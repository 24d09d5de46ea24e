export { isPermissionMode, permissionModes } from './permission-mode.js'
export type { PermissionMode } from './permission-mode.js'
export type { PermissionSettings, PermissionSettingsFile } from './permission-settings.js'
export {
  describeInvalidSettings,
  lineAndColumn,
  maxSettingsFileBytes,
  maxSettingsNestingDepth,
  parseJsonSettings,
  readSettingsFile,
} from './read-settings-file.js'
export type { SettingsFileContent, SettingsFileFormat } from './read-settings-file.js'
export {
  canonicalRuleName,
  isKnownToolName,
  ruleNameAliases,
  ruleNameIn,
  ruleNamesOf,
} from './rule-name-aliases.js'
export type { SettingsFileClock } from './settings-file-clock.js'
export type { SettingsFileLogger } from './settings-file-logger.js'
export { nodeSettingsFileWatcher } from './settings-file-watcher.js'
export type { FolderWatch, SettingsFileWatcher } from './settings-file-watcher.js'
export { compareSettingsSourceKinds, settingsSourceKinds } from './settings-source-kind.js'
export type { SettingsSourceKind } from './settings-source-kind.js'
export { watchSettingsFile } from './watch-settings-file.js'
export type { SettingsFileWatch, SettingsFileWatchOptions } from './watch-settings-file.js'
