/**
 * How calls that no rule decided are answered (SPEC §18.2), as Claude Code names its permission
 * modes (a settings file's `permissions.defaultMode`, a hook's `permission_mode`):
 *
 * - `default`: ask.
 * - `acceptEdits`: files edited inside the working directory or an additional directory are
 *   allowed; anything else asks. Ask and deny rules still apply.
 * - `plan`: only tools whose annotations say `readOnly` may run (allowed when no rule matched);
 *   every other call is denied.
 * - `dontAsk`: whatever would ask is denied.
 * - `bypassPermissions`: whatever would ask is allowed; deny rules still deny.
 *
 * The type is read off {@link permissionModes}, so that the list and the type cannot differ.
 */
export type PermissionMode = (typeof permissionModes)[number]

/** Every {@link PermissionMode}, in the order of the list above. */
export const permissionModes = Object.freeze([
  'default',
  'acceptEdits',
  'plan',
  'dontAsk',
  'bypassPermissions',
] as const)

/**
 * Whether `value` is one of the {@link PermissionMode}s.
 *
 * @example
 * isPermissionMode('plan') // true
 * isPermissionMode('yolo') // false
 */
export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === 'string' && (permissionModes as readonly string[]).includes(value)
}
