// `@toolpipe/permissions/internal`: what the benchmarks and the other toolpipe packages read of
// this one. The settings-file reader and watcher, the source kinds and the rule names now live in
// @toolpipe/settings-files and are re-exported here under the names they had. Not covered by
// semver: it changes with the packages using it.
export {
  describeInvalidSettings,
  lineAndColumn,
  maxSettingsFileBytes,
  nodeSettingsFileWatcher,
  parseJsonSettings,
  readSettingsFile,
  watchSettingsFile,
} from '@toolpipe/settings-files'
export type {
  FolderWatch,
  SettingsFileContent,
  SettingsFileFormat,
  SettingsFileLogger,
  SettingsFileWatch,
  SettingsFileWatcher,
  SettingsFileWatchOptions,
} from '@toolpipe/settings-files'
export {
  compareSettingsSourceKinds as compareSourceKinds,
  settingsSourceKinds as sourceKinds,
} from '@toolpipe/settings-files'
export type { SettingsSourceKind as SourceKind } from '@toolpipe/settings-files'
export { appendRules } from './persist/persist-rules.js'
export type { AppendRulesOptions } from './persist/persist-rules.js'
export type { LockClock } from './persist/settings-lock.js'
// For the benchmarks (bench/): the rule set a plugin builds from its sources.
export { buildRuleSet } from './rules/rule-set.js'
export type { LoadedSource, RuleContext, RuleSet, RuleWarning } from './rules/rule-set.js'
// For the benchmarks: the parser the judge reads lines with, timed alone as the decision's floor.
export { loadBashParser } from './shell/bash-parser.js'
export type { BashParser } from './shell/bash-parser.js'
// The same tools under Claude Code's and Gemini CLI's names (SPEC §26), for hook matchers.
export {
  canonicalRuleName,
  ruleNameAliases,
  ruleNameIn,
  ruleNamesOf,
} from '@toolpipe/settings-files'
