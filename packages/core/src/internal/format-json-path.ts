/**
 * Writes a JSON path the way every toolpipe message does: `.key` for identifier keys,
 * `["odd key"]` otherwise, `[i]` for array indexes, after `root`.
 *
 * @param path - the keys and indexes from the root to the place
 * @param root - what the path starts with: `$` (the default), or `''` for a bare `edits[3].path`
 * @example
 * formatJsonPath(['a', 2, 'odd key']) // '$.a[2]["odd key"]'
 * formatJsonPath(['edits', 3, 'path'], '') // 'edits[3].path'
 */
export function formatJsonPath(path: readonly (string | number)[], root = '$'): string {
  let text = root
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`
    else if (isIdentifier(segment)) text += text === '' ? segment : `.${segment}`
    else text += `[${JSON.stringify(segment)}]`
  }
  return text
}

/** `/^[A-Za-z_$][\w$]*$/`, without a regular expression: messages on the failure path write many. */
function isIdentifier(key: string): boolean {
  if (key.length === 0) return false
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index)
    const letter = (code >= 97 && code <= 122) || (code >= 65 && code <= 90)
    const digit = code >= 48 && code <= 57
    if (!(letter || code === 95 || code === 36 || (digit && index > 0))) return false
  }
  return true
}
