// `@toolpipe/permissions/internal`: the settings-file source reader and watcher that
// @toolpipe/hooks shares (SPEC §18.3, §19). Not covered by semver: it changes with the packages
// using it.
export {
  describeInvalidSettings,
  lineAndColumn,
  maxSettingsFileBytes,
  parseJsonSettings,
  readSettingsFile,
} from './read-settings-file.js'
export type { SettingsFileContent, SettingsFileFormat } from './read-settings-file.js'
export { watchSettingsFile } from './settings-file-watch.js'
export { nodeSettingsFileWatcher } from './settings-file-watcher.js'
export type { FolderWatch, SettingsFileWatcher } from './settings-file-watcher.js'
export type {
  SettingsFileLogger,
  SettingsFileWatch,
  SettingsFileWatchOptions,
} from './settings-file-watch.js'
export { sourceKinds, compareSourceKinds } from '../source-kind.js'
export type { SourceKind } from '../source-kind.js'
export { appendRules } from './persist/persist-rules.js'
export type { AppendRulesOptions } from './persist/persist-rules.js'
export type { LockClock } from './persist/settings-lock.js'
// For the benchmarks (bench/): the rule set a plugin builds from its sources.
export { buildRuleSet } from './rules/rule-set.js'
export type { LoadedSource, RuleContext, RuleSet, RuleWarning } from './rules/rule-set.js'
// The same tools under Claude Code's and Gemini CLI's names (SPEC §26), for hook matchers.
export {
  canonicalRuleName,
  ruleNameAliases,
  ruleNameIn,
  ruleNamesOf,
} from './rules/rule-name-aliases.js'
