// eslint-disable-next-line @typescript-eslint/no-deprecated -- one of its overloads is; it is not
export { commandHooks } from './command-hooks.js'
export type {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- kept for the deprecated form
  CommandHooksConfig,
  CommandHooksOptions,
  HookSettingsSource,
  HookSourceKind,
} from './command-hooks-options.js'
export type { HookClock } from './hook-clock.js'
export { HookStoppedError } from './hook-stopped-error.js'
export { HooksConfigError } from './hooks-config-error.js'
export type { HooksConfigErrorCode, HooksConfigIssue } from './hooks-config-error.js'
export type {
  HookCommandSettings,
  HookEventName,
  HookMatcherSettings,
  HooksDialect,
  HooksSettings,
} from './hooks-settings.js'
