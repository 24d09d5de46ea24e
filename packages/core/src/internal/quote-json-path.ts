import { formatJsonPath } from './format-json-path.js'

/**
 * A place as messages name it: its path written by `formatJsonPath` without a root and put in
 * double quotes, `"edits[3].path"`, or `whole` for the root itself (`the value`, `the view`).
 * Every toolpipe message about a place in a value names it this way.
 *
 * @example
 * quoteJsonPath(['edits', 3, 'path'], 'the value') // '"edits[3].path"'
 * quoteJsonPath(['odd key'], 'the value') // '"["odd key"]"'
 * quoteJsonPath([], 'the view') // 'the view'
 */
export function quoteJsonPath(path: readonly (string | number)[], whole: string): string {
  return path.length === 0 ? whole : `"${formatJsonPath(path, '')}"`
}
