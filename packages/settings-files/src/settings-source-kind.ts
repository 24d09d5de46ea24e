/**
 * Where a settings source sits (SPEC §18.3), highest precedence first: `managed` (an
 * administrator's), `cli` (given in code or on the command line), `local` (the project, this
 * person only), `project` (the project, shared), `user` (this person, every project). Permission
 * rules and hooks read the same kinds. The type is read off {@link settingsSourceKinds}, so that
 * the list and the type cannot differ.
 */
export type SettingsSourceKind = (typeof settingsSourceKinds)[number]

/** Every {@link SettingsSourceKind}, highest precedence first. */
export const settingsSourceKinds = Object.freeze([
  'managed',
  'cli',
  'local',
  'project',
  'user',
] as const)

/**
 * Sorts sources highest precedence first (a negative number when `a` is higher).
 *
 * @example
 * ['user', 'managed', 'project'].sort(compareSettingsSourceKinds) // ['managed', 'project', 'user']
 */
export function compareSettingsSourceKinds(a: SettingsSourceKind, b: SettingsSourceKind): number {
  return settingsSourceKinds.indexOf(a) - settingsSourceKinds.indexOf(b)
}
