import type { PermissionMode } from './permission-mode.js'

/**
 * The `permissions` block of a settings file (SPEC §18.2), as Claude Code writes it. Other keys
 * of the file are kept untouched and ignored.
 */
export interface PermissionSettings {
  /** Rules whose match lets a call run without asking, e.g. `Bash(npm run test *)`. */
  readonly allow?: readonly string[] | undefined
  /** Rules whose match asks a person, even when an allow rule matches too. */
  readonly ask?: readonly string[] | undefined
  /** Rules whose match refuses the call; a bare `Name` also hides the tool. */
  readonly deny?: readonly string[] | undefined
  /** The mode for calls no rule decided; the highest source that sets one wins. */
  readonly defaultMode?: PermissionMode | undefined
  /** More folders `acceptEdits` treats as the working directory (resolved against it). */
  readonly additionalDirectories?: readonly string[] | undefined
  /** In a `managed` source: `"disable"` forbids `bypassPermissions` (it then acts as `default`). */
  readonly disableBypassPermissionsMode?: 'disable' | undefined
}

/**
 * What a settings file (`.toolpipe/settings.json`, `.claude/settings.json`, …), or settings given
 * in code, holds for the permission rules. Its other keys (`hooks`, …) are other readers'.
 */
export interface PermissionSettingsFile {
  readonly permissions?: PermissionSettings | undefined
  /** In a `managed` source: only managed rules apply; every lower source's rules are ignored. */
  readonly allowManagedPermissionRulesOnly?: boolean | undefined
}
