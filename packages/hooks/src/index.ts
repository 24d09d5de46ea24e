export { commandHooks } from './command-hooks.js'
export type {
  CommandHooksConfig,
  CommandHooksOptions,
  HookSettingsSource,
  HookSourceKind,
} from './command-hooks-config.js'
export { HookStoppedError } from './hook-stopped-error.js'
export { HooksConfigError } from './hooks-config-error.js'
export type { HooksConfigIssue } from './hooks-config-error.js'
export type {
  HookCommandSettings,
  HookEventName,
  HookMatcherSettings,
  HooksDialect,
  HooksSettings,
} from './hooks-settings.js'
