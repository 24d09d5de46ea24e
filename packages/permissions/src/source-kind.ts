/**
 * Where a source of rules sits (SPEC §18.3), highest first: `managed` (an administrator's),
 * `cli` (given in code or on the command line), `local` (the project, this person only),
 * `project` (the project, shared), `user` (this person, every project).
 */
export type SourceKind = 'managed' | 'cli' | 'local' | 'project' | 'user'

/** Every {@link SourceKind}, highest precedence first. */
export const sourceKinds: readonly SourceKind[] = Object.freeze([
  'managed',
  'cli',
  'local',
  'project',
  'user',
])

/** Sorts sources highest precedence first (a negative number when `a` is higher). */
export function compareSourceKinds(a: SourceKind, b: SourceKind): number {
  return sourceKinds.indexOf(a) - sourceKinds.indexOf(b)
}
