import { writingRedirectOperators } from '../security-tables.js'

/** What a redirection operator does with its file: writes it, reads it, or neither. */
export function redirectKind(
  operator: string,
  literal: string | undefined,
): 'edit' | 'read' | undefined {
  if (operator === '>&' || operator === '<&' || operator === '>&-' || operator === '<&-') {
    // `>&2` and `>&-` duplicate or close a descriptor; `>&file` writes a file.
    if (literal !== undefined && (literal === '-' || /^[0-9]+-?$/.test(literal))) return undefined
    return operator.startsWith('<') ? undefined : 'edit'
  }
  if (operator === '<') return 'read'
  // `<>` opens the file for reading and writing: an edit (SPEC §26).
  if (writingRedirectOperators.has(operator)) return 'edit'
  return undefined
}
