import type { PermissionMode } from '@toolpipe/settings-files'
import type { HookSourceKind } from '../command-hooks-options.js'
import type { HookClock } from '../hook-clock.js'
import type { HooksDialect } from '../hooks-settings.js'
import type { HookGroup } from './hook-group.js'

/** `commandHooks`' options, checked once, with their defaults. */
export interface CommandHooksSetup {
  readonly dialect: HooksDialect
  /** Absolute. */
  readonly projectRoot: string
  readonly sessionId: string
  /** What hooks are told when no policy on the registry says the mode. */
  readonly permissionMode: PermissionMode
  readonly transcriptPath: string | undefined
  /** The hooks given in code (the `cli` source). */
  readonly codeGroups: readonly HookGroup[]
  /** Settings files, paths as given (resolved against `projectRoot` when the plugin installs). */
  readonly sources: readonly { readonly kind: HookSourceKind; readonly path: string }[]
  /** The clock given, if any (each user of time has its own default). */
  readonly clock: HookClock | undefined
  /** Hooks get the environment without the variables whose names mark secrets (SPEC §25). */
  readonly scrubEnv: boolean
}

/** The dialects, Claude Code's first (the default). */
export const hooksDialects: readonly HooksDialect[] = ['claude', 'gemini']

/** The options beside the hooks configuration, in the order they are read. */
export const runOptionNames: readonly string[] = [
  'projectRoot',
  'sessionId',
  'permissionMode',
  'transcriptPath',
  'dialect',
  'clock',
  'scrubEnv',
]
