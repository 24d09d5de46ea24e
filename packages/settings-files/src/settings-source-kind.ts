/**
 * Where a settings source sits (SPEC §18.3), highest precedence first: `managed` (an
 * administrator's), `cli` (given in code or on the command line), `local` (the project, this
 * person only), `project` (the project, shared), `user` (this person, every project). Permission
 * rules and hooks read the same kinds.
 */
export type SettingsSourceKind = 'managed' | 'cli' | 'local' | 'project' | 'user'

/** Every {@link SettingsSourceKind}, highest precedence first. */
export const settingsSourceKinds: readonly SettingsSourceKind[] = Object.freeze([
  'managed',
  'cli',
  'local',
  'project',
  'user',
])

/**
 * Sorts sources highest precedence first (a negative number when `a` is higher).
 *
 * @example
 * ['user', 'managed', 'project'].sort(compareSettingsSourceKinds) // ['managed', 'project', 'user']
 */
export function compareSettingsSourceKinds(a: SettingsSourceKind, b: SettingsSourceKind): number {
  return settingsSourceKinds.indexOf(a) - settingsSourceKinds.indexOf(b)
}
