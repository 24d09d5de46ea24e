import {
  allowWrappers,
  codeChangingBuiltins,
  denyOnlyWrappers,
  inertPrograms,
  nameReadingBuiltins,
  shells,
  sourcingBuiltins,
  stringRunners,
  stringRunningPrograms,
} from '../security-tables.js'

/**
 * Whether a program is in one of the tables (SPEC §26): known to leave its words alone, or read
 * by the judge for what it runs (a wrapper, a shell, a builtin or program that runs strings).
 * A later word of any other program that names a denied program makes the command "possibly
 * denied".
 */
export function isKnownProgram(name: string): boolean {
  return (
    inertPrograms.has(name) ||
    shells.has(name) ||
    sourcingBuiltins.has(name) ||
    stringRunningPrograms.has(name) ||
    Object.hasOwn(stringRunners, name) ||
    Object.hasOwn(codeChangingBuiltins, name) ||
    Object.hasOwn(nameReadingBuiltins, name) ||
    Object.hasOwn(allowWrappers, name) ||
    Object.hasOwn(denyOnlyWrappers, name)
  )
}
