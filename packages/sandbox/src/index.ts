export { createSandbox } from './create-sandbox.js'
export { SandboxError } from './sandbox-error.js'
export type { SandboxErrorCode } from './sandbox-error.js'
export type {
  Sandbox,
  SandboxAskRequest,
  SandboxCodeSource,
  SandboxFileSource,
  SandboxLogger,
  SandboxOptions,
  SandboxRuleView,
  SandboxRun,
  SandboxRunOptions,
  SandboxSource,
  SandboxViolation,
} from './sandbox-options.js'
export { readSandboxSettings } from './sandbox-settings.js'
export type {
  SandboxFilesystemSettings,
  SandboxNetworkSettings,
  SandboxSettings,
  SandboxSettingsReading,
} from './sandbox-settings.js'
