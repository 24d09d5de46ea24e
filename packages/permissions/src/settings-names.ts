import { isPermissionMode, permissionModes } from '@toolpipe/settings-files'
import type {
  PermissionMode,
  PermissionSettingsFile,
  SettingsSourceKind,
} from '@toolpipe/settings-files'

// The settings-file vocabulary this package exported before it moved to
// @toolpipe/settings-files, kept under its old, generic names: the same values and types.

/**
 * @deprecated Use {@link PermissionMode} (exported here and by `@toolpipe/settings-files`): the
 * same type, under a name that says what it holds.
 */
export type Mode = PermissionMode

/** @deprecated Use `permissionModes`: the same list. */
export const modes: readonly PermissionMode[] = permissionModes

/**
 * Whether `value` is one of the permission modes.
 *
 * @deprecated Use `isPermissionMode`: the same check.
 */
export function isMode(value: unknown): value is PermissionMode {
  return isPermissionMode(value)
}

/**
 * @deprecated Use {@link PermissionSettingsFile} (exported here and by
 * `@toolpipe/settings-files`): the same type.
 */
export type Settings = PermissionSettingsFile

/**
 * @deprecated Use {@link SettingsSourceKind} (exported here and by `@toolpipe/settings-files`):
 * the same type.
 */
export type SourceKind = SettingsSourceKind
